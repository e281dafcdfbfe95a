import { UserInputError } from '@skilldock/core/errors';
import { z } from 'zod';
import type { ConversationMessage } from '../model/conversation.js';
import { APPROVAL_MODES } from '../policy/approval-mode.js';
import type { ToolKind } from '../tools/agent-tool.js';
import { type ApprovalAnswer, RUN_STATE_SCHEMA_VERSION, type RunState } from './run-state.js';
import type { RunStats } from './run-stats.js';

/** How deep subagent states may nest inside approvals: a parent, its bubble subagent, and room to spare. */
const MAX_SUBAGENT_DEPTH = 8;

const TOOL_KINDS = ['read', 'edit', 'execute', 'interact'] as const satisfies readonly ToolKind[];

const count = z.number().finite('must be a finite number');

const statsSchema = z.looseObject({
  turns: count,
  inputTokens: count,
  outputTokens: count,
  cachedInputTokens: count,
  toolCalls: count,
  wallTimeMs: count,
}) satisfies z.ZodType<RunStats>;

const messageSchema = z.discriminatedUnion(
  'role',
  [
    z.looseObject({
      role: z.literal('user'),
      content: z.string(),
      origin: z.enum(['prompt', 'signal']).optional(),
      attachments: z
        .array(z.looseObject({ type: z.literal('video'), mediaType: z.string(), dataUrl: z.string() }))
        .optional(),
    }),
    z.looseObject({
      role: z.literal('assistant'),
      content: z.string(),
      toolCalls: z
        .array(z.looseObject({ id: z.string(), name: z.string(), arguments: z.string() }))
        .optional(),
    }),
    z.looseObject({
      role: z.literal('tool'),
      toolCallId: z.string(),
      toolName: z.string(),
      content: z.string(),
      isError: z.boolean(),
    }),
  ],
  { error: 'must be user, assistant or tool' },
) satisfies z.ZodType<ConversationMessage>;

const answerSchema = z.looseObject({
  toolCallId: z.string(),
  decision: z.enum(['allow', 'deny'], 'must be allow or deny'),
  reason: z.string().optional(),
}) satisfies z.ZodType<ApprovalAnswer>;

const approvalRequestSchema = z.looseObject({
  toolCallId: z.string(),
  toolName: z.string(),
  kind: z.enum(TOOL_KINDS),
  input: z.unknown(),
  modes: z.array(z.enum(APPROVAL_MODES)),
  agentConfig: z.array(z.looseObject({ path: z.string(), configures: z.string() })).optional(),
  resumeInterrupted: z.boolean().optional(),
  get subagent() {
    return z
      .looseObject({ name: z.string(), request: approvalRequestSchema, state: runStateSchema })
      .optional();
  },
});

/** The current version of a {@link RunState}, nested subagent states included. */
const runStateSchema = z.looseObject({
  $schemaVersion: z.literal(RUN_STATE_SCHEMA_VERSION),
  messages: z.array(messageSchema),
  stats: statsSchema,
  get interruptions() {
    return z.array(approvalRequestSchema);
  },
  answers: z.array(answerSchema),
});

function invalid(field: string, problem: string): UserInputError {
  return new UserInputError('run_state_invalid', `run state ${field === '' ? '' : `${field} `}${problem}`, {
    details: { field },
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `['interruptions', 0, 'subagent']` → `interruptions[0].subagent`. */
function fieldOf(path: readonly PropertyKey[]): string {
  return path
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : `${index === 0 ? '' : '.'}${String(segment)}`,
    )
    .join('');
}

/** The nested subagent states of `state`'s approvals, with where each one sits. */
function nestedStates(state: Record<string, unknown>, field: string): [Record<string, unknown>, string][] {
  if (!Array.isArray(state.interruptions)) return [];
  return state.interruptions.flatMap((request, index) => {
    const nested = isRecord(request) && isRecord(request.subagent) ? request.subagent.state : undefined;
    const where = `${field === '' ? '' : `${field}.`}interruptions[${index}].subagent.state`;
    return isRecord(nested) ? [[nested, where] as [Record<string, unknown>, string]] : [];
  });
}

/** Refuses subagent states nested deeper than a run makes them, before recursion could overflow. */
function refuseDeepNesting(state: Record<string, unknown>): void {
  // Iterative: a hostile state can be nested far deeper than the stack allows.
  let level: [Record<string, unknown>, string][] = [[state, '']];
  for (let depth = 0; level.length > 0; depth += 1) {
    if (depth > MAX_SUBAGENT_DEPTH)
      throw invalid(level[0]![1], `nests subagent states more than ${MAX_SUBAGENT_DEPTH} deep`);
    level = level.flatMap(([nested, field]) => nestedStates(nested, field));
  }
}

/** v1 → v2: `version: 1` becomes `$schemaVersion: 2`, in the state and every nested subagent state. */
function migrateFromV1(state: Record<string, unknown>, field: string): Record<string, unknown> {
  if (state.version !== undefined && state.version !== 1)
    throw invalid(`${field === '' ? '' : `${field}.`}version`, 'must be 1 in a state without $schemaVersion');
  const { version: _version, ...rest } = state;
  const interruptions = Array.isArray(rest.interruptions)
    ? rest.interruptions.map((request, index) =>
        isRecord(request) && isRecord(request.subagent) && isRecord(request.subagent.state)
          ? {
              ...request,
              subagent: {
                ...request.subagent,
                state: migrateFromV1(
                  request.subagent.state,
                  `${field === '' ? '' : `${field}.`}interruptions[${index}].subagent.state`,
                ),
              },
            }
          : request,
      )
    : rest.interruptions;
  return { $schemaVersion: 2, ...rest, interruptions };
}

/**
 * Checks a stored {@link RunState} with its zod schema and returns it at the current
 * {@link RUN_STATE_SCHEMA_VERSION}: a state written without `$schemaVersion` (v1, `version: 1`, as
 * the server's `runs.state` rows hold it) is migrated on read. A malformed state throws
 * `UserInputError` `run_state_invalid`, one from a newer version `run_state_version_unsupported`;
 * both name the field in the message and in `details.field`.
 * @example const state = parseRunState(JSON.parse(stored));
 */
export function parseRunState(value: unknown): RunState {
  if (!isRecord(value)) throw invalid('', 'is not an object');
  refuseDeepNesting(value);
  const version = value.$schemaVersion;
  if (typeof version === 'number' && Number.isInteger(version) && version > RUN_STATE_SCHEMA_VERSION) {
    throw new UserInputError(
      'run_state_version_unsupported',
      `run state $schemaVersion ${version} is newer than this Skilldock reads (${RUN_STATE_SCHEMA_VERSION}): upgrade it to resume this run`,
      { details: { field: '$schemaVersion', limit: RUN_STATE_SCHEMA_VERSION, actual: version } },
    );
  }
  const current = version === undefined ? migrateFromV1(value, '') : value;
  const parsed = runStateSchema.safeParse(current);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw invalid(fieldOf(issue?.path ?? []), issue?.message ?? 'has an unexpected shape');
  }
  return parsed.data as RunState;
}
