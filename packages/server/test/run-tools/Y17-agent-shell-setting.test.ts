/** SPEC Y17 over HTTP: only admins turn an agent's shell on and give it the network; runs read both. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentConfig } from '../../src/agents/agent-config.js';
import { checkAgentConfig } from '../../src/agents/check-agent-config.js';
import { agentShellSetting } from '../../src/run-tools/index.js';
import { loadViewer } from '../../src/testing.js';
import { addPerson, openContentApp, type TestPerson } from '../support/skill-content-fixtures.js';
import { TEST_BACKENDS } from '../support/test-databases.js';

describe.each(TEST_BACKENDS)('Y17 agent shell setting on $name', (backend) => {
  let started: Awaited<ReturnType<typeof openContentApp>>;
  let admin: TestPerson;
  let user: TestPerson;
  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    started = await openContentApp(await backend.openMigrated(), 'y17-agent-shell');
    admin = await addPerson(started.server, 'shell-admin', 'admin');
    user = await addPerson(started.server, 'shell-user', 'user');
  });
  afterAll(async () => {
    if (backend.skip === undefined) await started.close();
  });

  it.skipIf(backend.skip)(
    'Y17 an agent has no network by default, and an admin may allow it with the shell',
    async () => {
      const plain = await admin.client.request('POST', '/api/agents', {
        json: { name: 'plain', tools: ['shell'] },
      });
      expect(plain.status).toBe(201);
      expect(plain.body.agent.shellNetwork).toBe(false);
      expect(agentShellSetting(plain.body.agent)).toEqual({ enabled: true, network: false });
      const networked = await admin.client.request('PATCH', `/api/agents/${plain.body.agent.id}`, {
        json: { shellNetwork: true },
      });
      expect(networked.status).toBe(200);
      expect(agentShellSetting(networked.body.agent)).toEqual({ enabled: true, network: true });
      const read = await admin.client.request('GET', `/api/agents/${plain.body.agent.id}`);
      expect(read.body.agent.shellNetwork).toBe(true);
    },
  );

  it.skipIf(backend.skip)(
    'Y17 the network needs the shell (422), and a user may not allow it (403)',
    async () => {
      const without = await admin.client.request('POST', '/api/agents', {
        json: { name: 'no shell', shellNetwork: true },
      });
      expect(without.status).toBe(422);
      expect(without.body.error).toMatchObject({ code: 'agent_invalid', details: { field: 'shellNetwork' } });
      const mine = await user.client.request('POST', '/api/agents', { json: { name: 'mine' } });
      expect(mine.status).toBe(201);
      expect(agentShellSetting(mine.body.agent)).toEqual({ enabled: false, network: false });
      const refused = await user.client.request('PATCH', `/api/agents/${mine.body.agent.id}`, {
        json: { tools: ['shell'], shellNetwork: true },
      });
      expect(refused.status).toBe(403);
      // A user editing an agent whose shell an admin enabled still may not add the network.
      const viewer = (await loadViewer(started.server.database.db, user.id))!;
      const config: AgentConfig = {
        name: 'shared',
        description: '',
        systemPrompt: '',
        model: 'inherit',
        skills: [],
        preloadSkills: [],
        tools: ['shell'],
        mcpServers: [],
        subagents: [],
        shellNetwork: false,
      };
      const previous = { ...config, id: mine.body.agent.id };
      await expect(
        checkAgentConfig(started.server.database.db, viewer, config, previous),
      ).resolves.toBeUndefined();
      await expect(
        checkAgentConfig(started.server.database.db, viewer, { ...config, shellNetwork: true }, previous),
      ).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    },
  );

  it.skipIf(backend.skip)('Y17 a shell that is off never has the network, whatever the flag says', () => {
    expect(agentShellSetting({ tools: ['read_file'], shellNetwork: true })).toEqual({
      enabled: false,
      network: false,
    });
  });
});
