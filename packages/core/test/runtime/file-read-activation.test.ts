import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSkillSession } from '../../src/runtime/create-skill-session.js';
import type { UsageEvent } from '../../src/runtime/types.js';
import { copyRuntimeProject, type RuntimeProject } from './runtime-project.js';

let project: RuntimeProject;
let events: UsageEvent[];
beforeEach(async () => {
  project = await copyRuntimeProject();
  events = [];
});
afterEach(() => project.remove());

const start = async (mode: 'stable' | 'progressive' = 'progressive') =>
  createSkillSession({ catalog: await project.catalog(), mode, onUsage: (event) => events.push(event) });

describe('activation by reading', () => {
  it("R5 the model reading a skill's SKILL.md through the host's read tool activates it", async () => {
    const session = await start();
    const file = path.join(project.skillsDirectory, 'charts', 'SKILL.md');
    expect(session.isSkillFileRead(file)).toBe(true);
    expect(session.activeToolNames(['render_chart'])).toEqual([]);
    expect(session.noteFileRead(file)).toEqual({ skillId: 'charts', outcome: 'activated' });
    expect(session.activeToolNames(['render_chart'])).toEqual(['render_chart']);
    expect(session.noteFileRead(file)).toEqual({ skillId: 'charts', outcome: 'already-active' });
    expect(events.map((event) => [event.skillId, event.outcome, event.trigger])).toEqual([
      ['charts', 'activated', 'file-read'],
      ['charts', 'already-active', 'file-read'],
    ]);
  });

  it('R5 other files, including supporting files and relative paths, activate nothing', async () => {
    const session = await start();
    const script = path.join(project.skillsDirectory, 'pdf-forms', 'scripts', 'fill_form.py');
    expect(session.isSkillFileRead(script)).toBe(false);
    expect(session.isSkillFileRead('.agents/skills/charts/SKILL.md')).toBe(false);
    expect(session.noteFileRead(script)).toBeUndefined();
    expect(session.activeSkillIds()).toEqual([]);
  });

  it('R5 D4 reading the SKILL.md of a hidden skill is recorded as refused and unlocks nothing', async () => {
    const session = await start();
    const file = path.join(project.skillsDirectory, 'deploy', 'SKILL.md');
    expect(session.noteFileRead(file)).toEqual({ skillId: 'deploy', outcome: 'refused' });
    expect(session.isActive('deploy')).toBe(false);
  });

  it('R5 R4 reading /.skills/<id>/SKILL.md through read_skill_resource activates the skill too', async () => {
    const session = await start();
    const result = await session.handleToolCall('read_skill_resource', {
      path: '/.skills/github-triage/SKILL.md',
    });
    expect(result.content).toContain('close duplicates');
    expect(session.isActive('github-triage')).toBe(true);
    expect(session.canExecuteTool('mcp__github__close_issue')).toEqual({ allowed: true });
  });
});
