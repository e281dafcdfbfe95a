import { SkilldockError } from '@skilldock/core/errors';
import { BUNDLED_SKILL_MARKER, defineSkill, MAX_SKILL_FILE_BYTES } from '@skilldock/core/format';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AgentState,
  MAX_AGENT_STATE_BYTES,
  parseAgentState,
  renderAgent,
  useInstruction,
  useModel,
  useSkill,
  useState,
  useSubagent,
  useTool,
} from '../../src/harness/index.js';
import { defineAgentTool, textResult } from '../../src/tools/index.js';
import { escalation, refunds } from './harness-fixture.js';

function codeOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    expect(SkilldockError.isInstance(error)).toBe(true);
    return (error as SkilldockError).code;
  }
  throw new Error('expected a typed error');
}

const echo = defineAgentTool({
  name: 'lookup_order',
  description: 'Look an order up.',
  kind: 'read',
  schema: z.object({ id: z.string() }),
  execute: async ({ id }) => textResult(`Order ${id}: paid.`),
});

describe('renderAgent and the hooks (SPEC I6)', () => {
  it('I6 a render collects the model, skills, instructions, tools and subagents, and returns the base instructions', () => {
    const rendered = renderAgent(() => {
      useModel('openai:gpt-4.1');
      useModel('anthropic:claude-haiku-4-5');
      useSkill(refunds);
      useSkill({
        name: 'greeting',
        description: 'Greet the customer. Use at the start.',
        instructions: 'Say hello.',
      });
      useInstruction('Policy: be kind.');
      useTool(echo);
      useSubagent({ name: 'researcher', description: 'Looks things up.', systemPrompt: 'Research.' });
      return 'Answer support questions.';
    }, new AgentState());
    expect(rendered).toMatchObject({
      instructions: 'Answer support questions.',
      addedInstructions: ['Policy: be kind.'],
      systemPrompt: 'Answer support questions.\n\nPolicy: be kind.',
      model: 'anthropic:claude-haiku-4-5',
      tools: [echo],
      subagents: [{ name: 'researcher' }],
    });
    expect(rendered.skills.map((skill) => skill.id)).toEqual(['refunds', 'greeting']);
    expect(rendered.skills[0]).toEqual(refunds);
    // Validated once: the next render mounts the very same object, so the catalog is not rebuilt.
    const again = renderAgent(() => {
      useSkill(refunds);
      return 'x';
    }, new AgentState());
    expect(again.skills[0]).toBe(rendered.skills[0]);
    expect(Object.isFrozen(rendered.skills[1])).toBe(true);
    expect(Object.isFrozen(rendered)).toBe(true);
  });

  it('I6 useState reads the persisted value, else the initial one; the setter changes the next render only', () => {
    const state = new AgentState();
    let setEscalated: ((next: boolean | ((current: boolean) => boolean)) => void) | undefined;
    const Agent = () => {
      const [escalated, set] = useState('escalated', false);
      setEscalated = set;
      useSkill(refunds);
      if (escalated) useSkill(escalation);
      return escalated ? 'Escalated.' : 'Normal.';
    };
    const first = renderAgent(Agent, state);
    expect(first.skills.map((skill) => skill.id)).toEqual(['refunds']);
    setEscalated!(true);
    expect(first.instructions).toBe('Normal.');
    const second = renderAgent(Agent, state);
    expect(second.skills.map((skill) => skill.id)).toEqual(['refunds', 'escalation']);
    setEscalated!((current) => !current);
    expect(renderAgent(Agent, state).instructions).toBe('Normal.');
    expect(state.values()).toEqual({ escalated: false });
  });

  it('I6 state is a JSON copy: mutating a set object later changes nothing, and values round-trip', () => {
    const state = new AgentState();
    const order = { id: '1234', items: ['mug'] };
    state.set('order', order);
    order.items.push('plate');
    expect(state.get('order')).toEqual({ id: '1234', items: ['mug'] });
    const restored = parseAgentState(JSON.parse(JSON.stringify(state.values())));
    expect(restored).toEqual({ order: { id: '1234', items: ['mug'] } });
  });

  it('I6 state refuses what JSON cannot carry, bad keys and more than 1 MiB', () => {
    const state = new AgentState();
    expect(codeOf(() => state.set('callback', () => 1))).toBe('agent_state_invalid');
    expect(codeOf(() => state.set('big', 10n))).toBe('agent_state_invalid');
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(codeOf(() => state.set('cycle', cycle))).toBe('agent_state_invalid');
    expect(codeOf(() => state.set('../etc/passwd', 1))).toBe('agent_state_invalid');
    expect(codeOf(() => state.set('', 1))).toBe('agent_state_invalid');
    expect(codeOf(() => state.set('huge', 'x'.repeat(MAX_AGENT_STATE_BYTES)))).toBe('agent_state_invalid');
    expect(state.values()).toEqual({});
    expect(codeOf(() => parseAgentState(['not', 'an', 'object']))).toBe('agent_state_invalid');
    expect(codeOf(() => parseAgentState({ 'bad key': 1 }))).toBe('agent_state_invalid');
  });

  it('I6 every hook called outside a render throws hook_outside_render, naming the hook', () => {
    for (const call of [
      () => useModel('openai:gpt-4.1'),
      () => useSkill(refunds),
      () => useInstruction('x'),
      () => useTool(echo),
      () => useSubagent({ name: 'a', description: 'b', systemPrompt: 'c' }),
      () => useState('x', 1),
    ]) {
      expect(codeOf(call)).toBe('hook_outside_render');
    }
    expect(() => useSkill(refunds)).toThrow(/useSkill was called outside an agent render/);
  });

  it('I6 a hook called after the render returned (from a callback it left behind) throws too', () => {
    let later: (() => void) | undefined;
    renderAgent(() => {
      later = () => useSkill(escalation);
      return 'x';
    }, new AgentState());
    expect(codeOf(() => later!())).toBe('hook_outside_render');
  });

  it('I5 I6 mounting the same skill name twice in one render throws skill_mounted_twice', () => {
    const twice = () => {
      useSkill(refunds);
      useSkill({ name: 'refunds', description: 'Another refunds skill.', instructions: 'Other.' });
      return 'x';
    };
    expect(codeOf(() => renderAgent(twice, new AgentState()))).toBe('skill_mounted_twice');
    // The next render starts from an empty frame: one mount per render is fine every time.
    const once = () => {
      useSkill(refunds);
      return 'x';
    };
    expect(renderAgent(once, new AgentState()).skills).toHaveLength(1);
    expect(renderAgent(once, new AgentState()).skills).toHaveLength(1);
  });

  it('I6 an asynchronous agent or one that returns no string is agent_render_invalid', () => {
    const asyncAgent = (async () => 'x') as unknown as () => string;
    expect(codeOf(() => renderAgent(asyncAgent, new AgentState()))).toBe('agent_render_invalid');
    expect(codeOf(() => renderAgent((() => 42) as unknown as () => string, new AgentState()))).toBe(
      'agent_render_invalid',
    );
    expect(codeOf(() => renderAgent('agent' as unknown as () => string, new AgentState()))).toBe(
      'agent_render_invalid',
    );
  });

  it('SEC1 I6 skill names with path tricks are refused when mounted', () => {
    for (const name of ['../evil', 'a/b', '/etc', '..', 'Refunds', 'x\u0000y', '.hidden']) {
      const code = codeOf(() =>
        renderAgent(() => {
          useSkill({ name, description: 'Bad.', instructions: 'x' });
          return 'x';
        }, new AgentState()),
      );
      expect(code).toBe('invalid_skill_definition');
    }
    const code = codeOf(() =>
      renderAgent(() => {
        useSkill({
          name: 'files',
          description: 'Bad files.',
          instructions: 'x',
          files: { '../../etc/passwd': 'x' },
        });
        return 'x';
      }, new AgentState()),
    );
    expect(code).toBe('invalid_skill_file_path');
  });

  it('SEC1 I6 a forged skill value cannot bring a folder on disk or an id with a path in it', () => {
    const forgedBundle = Object.freeze({
      ...refunds,
      directory: '/etc',
      [BUNDLED_SKILL_MARKER]: true,
      module: './x/SKILL.md',
    });
    const mount = (value: unknown) =>
      codeOf(() =>
        renderAgent(() => {
          useSkill(value as typeof refunds);
          return 'x';
        }, new AgentState()),
      );
    expect(mount(forgedBundle)).toBe('invalid_skill_mount');
    expect(mount(Object.freeze({ ...refunds, id: '../../etc', [BUNDLED_SKILL_MARKER]: true }))).toBe(
      'invalid_skill_mount',
    );
    // A hand-made Skill-shaped object is validated again, as defineSkill would.
    expect(mount({ ...refunds, name: '../evil', id: 'evil' })).toBe('invalid_skill_definition');
    expect(mount({ ...refunds, skillFile: '/etc/passwd' })).toBe('invalid_skill_mount');
    expect(mount(null)).toBe('invalid_skill_mount');
    expect(mount('refunds')).toBe('invalid_skill_mount');
  });

  it('S2 I6 instructions over the SKILL.md limit are refused at mount, not sent to a model', () => {
    const code = codeOf(() =>
      renderAgent(() => {
        useSkill({
          name: 'huge',
          description: 'Too big.',
          instructions: 'x'.repeat(MAX_SKILL_FILE_BYTES + 1),
        });
        return 'x';
      }, new AgentState()),
    );
    expect(code).toBe('skill_file_too_large');
  });

  it('I1 a defineSkill value mounts as itself after the same validation', () => {
    const inline = defineSkill({ name: 'notes', description: 'Take notes.', instructions: 'Write.' });
    const [mounted] = renderAgent(() => {
      useSkill(inline);
      return 'x';
    }, new AgentState()).skills;
    expect(mounted).toMatchObject({ id: 'notes', body: 'Write.', origin: { sourceType: 'session' } });
  });
});
