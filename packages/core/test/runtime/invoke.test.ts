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

const start = async () =>
  createSkillSession({ catalog: await project.catalog(), onUsage: (event) => events.push(event) });

describe('slash invocation', () => {
  it('R9 substitutes $ARGUMENTS and activates the skill with its dependencies', async () => {
    const session = await start();
    const result = await session.invoke('/report "week 12" for the board');
    expect(result).toEqual({
      ok: true,
      skillId: 'report',
      // The dependency's instructions travel with the prompt: active means the model has seen them.
      prompt: [
        'Write the report for "week 12" for the board. Put the summary first.',
        '',
        '<skill_instructions id="charts" name="charts">',
        `Base directory: ${path.join(project.skillsDirectory, 'charts')}`,
        '',
        'Label both axes and give units.',
        '</skill_instructions>',
      ].join('\n'),
      arguments: ['week 12', 'for', 'the', 'board'],
    });
    expect(session.activeSkillIds()).toEqual(['charts', 'report']);
    expect(events.map((event) => [event.skillId, event.outcome, event.trigger])).toEqual([
      ['charts', 'activated', 'user'],
      ['report', 'activated', 'user'],
    ]);
  });

  it('R9 D4 substitutes $ARGUMENTS[N] in a skill hidden from the model: the user may still run it', async () => {
    const session = await start();
    const result = await session.invoke("/deploy 'api server' production");
    expect(result).toMatchObject({
      ok: true,
      prompt: 'Deploy api server to production. Confirm the version first.\n',
    });
  });

  it('R9 appends the arguments when the body has no placeholder', async () => {
    const session = await start();
    const result = await session.invoke('/charts revenue by month');
    expect(result).toMatchObject({
      ok: true,
      prompt: 'Label both axes and give units.\n\nARGUMENTS: revenue by month',
    });
  });

  it('R9 D3 runs a path-gated skill before its gate opens', async () => {
    const session = await start();
    expect(await session.invoke('/sql-style')).toMatchObject({ ok: true, skillId: 'sql-style' });
  });

  it('R9 D4 refuses a skill with user-invocable: false and explains the route that still works', async () => {
    const session = await start();
    const result = await session.invoke('/house-style');
    expect(result).toEqual({
      ok: false,
      code: 'not_user_invocable',
      message: expect.stringContaining('user-invocable: false'),
    });
    expect(events).toEqual([
      expect.objectContaining({ skillId: 'house-style', outcome: 'refused', trigger: 'user' }),
    ]);
    expect(session.isActive('house-style')).toBe(false);
  });

  it('R9 D4 refuses a skill hidden from both routes, saying so', async () => {
    await project.writeSkill(
      'secret',
      'name: secret\ndescription: x\nuser-invocable: false\ndisable-model-invocation: true',
      'x\n',
    );
    const session = await start();
    const result = await session.invoke('/secret');
    expect(result.ok === false && result.message).toContain('The model may not use it either');
    expect((await session.handleToolCall('activate_skill', { name: 'secret' })).content).toContain(
      'both routes',
    );
  });

  it('R9 reports unknown skills and lines that are not commands', async () => {
    const session = await start();
    expect(await session.invoke('/nope')).toEqual({
      ok: false,
      code: 'skill_not_found',
      message: 'There is no skill named nope.',
    });
    expect(await session.invoke('hello')).toMatchObject({ ok: false, code: 'not_a_command' });
  });

  it('R9 R3 reads the skill fresh, so an edit made mid-session is what runs', async () => {
    const session = await start();
    await project.writeSkill('charts', 'name: charts\ndescription: Charts.', 'Use $0 colours.\n');
    expect(await session.invoke('/charts muted')).toMatchObject({ ok: true, prompt: 'Use muted colours.\n' });
  });
});
