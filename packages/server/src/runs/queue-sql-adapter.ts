import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Database } from '../db/database.js';

/** What pg-boss sends its SQL through (its `db` option): text, optional values, rows back. */
export interface QueueSqlAdapter {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Runs `work` holding the session advisory lock `key` on a connection of its own (PostgreSQL),
   * so processes starting at once set the queue up one after another; PGlite serves one process
   * and runs it directly.
   */
  withLock<T>(key: number, work: () => Promise<T>): Promise<T>;
}

/**
 * pg-boss's `db` adapter over the platform's own connection (SPEC Y16): the PostgreSQL pool as it
 * is, and on PGlite a shim — PGlite's `query` takes one statement, while pg-boss sends its schema
 * and maintenance scripts (several statements, no values) in one text, which `exec` runs; the rows
 * of the last statement come back. Both share the platform's one client, so no second pool opens.
 */
export function queueSqlAdapter(database: Database): QueueSqlAdapter {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.kind === 'postgres') {
    const pool = client as pg.Pool;
    return {
      executeSql: async (text, values) => {
        const result = await pool.query(text, values);
        // A multi-statement text answers an array of results; pg-boss reads the last one's rows.
        const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult | undefined) : result;
        return { rows: last?.rows ?? [] };
      },
      withLock: async (key, work) => {
        const connection = await pool.connect();
        try {
          await connection.query('select pg_advisory_lock($1)', [key]);
          try {
            return await work();
          } finally {
            await connection.query('select pg_advisory_unlock($1)', [key]);
          }
        } finally {
          connection.release();
        }
      },
    };
  }
  const lite = client as PGlite;
  return {
    executeSql: async (text, values) => {
      if (values !== undefined && values.length > 0) {
        const result = await lite.query(text, values);
        return { rows: result.rows };
      }
      const results = await lite.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
    withLock: (_key, work) => work(),
  };
}
