import { sql } from 'drizzle-orm';
import type { Viewer } from '../auth/principal.js';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { HttpError } from '../http/http-error.js';
import { type AgentAction, canOnAgent } from '../policy/agent-access.js';
import { type AgentRecord, loadAgentRecord } from './agent-records.js';

/**
 * The agent `id` when the viewer may do `action` to it (SPEC Y3): 404 `not_found` when it may not
 * read it (or there is none), 403 `forbidden` when it may read it only.
 */
export async function agentFor(
  db: SkilldockDatabase | SkilldockTransaction,
  viewer: Viewer,
  id: string,
  action: AgentAction,
): Promise<AgentRecord> {
  const record = await loadAgentRecord(db, id);
  if (record === null || !canOnAgent(viewer, 'read', record.access))
    throw new HttpError(404, 'not_found', 'No such agent');
  if (!canOnAgent(viewer, action, record.access))
    throw new HttpError(403, 'forbidden', `You may not ${action} this agent`);
  return record;
}

/** Locks the agent's row until the transaction ends, so its changes (and its bound skill's) go one at a time. */
export async function lockAgent(tx: SkilldockTransaction, id: string): Promise<void> {
  await tx.execute(sql`select 1 from agents where id = ${id} for update`);
}
