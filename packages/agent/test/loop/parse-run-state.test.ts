import { SkilldockError } from '@skilldock/core/errors';
import { describe, expect, it } from 'vitest';
import { parseRunState } from '../../src/loop/parse-run-state.js';
import { RUN_STATE_SCHEMA_VERSION } from '../../src/loop/run-state.js';

const stats = {
  turns: 2,
  inputTokens: 120,
  outputTokens: 30,
  cachedInputTokens: 0,
  toolCalls: 2,
  wallTimeMs: 41,
};

/**
 * A state exactly as the server stored it in `runs.state` before `$schemaVersion` (v1): `version:
 * 1`, a parent waiting on its bubble subagent's approval, which carries the subagent's own v1 state.
 */
const V1_STATE = {
  version: 1,
  messages: [
    { role: 'user', content: 'Write the report', origin: 'prompt' },
    {
      role: 'assistant',
      content: '',
      toolCalls: [{ id: 'call-agent', name: 'agent', arguments: '{"subagent_type":"writer","prompt":"go"}' }],
    },
  ],
  stats,
  interruptions: [
    {
      toolCallId: 'call-agent',
      toolName: 'agent',
      kind: 'interact',
      input: { subagent_type: 'writer', prompt: 'go' },
      modes: ['default'],
      subagent: {
        name: 'writer',
        request: {
          toolCallId: 'call-write',
          toolName: 'write_file',
          kind: 'edit',
          input: { path: '.qwen/settings.json', content: '{}' },
          modes: ['default', 'bubble'],
          agentConfig: [{ path: '.qwen/settings.json', configures: 'Qwen Code settings' }],
        },
        state: {
          version: 1,
          messages: [
            { role: 'user', content: 'go' },
            {
              role: 'assistant',
              content: '',
              toolCalls: [{ id: 'call-write', name: 'write_file', arguments: '{}' }],
            },
            { role: 'tool', toolCallId: 'call-read', toolName: 'read_file', content: 'ok', isError: false },
          ],
          stats,
          interruptions: [
            {
              toolCallId: 'call-write',
              toolName: 'write_file',
              kind: 'edit',
              input: { path: '.qwen/settings.json', content: '{}' },
              modes: ['default', 'bubble'],
              agentConfig: [{ path: '.qwen/settings.json', configures: 'Qwen Code settings' }],
            },
          ],
          answers: [],
        },
      },
    },
  ],
  answers: [{ toolCallId: 'call-other', decision: 'deny', reason: 'not now' }],
};

/** The v1 state with `version` swapped for `$schemaVersion`, at every depth. */
function asCurrent(state: Record<string, unknown>): unknown {
  const { version: _version, ...rest } = state;
  return {
    $schemaVersion: RUN_STATE_SCHEMA_VERSION,
    ...rest,
    interruptions: (rest.interruptions as Record<string, unknown>[]).map((request) =>
      request.subagent === undefined
        ? request
        : {
            ...request,
            subagent: {
              ...(request.subagent as Record<string, unknown>),
              state: asCurrent((request.subagent as { state: Record<string, unknown> }).state),
            },
          },
    ),
  };
}

/** The `code` and `details.field` of what `parseRunState(value)` throws. */
function refusal(value: unknown): { code: string; field: unknown } {
  try {
    parseRunState(value);
  } catch (error) {
    if (!SkilldockError.isInstance(error)) throw error;
    return { code: error.code, field: error.details.field };
  }
  throw new Error('parseRunState accepted it');
}

describe('parseRunState: a versioned schema with migrations', () => {
  it('G3 a v1 state (stored before $schemaVersion) is migrated to the current version, nested states too', () => {
    expect(RUN_STATE_SCHEMA_VERSION).toBe(2);
    const parsed = parseRunState(structuredClone(V1_STATE));
    expect(parsed).toEqual(asCurrent(V1_STATE));
    expect(parsed.interruptions[0]?.subagent?.state.$schemaVersion).toBe(2);
    expect('version' in parsed).toBe(false);
  });

  it('G3 a current state reads back unchanged, and what it writes is the current version', () => {
    const current = parseRunState(structuredClone(V1_STATE));
    expect(parseRunState(JSON.parse(JSON.stringify(current)))).toEqual(current);
  });

  it('G3 a state from a newer version is refused with a typed error naming $schemaVersion', () => {
    const future = { ...(asCurrent(V1_STATE) as object), $schemaVersion: 3 };
    expect(refusal(future)).toEqual({ code: 'run_state_version_unsupported', field: '$schemaVersion' });
    expect(() => parseRunState(future)).toThrow(/\$schemaVersion 3 is newer/);
  });

  it('G3 malformed states are refused with run_state_invalid naming the field, at any depth', () => {
    const current = asCurrent(V1_STATE) as Record<string, unknown>;
    const nested = structuredClone(current) as typeof current & {
      interruptions: { subagent: { state: { stats: Record<string, unknown> } } }[];
    };
    // A fresh object: the fixture's parent and subagent share one `stats`.
    nested.interruptions[0]!.subagent.state.stats = { ...stats, turns: 'two' };
    const cases: [unknown, string][] = [
      [null, ''],
      [[], ''],
      [{ ...current, $schemaVersion: 'two' }, '$schemaVersion'],
      [{ ...current, $schemaVersion: 0 }, '$schemaVersion'],
      [{ ...V1_STATE, version: 7 }, 'version'],
      [{ ...current, messages: [{ role: 'system', content: 'x' }] }, 'messages[0].role'],
      [{ ...current, messages: [{ role: 'tool', content: 'x' }] }, 'messages[0].toolCallId'],
      [{ ...current, stats: { ...stats, wallTimeMs: Number.NaN } }, 'stats.wallTimeMs'],
      [{ ...current, interruptions: [{ toolName: 'x' }] }, 'interruptions[0].toolCallId'],
      [{ ...current, answers: [{ toolCallId: 'a', decision: 'maybe' }] }, 'answers[0].decision'],
      [nested, 'interruptions[0].subagent.state.stats.turns'],
    ];
    for (const [value, field] of cases)
      expect([field, refusal(value)]).toEqual([field, { code: 'run_state_invalid', field }]);
  });

  it('G3 a hostile nesting of subagent states is refused, not a stack overflow', () => {
    let state: Record<string, unknown> = asCurrent({ ...V1_STATE, interruptions: [] }) as Record<
      string,
      unknown
    >;
    for (let depth = 0; depth < 5000; depth += 1) {
      state = {
        ...state,
        interruptions: [
          {
            toolCallId: 'c',
            toolName: 'agent',
            kind: 'interact',
            input: {},
            modes: ['default'],
            subagent: {
              name: 'w',
              request: { toolCallId: 'd', toolName: 'x', kind: 'read', input: {}, modes: [] },
              state,
            },
          },
        ],
      };
    }
    expect(refusal(state).code).toBe('run_state_invalid');
  });
});
