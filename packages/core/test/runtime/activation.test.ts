import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSkillSession } from '../../src/runtime/create-skill-session.js';
import type { UsageEvent } from '../../src/runtime/types.js';
import { copyRuntimeProject, type RuntimeProject } from './runtime-project.js';

let project: RuntimeProject;
let events: UsageEvent[];
const clock = () => new Date('2025-01-02T03:04:05.000Z');

beforeEach(async () => {
  project = await copyRuntimeProject();
  events = [];
});
afterEach(() => project.remove());

async function start() {
  return createSkillSession({
    catalog: await project.catalog(),
    onUsage: (event) => events.push(event),
    clock,
  });
}

describe('activate_skill', () => {
  it('R2 returns the body, the base directory and every supporting file with its exact virtual path', async () => {
    const session = await start();
    const result = await session.handleToolCall('activate_skill', { name: 'pdf-forms' });
    expect(result.isError).toBe(false);
    expect(result.content).toContain('Run `scripts/fill_form.py`');
    expect(result.content).toContain(`Base directory: ${path.join(project.skillsDirectory, 'pdf-forms')}`);
    for (const file of [
      '/.skills/pdf-forms/assets/logo.png',
      '/.skills/pdf-forms/references/FIELDS.md',
      '/.skills/pdf-forms/references/release notes.md',
      '/.skills/pdf-forms/scripts/fill_form.py',
    ]) {
      expect(result.content).toContain(`- ${file}\n`);
    }
    expect(result.content).not.toContain('SKILL.md');
  });

  it('R2 answers an unknown name with a normal result listing the skills the model can use (seed: not an error)', async () => {
    const session = await start();
    const result = await session.handleToolCall('activate_skill', { name: 'pdf' });
    // Seed 004 (Flue): "激活未知名称不是错误——结果列出了可用的技能。" A UI may still mark it with the notice.
    expect(result.isError).toBe(false);
    expect(result.notice).toBe('There is no skill named "pdf"; the answer lists the available skills.');
    expect(session.activeSkillIds()).toEqual([]);
    expect(result.content).toMatchInlineSnapshot(`
      "There is no skill named "pdf". Available skills:
      - charts: Draw bar and line charts as SVG.
      - github-triage: Triage GitHub issues. Use when asked to label or close issues.
      - house-style: Tone and formatting rules for every written answer.
      - pdf-forms: Fill in PDF forms. Use when the user asks to fill, inspect or flatten a PDF form.
      - report: Write a weekly status report with charts."
    `);
  });

  it('R2 answers a second activation with a short note', async () => {
    const session = await start();
    await session.handleToolCall('activate_skill', { name: 'charts' });
    const again = await session.handleToolCall('activate_skill', { name: 'charts' });
    expect(again).toEqual({
      isError: false,
      content: 'The skill charts is already active; its instructions are earlier in this conversation.',
    });
  });

  it('R2 D4 refuses a skill hidden by disable-model-invocation, with the reason', async () => {
    const session = await start();
    const result = await session.handleToolCall('activate_skill', { name: 'deploy' });
    expect(result.isError).toBe(true);
    expect(result.content).toContain('disable-model-invocation: true');
    expect(result.content).toContain('/deploy');
    expect(session.isActive('deploy')).toBe(false);
  });

  it('R2 D3 refuses a path-gated skill before its gate opens, naming the globs', async () => {
    const session = await start();
    const result = await session.handleToolCall('activate_skill', { name: 'sql-style' });
    expect(result.isError).toBe(true);
    expect(result.content).toContain('db/migrations/**/*.sql');
  });

  it('R2 refuses a skill switched off in the settings', async () => {
    const session = await createSkillSession({ catalog: await project.catalog({ disabled: ['charts'] }) });
    const result = await session.handleToolCall('activate_skill', { name: 'charts' });
    expect(result).toMatchObject({ isError: true, content: expect.stringContaining('switched off') });
  });

  it('R3 re-reads a skill on disk at activation, so an edit made after the catalog was built is seen', async () => {
    const session = await start();
    await project.writeSkill(
      'charts',
      'name: charts\ndescription: Draw bar and line charts as SVG.',
      'Use a log scale.\n',
    );
    const result = await session.handleToolCall('activate_skill', { name: 'charts' });
    expect(result.content).toContain('Use a log scale.');
    expect(result.content).not.toContain('Label both axes');
  });

  it('R3 refuses, with the reason, a skill whose SKILL.md disappeared since the catalog was built', async () => {
    const session = await start();
    const { rm } = await import('node:fs/promises');
    await rm(path.join(project.skillsDirectory, 'charts', 'SKILL.md'));
    const result = await session.handleToolCall('activate_skill', { name: 'charts' });
    expect(result.isError).toBe(true);
    expect(result.content).toContain('skill_file_missing');
    expect(session.isActive('charts')).toBe(false);
  });

  it('D6 activates skill dependencies first and delivers their instructions too', async () => {
    const session = await start();
    const result = await session.handleToolCall('activate_skill', { name: 'report' });
    expect(result.content.indexOf('Label both axes')).toBeGreaterThan(-1);
    expect(result.content.indexOf('Label both axes')).toBeLessThan(
      result.content.indexOf('Put the summary first'),
    );
    expect(session.activeSkillIds()).toEqual(['charts', 'report']);
  });

  it('R10 records every activation attempt with skill, time, outcome and trigger', async () => {
    const session = await start();
    await session.handleToolCall('activate_skill', { name: 'charts' });
    await session.handleToolCall('activate_skill', { name: 'charts' });
    await session.handleToolCall('activate_skill', { name: 'nope' });
    await session.handleToolCall('activate_skill', { name: 'deploy' });
    expect(events.map(({ skillId, at, outcome, trigger }) => ({ skillId, at, outcome, trigger }))).toEqual([
      { skillId: 'charts', at: '2025-01-02T03:04:05.000Z', outcome: 'activated', trigger: 'model' },
      { skillId: 'charts', at: '2025-01-02T03:04:05.000Z', outcome: 'already-active', trigger: 'model' },
      { skillId: 'nope', at: '2025-01-02T03:04:05.000Z', outcome: 'unknown', trigger: 'model' },
      { skillId: 'deploy', at: '2025-01-02T03:04:05.000Z', outcome: 'refused', trigger: 'model' },
    ]);
    expect(events[3]?.reason).toContain('disable-model-invocation');
  });
});
