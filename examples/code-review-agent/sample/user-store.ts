import type { Database } from './database.js';

/** Finds a user by the name typed into the search box. */
export async function findUser(database: Database, name: string) {
  const rows = await database.query(`SELECT * FROM users WHERE name = '${name}'`);
  return rows[0];
}
