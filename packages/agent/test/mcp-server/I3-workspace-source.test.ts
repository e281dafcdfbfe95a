import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AgentWorkspace, openWorkspace } from '../../src/workspace/index.js';
import {
  type ConnectedClient,
  connectClient,
  type Folders,
  makeFolders,
  writeSkill,
} from './mcp-server-folders.js';

const ENV = {
  OPENAI_API_KEY: 'test-key',
  SKILLDOCK_MODEL: 'openai:test-model',
  PATH: process.env.PATH ?? '',
};

describe('I3 a skills MCP server over an open workspace (a harness, the platform)', () => {
  let folders: Folders;
  let workspace: AgentWorkspace | undefined;
  let connected: ConnectedClient | undefined;
  beforeEach(async () => {
    folders = await makeFolders();
  });
  afterEach(async () => {
    await connected?.close();
    await workspace?.close();
    await folders.cleanup();
  });

  it('I3 serves the workspace catalog and sees a change at the next request, announced with list_changed', async () => {
    await writeSkill(folders.project, 'first');
    workspace = await openWorkspace({ cwd: folders.project, home: folders.home, env: ENV, trust: true });
    connected = await connectClient({ workspace });
    const { client } = connected;
    expect(client.getInstructions()).toContain('first');
    const changed = connected.next('notifications/resources/list_changed');
    await writeSkill(folders.project, 'second');
    // The workspace has no file watcher: the request itself rediscovers, then answers.
    const resources = await client.listResources();
    expect(resources.resources.map((resource) => resource.uri)).toContain('skill://second/SKILL.md');
    await changed;
    expect(connected.server.catalog.get('second')).toBeDefined();
  });

  it('D2 an untrusted workspace keeps its project skills out of the server', async () => {
    await writeSkill(folders.project, 'project-only');
    workspace = await openWorkspace({ cwd: folders.project, home: folders.home, env: ENV });
    connected = await connectClient({ workspace });
    expect(connected.server.trusted).toBe(false);
    expect((await connected.client.listPrompts()).prompts).toEqual([]);
  });
});
