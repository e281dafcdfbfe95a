/**
 * The set-up of the "save a run folder as a personal skill" suites (fast and integration tiers): an
 * install-test server with two users and an agent, runs whose work folders hold given files, and the
 * save request.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../../src/index.js';
import { schema } from '../../src/index.js';
import { createRunWorkFolder } from '../../src/run-tools/index.js';
import type { TestClient } from '../support/test-client.js';
import { createAccount, type InstallTestServer, startInstallServer } from './install-fixtures.js';

export interface SaveRunSkillSetup {
  readonly setup: InstallTestServer;
  readonly alice: { id: string; client: TestClient };
  readonly bob: { id: string; client: TestClient };
  /** Alice's agent, which every run belongs to. */
  readonly agentId: string;
  /** A run of `userId` with `status`, its work folder holding `files` (a Buffer or text each). */
  runWith(
    userId: string,
    files: Record<string, string | Buffer>,
    status?: 'completed' | 'running',
  ): Promise<{ id: string; workFolder: string }>;
  /** `POST /api/runs/{runId}/files/save-as-skill` for `folder`, as `client`. */
  save(client: TestClient, runId: string, folder: string): ReturnType<TestClient['request']>;
  /** Where `userId`'s personal skill `id` is installed. */
  personalSkill(userId: string, id: string): string;
}

/** Starts the server on `database` with users alice and bob and an agent of alice's. */
export async function startSaveRunSkillServer(database: Database): Promise<SaveRunSkillSetup> {
  const setup = await startInstallServer(database);
  const alice = await createAccount(setup, 'alice', 'user');
  const bob = await createAccount(setup, 'bob', 'user');
  const agentId = crypto.randomUUID();
  const { db } = setup.server.database;
  await db.insert(schema.agents).values({ id: agentId, name: 'Maker', ownerId: alice.id });
  return {
    setup,
    alice,
    bob,
    agentId,
    async runWith(userId, files, status = 'completed') {
      const conversationId = crypto.randomUUID();
      await db.insert(schema.conversations).values({ id: conversationId, userId, agentId });
      const id = crypto.randomUUID();
      await db
        .insert(schema.runs)
        .values({ id, conversationId, userId, agentId, prompt: 'make a skill', status });
      const workFolder = await createRunWorkFolder(setup.dataDir, id);
      for (const [name, content] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(workFolder, name)), { recursive: true });
        await writeFile(path.join(workFolder, name), content);
      }
      return { id, workFolder };
    },
    save: (client, runId, folder) =>
      client.request('POST', `/api/runs/${runId}/files/save-as-skill`, { json: { folder } }),
    personalSkill: (userId, id) => path.join(setup.dataDir, 'workspaces', userId, 'agents/skills', id),
  };
}
