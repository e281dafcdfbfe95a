import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSkillSession } from '../../src/runtime/create-skill-session.js';
import { copyRuntimeProject, type RuntimeProject } from './runtime-project.js';

let project: RuntimeProject;
beforeEach(async () => {
  project = await copyRuntimeProject();
});
afterEach(() => project.remove());

const HOST_TOOLS = [
  'read_file',
  'shell',
  'render_chart',
  'mcp__github__list_issues',
  'mcp__github__close_issue',
  'mcp__gitlab__x',
];

describe('tool gating', () => {
  it('R6 stable: declarations never change, execution of a dependency tool is refused until its skill is active', async () => {
    const session = await createSkillSession({ catalog: await project.catalog(), mode: 'stable' });
    expect(session.activeToolNames(HOST_TOOLS)).toEqual(HOST_TOOLS);
    expect(session.canExecuteTool('render_chart')).toEqual({
      allowed: false,
      skillIds: ['charts'],
      reason:
        'The tool render_chart can only be used while the skill charts is active. Call activate_skill first.',
    });
    await session.handleToolCall('activate_skill', { name: 'charts' });
    expect(session.canExecuteTool('render_chart')).toEqual({ allowed: true });
    expect(session.activeToolNames(HOST_TOOLS)).toEqual(HOST_TOOLS);
  });

  it('R6 progressive: dependency tools are absent until activation, then present from the next request', async () => {
    const session = await createSkillSession({ catalog: await project.catalog(), mode: 'progressive' });
    expect(session.activeToolNames(HOST_TOOLS)).toEqual(['read_file', 'mcp__gitlab__x']);
    await session.handleToolCall('activate_skill', { name: 'github-triage' });
    expect(session.activeToolNames(HOST_TOOLS)).toEqual([
      'read_file',
      'shell',
      'mcp__github__list_issues',
      'mcp__github__close_issue',
      'mcp__gitlab__x',
    ]);
    expect(session.tools.map((tool) => tool.name)).toEqual(['activate_skill', 'read_skill_resource']);
  });

  it('R6 progressive: filterTools keeps declaration objects of the tools that may be declared', async () => {
    const session = await createSkillSession({ catalog: await project.catalog(), mode: 'progressive' });
    const hostTools = HOST_TOOLS.map((name) => ({ type: 'function', function: { name } }));
    const names = (tools: typeof hostTools) => tools.map((tool) => tool.function.name);
    expect(names(session.filterTools(hostTools, (tool) => tool.function.name))).toEqual([
      'read_file',
      'mcp__gitlab__x',
    ]);
    await session.handleToolCall('activate_skill', { name: 'charts' });
    expect(names(session.filterTools(hostTools, (tool) => tool.function.name))).toEqual([
      'read_file',
      'render_chart',
      'mcp__gitlab__x',
    ]);
  });

  it('R6 an MCP dependency gates every mcp__<server>__* tool and nothing of another server', async () => {
    const session = await createSkillSession({ catalog: await project.catalog() });
    expect(session.canExecuteTool('mcp__github__close_issue')).toMatchObject({
      allowed: false,
      skillIds: ['github-triage'],
    });
    expect(session.canExecuteTool('mcp__github_enterprise__x')).toEqual({ allowed: true });
    expect(session.canExecuteTool('mcp__gitlab__x')).toEqual({ allowed: true });
  });

  it('R6 tools no skill declares, and the session tools, always run', async () => {
    const session = await createSkillSession({ catalog: await project.catalog() });
    expect(session.canExecuteTool('read_file')).toEqual({ allowed: true });
    expect(session.canExecuteTool('activate_skill')).toEqual({ allowed: true });
  });

  it('R6 a refused or unknown activation unlocks nothing, in either mode', async () => {
    for (const mode of ['stable', 'progressive'] as const) {
      const session = await createSkillSession({ catalog: await project.catalog(), mode });
      await session.handleToolCall('activate_skill', { name: 'chart' });
      expect(session.canExecuteTool('render_chart').allowed).toBe(false);
    }
  });

  it('R6 a dependency activated through skill_dependencies unlocks its tools too', async () => {
    const session = await createSkillSession({ catalog: await project.catalog(), mode: 'progressive' });
    await session.handleToolCall('activate_skill', { name: 'report' });
    expect(session.activeToolNames(HOST_TOOLS)).toContain('render_chart');
  });

  it('R6 R7 a removed skill is deactivated and announced; a tool no remaining skill declares is no longer gated', async () => {
    const session = await createSkillSession({ catalog: await project.catalog(), mode: 'progressive' });
    await session.handleToolCall('activate_skill', { name: 'charts' });
    const { rm } = await import('node:fs/promises');
    await rm(`${project.skillsDirectory}/charts`, { recursive: true });
    await rm(`${project.skillsDirectory}/report`, { recursive: true });
    session.updateCatalog(await project.catalog({ version: 2 }));
    expect(session.canExecuteTool('render_chart')).toEqual({ allowed: true });
    expect(session.isActive('charts')).toBe(false);
    expect(session.drainSignals()).toEqual([
      'The skill charts is no longer available.',
      'The skill report is no longer available.',
    ]);
  });
});
