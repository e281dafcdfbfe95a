import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type AgentWorkspace, type McpServerToApprove, openWorkspace } from '../../src/workspace/index.js';
import {
  MCP_TEST_SERVER,
  makeWorkspaceFolders,
  type WorkspaceFolders,
  writeSettings,
  writeSkill,
} from './workspace-folders.js';

const ENV = { OPENAI_API_KEY: 'test-key', PATH: process.env.PATH ?? '' };
const projectServer = (label: string) => ({ command: process.execPath, args: [MCP_TEST_SERVER, label] });

describe('openWorkspace', () => {
  let folders: WorkspaceFolders;
  const opened: AgentWorkspace[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((workspace) => workspace.close()));
    await folders.cleanup();
  });
  const open = async (options: Omit<Parameters<typeof openWorkspace>[0], 'cwd' | 'home'> = {}) => {
    const workspace = await openWorkspace({
      cwd: path.join(folders.project, 'src'),
      home: folders.home,
      env: ENV,
      ...options,
    });
    opened.push(workspace);
    return workspace;
  };
  const skillIds = (workspace: AgentWorkspace) => workspace.watcher.snapshot?.skills.map((skill) => skill.id);
  const toolNames = (workspace: AgentWorkspace) => workspace.tools.map((tool) => tool.name);

  /** A project that brings a skill, a model and an MCP server; the user has a skill and a model. */
  const plantProject = async () => {
    folders = await makeWorkspaceFolders();
    await writeSkill(folders.project, 'project-skill', 'A project skill. Use when testing trust.');
    await writeSkill(folders.home, 'personal-skill', 'A personal skill. Use when testing trust.');
    await writeSettings(folders.home, { models: { default: 'openai:user-model' } });
    await writeSettings(folders.project, {
      models: { default: 'openai:project-model' },
      mcpServers: { project: projectServer('project') },
    });
  };

  it('D2 an untrusted workspace takes no skills, model or MCP servers from the project, and says so', async () => {
    await plantProject();
    const workspace = await open();
    expect(workspace.projectRoot).toBe(folders.project);
    expect(workspace.trusted).toBe(false);
    expect(workspace.model.label).toBe('openai:user-model');
    expect(skillIds(workspace)).toEqual(['personal-skill']);
    expect(toolNames(workspace).some((name) => name.startsWith('mcp__'))).toBe(false);
    expect(workspace.settings.mcpServers).toBeUndefined();
    expect(workspace.notices).toEqual([
      {
        code: 'workspace_untrusted',
        message: expect.stringContaining(
          'project skills and subagents, and project MCP servers (project) were not loaded',
        ),
      },
    ]);
  });

  it('D2 trust: true (and SKILLDOCK_TRUST=1) take the project model and skills for this process only', async () => {
    await plantProject();
    for (const options of [{ trust: true }, { env: { ...ENV, SKILLDOCK_TRUST: '1' } }]) {
      const workspace = await open(options);
      expect(workspace.trusted).toBe(true);
      expect(workspace.model.label).toBe('openai:project-model');
      expect(skillIds(workspace)).toEqual(['personal-skill', 'project-skill']);
      // Trust alone starts no project MCP server: that entry needs its own approval (SEC2).
      expect(workspace.notices.map((notice) => notice.code)).toEqual(['mcp_server_unapproved']);
    }
    expect(existsSync(path.join(folders.home, '.skilldock', 'trusted.json'))).toBe(false);
    expect((await open()).trusted).toBe(false);
  });

  it('D2 askTrust is asked only when the project has something to trust; a yes is remembered', async () => {
    folders = await makeWorkspaceFolders();
    await writeSettings(folders.home, { models: { default: 'openai:user-model' } });
    const asked: string[] = [];
    const askTrust = async (root: string) => {
      asked.push(root);
      return true;
    };
    expect((await open({ askTrust })).trusted).toBe(false);
    expect(asked).toEqual([]);

    await writeSkill(folders.project, 'project-skill', 'A project skill. Use when testing trust.');
    const workspace = await open({ askTrust });
    expect(asked).toEqual([folders.project]);
    expect(workspace.trusted).toBe(true);
    expect(skillIds(workspace)).toEqual(['project-skill']);
    expect(workspace.notices).toEqual([]);
    expect((await open()).trusted).toBe(true);
  });

  it('SEC2 a project MCP server starts only once that exact entry is approved; a changed entry asks again', async () => {
    await plantProject();
    const flagged = await open({ trust: true, approveMcp: ['project'] });
    expect(toolNames(flagged)).toContain('mcp__project__echo');
    expect(flagged.notices).toEqual([]);
    const typo = await open({ trust: true, approveMcp: ['projct'] });
    expect(typo.notices.map((notice) => notice.code)).toEqual([
      'mcp_server_unapproved',
      'mcp_server_unknown',
    ]);

    const asked: McpServerToApprove[] = [];
    const askMcpApproval = async (server: McpServerToApprove) => {
      asked.push(server);
      return true;
    };
    const approved = await open({ trust: true, askMcpApproval });
    expect(asked.map(({ name, description }) => ({ name, description }))).toEqual([
      { name: 'project', description: `runs ${process.execPath} ${MCP_TEST_SERVER} project` },
    ]);
    expect(toolNames(approved)).toContain('mcp__project__echo');
    // Remembered by content hash: no callback, still started.
    expect(toolNames(await open({ trust: true }))).toContain('mcp__project__echo');

    await writeSettings(folders.project, { mcpServers: { project: projectServer('changed') } });
    const changed = await open({ trust: true });
    expect(toolNames(changed)).not.toContain('mcp__project__echo');
    expect(changed.notices.map((notice) => notice.code)).toEqual(['mcp_server_unapproved']);
  });

  it('SEC3 the configured secrets are collected for scrubbing and kept out of the shell environment', async () => {
    folders = await makeWorkspaceFolders();
    await writeSettings(folders.home, { models: { default: 'openai:user-model' } });
    const secret = 'sk-workspace-secret-0123456789';
    const workspace = await open({ env: { ...ENV, OPENAI_API_KEY: secret } });
    expect([...workspace.secrets.values()]).toContain(secret);
    const shell = workspace.tools.find((tool) => tool.name === 'shell');
    expect(shell).toBeDefined();
    const result = await shell!.execute(
      { command: 'env' },
      {
        cwd: folders.project,
        readOnlyRoots: [],
        signal: new AbortController().signal,
        reportFiles: () => {},
      },
    );
    expect(result.content).not.toContain(secret);
    expect(result.content).toContain('PATH=');
  });
});
