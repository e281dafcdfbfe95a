import { z } from 'zod';

/** The `$schema` that marks a v0.2 discovery index. */
export const WELL_KNOWN_SCHEMA_V2 = 'https://schemas.agentskills.io/discovery/0.2.0/schema.json';

/** The index folders tried, newest first, as the `skills` CLI does. */
export const WELL_KNOWN_PATHS: readonly string[] = Object.freeze([
  '.well-known/agent-skills',
  '.well-known/skills',
]);

/** A well-known skill name: the Agent Skills name rule (the `skills` CLI refuses anything else). */
const skillNameSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase letters, digits and single hyphens');

/** One skill of a v0.2 index: an artifact (a SKILL.md or an archive) and the sha256 of its bytes. */
export const wellKnownEntryV2Schema = z.object({
  name: skillNameSchema,
  description: z.string().min(1).max(1024),
  type: z.enum(['skill-md', 'archive']),
  /** Relative to the index URL. */
  url: z.string().min(1),
  digest: z.string().regex(/^sha256:[a-f0-9]{64}$/, "'sha256:' and 64 lowercase hex digits"),
});

/** A v0.2 discovery index (`/.well-known/agent-skills/index.json`). */
export const wellKnownIndexV2Schema = z.object({
  $schema: z.literal(WELL_KNOWN_SCHEMA_V2),
  skills: z.array(z.unknown()),
});

/** One skill of a v0.1 index: its files, fetched from `<base>/<well-known path>/<name>/<file>`. */
export const wellKnownEntryV1Schema = z.object({
  name: skillNameSchema,
  description: z.string().min(1),
  files: z
    .array(z.string().min(1))
    .min(1)
    .refine(
      (files) => files.some((file) => file.toLowerCase() === 'skill.md'),
      'files must include SKILL.md',
    ),
});

/** A v0.1 discovery index (`/.well-known/skills/index.json`): no `$schema`. */
export const wellKnownIndexV1Schema = z.object({
  $schema: z.undefined().optional(),
  skills: z.array(z.unknown()),
});

/** A v0.2 entry. */
export type WellKnownEntryV2 = z.infer<typeof wellKnownEntryV2Schema>;
/** A v0.1 entry. */
export type WellKnownEntryV1 = z.infer<typeof wellKnownEntryV1Schema>;
