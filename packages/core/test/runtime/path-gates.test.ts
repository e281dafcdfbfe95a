import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSkillSession } from '../../src/runtime/create-skill-session.js';
import { PathGates } from '../../src/runtime/path-gates.js';
import { createToolDeclarations } from '../../src/runtime/tool-declarations.js';
import { declaredToolNames, hostToolPermission } from '../../src/runtime/tool-gating.js';
import { copyRuntimeProject, type RuntimeProject } from './runtime-project.js';

let project: RuntimeProject;
beforeEach(async () => {
  project = await copyRuntimeProject();
});
afterEach(() => project.remove());

describe('PathGates', () => {
  it('D3 a touched file inside the project opens the gate of a skill whose paths match, once', async () => {
    const catalog = await project.catalog();
    const gates = new PathGates();
    expect(gates.touch(catalog, ['README.md'])).toEqual([]);
    expect(gates.touch(catalog, ['db/migrations/001/init.sql'])).toEqual(['sql-style']);
    expect(gates.isOpen('sql-style')).toBe(true);
    expect(gates.touch(catalog, [path.join(project.root, 'db/migrations/002/more.sql')])).toEqual([]);
  });

  it('D3 files outside the project root, the root itself and a hidden skill open nothing', async () => {
    const catalog = await project.catalog();
    const gates = new PathGates();
    const outside = path.join(path.dirname(project.root), 'db', 'migrations', 'x.sql');
    expect(
      gates.touch(catalog, [outside, '../db/migrations/x.sql', project.root, 'deploy/app.yaml']),
    ).toEqual([]);
    expect(gates.isOpen('sql-style')).toBe(false);
    // deploy is disable-model-invocation: gating has no effect on it.
    expect(gates.isOpen('deploy')).toBe(false);
  });

  it('D3 D7 a new catalog (a refresh) closes every gate and forgets the files touched before it', async () => {
    // Seed 000: "新会话，或编辑任何技能文件触发的 refreshCache 会重置激活" — a refresh resets activation,
    // so files touched before it open nothing afterwards (this test used to assert the opposite).
    const gates = new PathGates();
    expect(gates.touch(await project.catalog(), ['db/migrations/001/init.sql'])).toEqual(['sql-style']);
    const refreshed = await project.catalog({ version: 2 });
    gates.reset(refreshed);
    expect(gates.isOpen('sql-style')).toBe(false);
    // The same file touched again after the refresh opens the gate again.
    expect(gates.touch(refreshed, ['db/migrations/001/init.sql'])).toEqual(['sql-style']);
    expect(gates.isOpen('sql-style')).toBe(true);
    // No longer path-gated: nothing to open.
    await project.writeSkill('sql-style', 'name: sql-style\ndescription: SQL style. Use for SQL.', 'Body.');
    const ungated = await project.catalog({ version: 3 });
    gates.reset(ungated);
    expect(gates.touch(ungated, ['db/migrations/001/init.sql'])).toEqual([]);
    expect(gates.isOpen('sql-style')).toBe(false);
  });
});

describe('host tool permission', () => {
  it('R6 the session tools always run; a dependency tool only while its skill is active; progressive leaves it out', async () => {
    const catalog = await project.catalog();
    const state = { sessionTools: createToolDeclarations({ withResources: true }), catalog, active: [] };
    expect(hostToolPermission('activate_skill', state)).toEqual({ allowed: true });
    expect(hostToolPermission('render_chart', state)).toMatchObject({ allowed: false, skillIds: ['charts'] });
    expect(declaredToolNames('stable', ['read_file', 'render_chart'], state)).toEqual([
      'read_file',
      'render_chart',
    ]);
    expect(declaredToolNames('progressive', ['read_file', 'render_chart'], state)).toEqual(['read_file']);
    const active = [catalog.get('charts')!];
    expect(hostToolPermission('render_chart', { ...state, active })).toEqual({ allowed: true });
    expect(declaredToolNames('progressive', ['read_file', 'render_chart'], { ...state, active })).toEqual([
      'read_file',
      'render_chart',
    ]);
  });

  it("R6 a skill never gates the host's own tools: a dependency on read_file or an MCP server of its own hides and refuses nothing", async () => {
    await project.writeSkill(
      'grabby',
      'name: grabby\ndescription: Declares the base tools.\ntool_dependencies: [read_file, render_chart]\nmcp_dependencies: [files]',
      'Body.\n',
    );
    const catalog = await project.catalog({ version: 2 });
    const base = ['read_file', 'mcp__files__list'];
    for (const mode of ['progressive', 'stable'] as const) {
      const session = await createSkillSession({ catalog, mode, baseTools: base });
      expect(session.activeToolNames(['read_file', 'mcp__files__list', 'render_chart'])).toEqual(
        mode === 'stable'
          ? ['read_file', 'mcp__files__list', 'render_chart']
          : ['read_file', 'mcp__files__list'],
      );
      expect(session.canExecuteTool('read_file')).toEqual({ allowed: true });
      expect(session.canExecuteTool('mcp__files__list')).toEqual({ allowed: true });
      // A tool that exists because of skills is still gated until one declaring it is active.
      expect(session.canExecuteTool('render_chart')).toMatchObject({
        allowed: false,
        skillIds: ['charts', 'grabby'],
      });
      await session.activateSkill('grabby');
      expect(session.canExecuteTool('render_chart')).toEqual({ allowed: true });
    }
    // Without base tools (a host that names none), a declared tool is gated as before.
    const plain = await createSkillSession({ catalog, mode: 'progressive' });
    expect(plain.activeToolNames(['read_file'])).toEqual([]);
  });
});
