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

const toolList = z.union([z.literal('*'), z.array(z.string().min(1))]);

const executorSchema = z.strictObject({
  kind: z.enum(['codex', 'acp']),
  command: z.string().min(1),
  args: z.array(z.string()).optional(),
});

/** Options an external executor cannot honour; setting them beside `executor` is an error, never dropped. */
export const EXECUTOR_INCOMPATIBLE_FIELDS = [
  'model',
  'tools',
  'disallowedTools',
  'runConfig',
  'approvalMode',
  'hooks',
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
    approvalMode: z.enum(APPROVAL_MODES).optional(),
    tools: toolList.optional(),
    disallowedTools: z.array(z.string().min(1)).optional(),
    background: z.boolean().optional(),
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
