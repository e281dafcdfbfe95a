import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planSkillTargets } from '../../../src/install/targets/plan-skill-targets.js';
import { resolveAgentSelection } from '../../../src/install/targets/resolve-agent-selection.js';
import { resolveInstallMode } from '../../../src/install/targets/resolve-install-mode.js';

let base: string;
let projectRoot: string;
let home: string;
beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'skilldock-plan-'));
  projectRoot = path.join(base, 'project');
  home = path.join(base, 'home');
  mkdirSync(projectRoot, { recursive: true });
  mkdirSync(home, { recursive: true });
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const environment = () => ({ projectRoot, home, env: {} });

describe('planSkillTargets', () => {
  it('P7 symlink mode: the shared folder holds the copy, Claude Code gets a link, universal agents share it', () => {
    const plan = planSkillTargets('pdf', {
      scope: 'project',
      environment: environment(),
      agents: ['claude-code', 'codex', 'cursor'],
      mode: 'symlink',
    });
    expect(plan.placements).toEqual([
      {
        path: path.join(projectRoot, '.agents/skills/pdf'),
        kind: 'directory',
        agents: ['universal', 'codex', 'cursor'],
      },
      {
        path: path.join(projectRoot, '.claude/skills/pdf'),
        kind: 'link',
        target: path.join(projectRoot, '.agents/skills/pdf'),
        agents: ['claude-code'],
      },
    ]);
    expect(plan.skipped).toEqual([]);
  });

  it('P7 symlink mode skips a project agent whose top folder is missing, like the skills CLI', () => {
    const skipped = planSkillTargets('pdf', {
      scope: 'project',
      environment: environment(),
      agents: ['qwen-code'],
      mode: 'symlink',
    });
    expect(skipped.placements.map((placement) => placement.kind)).toEqual(['directory']);
    expect(skipped.skipped).toEqual([{ agent: 'qwen-code', reason: '.qwen does not exist in the project' }]);
    mkdirSync(path.join(projectRoot, '.qwen'));
    const linked = planSkillTargets('pdf', {
      scope: 'project',
      environment: environment(),
      agents: ['qwen-code'],
      mode: 'symlink',
    });
    expect(linked.placements[1]).toMatchObject({
      path: path.join(projectRoot, '.qwen/skills/pdf'),
      kind: 'link',
    });
  });

  it('P7 copy mode gives every distinct folder its own copy', () => {
    const plan = planSkillTargets('pdf', {
      scope: 'project',
      environment: environment(),
      agents: ['claude-code', 'codex', 'gemini-cli', 'qoder', 'qoder-cn'],
      mode: 'copy',
    });
    expect(plan.placements).toEqual([
      { path: path.join(projectRoot, '.claude/skills/pdf'), kind: 'directory', agents: ['claude-code'] },
      {
        path: path.join(projectRoot, '.agents/skills/pdf'),
        kind: 'directory',
        agents: ['codex', 'gemini-cli'],
      },
      { path: path.join(projectRoot, '.qoder/skills/pdf'), kind: 'directory', agents: ['qoder', 'qoder-cn'] },
    ]);
  });

  it('P7 global scope uses ~/.agents/skills for universal agents and the agent home for others', () => {
    const plan = planSkillTargets('pdf', {
      scope: 'global',
      environment: { projectRoot, home, env: { CLAUDE_CONFIG_DIR: path.join(base, 'claude') } },
      agents: ['claude-code', 'codex', 'eve'],
      mode: 'symlink',
    });
    expect(plan.placements).toEqual([
      { path: path.join(home, '.agents/skills/pdf'), kind: 'directory', agents: ['universal', 'codex'] },
      {
        path: path.join(base, 'claude/skills/pdf'),
        kind: 'link',
        target: path.join(home, '.agents/skills/pdf'),
        agents: ['claude-code'],
      },
    ]);
    expect(plan.skipped).toEqual([{ agent: 'eve', reason: 'Eve has no global skills folder' }]);
  });
});

describe('resolveAgentSelection', () => {
  it('P7 defaults to the detected agents plus the shared folder, or only the shared folder', () => {
    expect(resolveAgentSelection(undefined, environment())).toEqual(['universal']);
    mkdirSync(path.join(home, '.claude'));
    mkdirSync(path.join(home, '.qwen'));
    expect(resolveAgentSelection(undefined, environment())).toEqual([
      'claude-code',
      'qwen-code',
      'universal',
    ]);
  });

  it("P7 '*' is every agent and an unknown id is an error listing the valid ones", () => {
    expect(resolveAgentSelection('*', environment()).length).toBeGreaterThan(60);
    expect(() => resolveAgentSelection(['claude-code', 'nope'], environment())).toThrow(
      expect.objectContaining({
        code: 'unknown_agent',
        message: expect.stringContaining('claude-code, openclaw, cline'),
      }),
    );
  });
});

describe('resolveInstallMode', () => {
  it('P7 one target folder is a copy, as in the skills CLI; two or more keep the requested mode', () => {
    expect(resolveInstallMode(['claude-code'], 'symlink')).toBe('copy');
    expect(resolveInstallMode(['codex', 'cursor', 'universal'], 'symlink')).toBe('copy');
    expect(resolveInstallMode(['claude-code', 'codex'], 'symlink')).toBe('symlink');
    expect(resolveInstallMode(['claude-code', 'codex'], 'copy')).toBe('copy');
    const plan = planSkillTargets('pdf', {
      scope: 'project',
      environment: environment(),
      agents: ['claude-code'],
      mode: resolveInstallMode(['claude-code'], 'symlink'),
    });
    expect(plan.placements).toEqual([
      { path: path.join(projectRoot, '.claude/skills/pdf'), kind: 'directory', agents: ['claude-code'] },
    ]);
  });
});
