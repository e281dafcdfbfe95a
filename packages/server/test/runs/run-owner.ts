import { agents, users } from '../../src/db/schema.js';
import type { Database } from '../../src/index.js';

/** Inserts the user `u1` (alice) and the agent `a1` (helper) that the run rows of these tests belong to. */
export async function insertRunOwner(database: Database): Promise<void> {
  await database.db
    .insert(users)
    .values({ id: 'u1', username: 'alice', displayName: 'Alice', role: 'user', passwordHash: 'x' });
  await database.db.insert(agents).values({ id: 'a1', name: 'helper' });
}
