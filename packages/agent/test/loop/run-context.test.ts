import { createRunContext, DEFAULT_MAX_TURNS } from '@skilldock/agent/loop';
import type { ModelRoute } from '@skilldock/agent/model';
import { buildCatalog } from '@skilldock/core/catalog';
import { UserInputError } from '@skilldock/core/errors';
import { defineSkill } from '@skilldock/core/format';
import { createSkillSession } from '@skilldock/core/runtime';
import { describe, expect, it } from 'vitest';
import { testTool } from './loop-harness.js';

const route: ModelRoute = {
  provider: { name: 'none', protocol: 'openai', stream: () => (async function* () {})() },
  model: 'm',
};

describe('createRunContext', () => {
  it('G2 fills in defaults and freezes the context', () => {
    const context = createRunContext({ cwd: '/project', tools: [testTool('look', 'read')], model: route });
    expect(context).toMatchObject({
      approvalModes: ['default'],
      limits: { maxTurns: DEFAULT_MAX_TURNS },
      readOnlyRoots: [],
      systemPrompt: '',
    });
    expect(Object.isFrozen(context)).toBe(true);
    expect(Object.isFrozen(context.tools)).toBe(true);
  });

  it('G2 refuses two tools with one name, including a clash with the skill session tools', async () => {
    expect(() =>
      createRunContext({ cwd: '/p', tools: [testTool('a', 'read'), testTool('a', 'edit')], model: route }),
    ).toThrow(UserInputError);
    const skillSession = await createSkillSession({
      catalog: buildCatalog([
        defineSkill({ name: 'notes', description: 'Take notes.', instructions: 'Be brief.' }),
      ]),
    });
    expect(() =>
      createRunContext({
        cwd: '/p',
        tools: [testTool('activate_skill', 'read')],
        model: route,
        skillSession,
      }),
    ).toThrow(/Two tools are named activate_skill/);
  });

  it('G2 refuses a turn limit below one', () => {
    expect(() => createRunContext({ cwd: '/p', tools: [], model: route, limits: { maxTurns: 0 } })).toThrow(
      /maxTurns/,
    );
  });

  it('R4 R5 skillReadTools defaults to read_file when the run has that read tool, and must name read tools', () => {
    const withReadFile = createRunContext({
      cwd: '/p',
      tools: [testTool('read_file', 'read'), testTool('write_file', 'edit')],
      model: route,
    });
    expect(withReadFile.skillReadTools).toEqual(['read_file']);
    expect(
      createRunContext({ cwd: '/p', tools: [testTool('look', 'read')], model: route }).skillReadTools,
    ).toEqual([]);
    expect(() =>
      createRunContext({
        cwd: '/p',
        tools: [testTool('write_file', 'edit')],
        model: route,
        skillReadTools: ['write_file'],
      }),
    ).toThrow(/skillReadTools names write_file/);
    expect(() =>
      createRunContext({ cwd: '/p', tools: [], model: route, skillReadTools: ['read_file'] }),
    ).toThrow(UserInputError);
  });
});
