import { randomUUID } from 'node:crypto';
import type { FakeModelServer } from '@skilldock/agent/testing';
import { createApiToken, hashPassword, type SkilldockServer, schema } from '@skilldock/server';

/** What the runs benchmarks start runs with: the seeded user and agent, and `start(prompt)`. */
export interface SeededRuns {
  readonly userId: string;
  readonly agentId: string;
  /** Creates a conversation and starts a run in it over the API; resolves with the run's id. */
  start(prompt: string): Promise<string>;
}

/**
 * A user, a token, the fake provider and an agent with the `ls` tool on `server`; the admins' run
 * limits let the user run `runsPerUser` runs at once (default the platform's 2).
 */
export async function seedRuns(
  server: SkilldockServer,
  model: FakeModelServer,
  { runsPerUser }: { readonly runsPerUser?: number } = {},
): Promise<SeededRuns> {
  const { db } = server.database;
  if (runsPerUser !== undefined)
    await db.insert(schema.settings).values({
      key: 'runs.limits',
      value: { timeLimitSeconds: 1800, maxTurns: 100, maxConcurrentRunsPerUser: runsPerUser },
    });
  const userId = randomUUID();
  await db.insert(schema.users).values({
    id: userId,
    username: 'bench-user',
    displayName: 'bench',
    role: 'user',
    passwordHash: await hashPassword('bench-password-1', { N: 2 ** 10, r: 8, p: 1 }),
  });
  const { token } = await createApiToken(db, { userId, name: 'bench', access: 'read-write' });
  await db.insert(schema.modelProviders).values({
    id: 'fake',
    protocol: 'openai',
    baseUrl: model.openaiBaseUrl,
    models: ['fake-model'],
    defaultModel: 'fake-model',
  });
  const agentId = randomUUID();
  await db
    .insert(schema.agents)
    .values({ id: agentId, name: 'bench', model: 'fake:fake-model', tools: ['ls'], ownerId: userId });
  const call = async (path: string, json: unknown) => {
    const response = await server.app.request(path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(json),
    });
    if (response.status >= 300)
      throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { conversation?: { id: string }; run?: { id: string } };
  };
  return {
    userId,
    agentId,
    start: async (prompt) => {
      const { conversation } = await call('/api/conversations', { agentId });
      const { run } = await call(`/api/conversations/${conversation!.id}/runs`, { prompt });
      return run!.id;
    },
  };
}
