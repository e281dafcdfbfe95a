import { z } from 'zod';

/** Names a subagent may not take: they collide with roles and settings (SPEC S6). */
export const RESERVED_SUBAGENT_NAMES: ReadonlySet<string> = new Set([
  'self',
  'system',
  'user',
  'model',
  'tool',
  'config',
  'default',
  'main',
]);

/** Approval modes an agent may run under (SPEC G3). */
export const APPROVAL_MODES = ['default', 'plan', 'auto-edit', 'yolo', 'bubble'] as const;

/**
 * A tool list: YAML list, `*`, or (as Claude Code writes it) one string of names separated by
 * commas, e.g. `Read, Grep, Glob`. A string becomes a list; empty entries are refused.
 */
const toolList = z.union([
  z.literal('*'),
  z.array(z.string().min(1)),
  z
    .string()
    .transform((text) => text.split(',').map((entry) => entry.trim()))
    .refine((names) => names.every((name) => name !== ''), {
      params: { code: 'subagent_tool_list_empty_entry' },
      message: "must name tools separated by commas (e.g. 'Read, Grep'), without empty entries",
    }),
]);

/** Claude Code's `permissionMode` values (read as our approval modes by the agent package). */
export const CLAUDE_PERMISSION_MODES = [
  'default',
  'acceptEdits',
  'plan',
  'bypassPermissions',
  'dontAsk',
] as const;

const executorSchema = z.strictObject({
  kind: z.enum(['codex', 'acp']),
  command: z.string().min(1),
  args: z.array(z.string()).optional(),
});

/**
 * Options an external executor cannot honour (SPEC S6, A7: model override, tool lists, hooks, max
 * turns); setting them beside `executor` is an error, never dropped. `approvalMode` is not among
 * them: it decides whether the executor may edit (`auto-edit`/`yolo`) or runs read-only.
 */
export const EXECUTOR_INCOMPATIBLE_FIELDS = [
  'model',
  'modelConfig',
  'tools',
  'disallowedTools',
  'runConfig',
  'maxTurns',
  'hooks',
] as const;

/**
 * Every field a subagent file may set: ours, Qwen Code's (`modelConfig`, `runConfig`), and the
 * Claude Code fields we read (`permissionMode`, `maxTurns`). Any other field (Claude Code's `color`,
 * `hooks`, …) is kept in the frontmatter and reported as a `subagent_field_unknown` warning;
 * `hooks` beside an executor is an error.
 */
export const SUBAGENT_FIELDS = [
  'name',
  'description',
  'model',
  'modelConfig',
  'approvalMode',
  'permissionMode',
  'tools',
  'disallowedTools',
  'background',
  'runConfig',
  'maxTurns',
  'executor',
] as const;

/** The one schema of a subagent file's frontmatter (SPEC S6). */
export const subagentSchema = z
  .looseObject({
    name: z
      .string()
      .refine((name) => [...name].length >= 2 && [...name].length <= 50, {
        params: { code: 'subagent_name_length' },
        message: 'must have 2 to 50 characters',
      })
      .refine((name) => /^[\p{L}\p{N}_-]+$/u.test(name), {
        params: { code: 'subagent_name_characters' },
        message: "may contain only letters, digits, '_' and '-'",
      })
      .refine((name) => !/^[-_]|[-_]$/.test(name), {
        params: { code: 'subagent_name_edge' },
        message: "must not start or end with '-' or '_'",
      })
      .refine((name) => !RESERVED_SUBAGENT_NAMES.has(name.toLowerCase()), {
        params: { code: 'subagent_name_reserved' },
        message: `is reserved (${[...RESERVED_SUBAGENT_NAMES].join(', ')})`,
      }),
    description: z
      .string()
      .min(1)
      .refine((description) => [...description].length <= 1000, {
        params: { code: 'subagent_description_too_long' },
        message: 'must have at most 1000 characters',
      }),
    model: z.string().min(1).optional(),
    /** Qwen Code: `{ model?, temp?, top_p? }`; `model` is used when the top-level `model` is absent. */
    modelConfig: z
      .strictObject({
        model: z.string().min(1).optional(),
        temp: z.number().min(0).max(2).optional(),
        top_p: z.number().min(0).max(1).optional(),
      })
      .optional(),
    approvalMode: z.enum(APPROVAL_MODES).optional(),
    permissionMode: z.enum(CLAUDE_PERMISSION_MODES).optional(),
    tools: toolList.optional(),
    disallowedTools: z.union([z.array(z.string().min(1)), toolList.options[2]]).optional(),
    background: z.boolean().optional(),
    maxTurns: z.number().int().positive().optional(),
    runConfig: z
      .strictObject({
        max_turns: z.number().int().positive().optional(),
        max_time_minutes: z.number().positive().optional(),
      })
      .optional(),
    executor: executorSchema.optional(),
  })
  .superRefine((value, context) => {
    if (!value.executor) return;
    for (const field of EXECUTOR_INCOMPATIBLE_FIELDS) {
      if (value[field] !== undefined && !(field === 'model' && value.model === 'inherit')) {
        context.addIssue({
          code: 'custom',
          path: [field],
          params: { code: 'executor_option_unsupported' },
          message: `cannot be used with executor '${value.executor.kind}': an external executor cannot honour it`,
        });
      }
    }
  });

export type SubagentFrontmatter = z.infer<typeof subagentSchema>;
