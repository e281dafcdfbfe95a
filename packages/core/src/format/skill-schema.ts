import { z } from 'zod';

/** Fields of the open Agent Skills specification, in the reference validator's order. */
export const SPEC_SKILL_FIELDS = [
  'name',
  'description',
  'license',
  'compatibility',
  'metadata',
  'allowed-tools',
] as const;

/** Host extension fields accepted by the `lenient` profile and the platform (SPEC S3). */
export const HOST_SKILL_FIELDS = [
  'priority',
  'paths',
  'user-invocable',
  'disable-model-invocation',
  'argument-hint',
  'when_to_use',
  'model',
  'source',
  'extracted_at',
  'slug',
  'version',
  'tool_dependencies',
  'mcp_dependencies',
  'skill_dependencies',
] as const;

const stringList = z.array(z.string());

/**
 * The one schema of a SKILL.md frontmatter: the shape of every known field. Profile rules (lengths,
 * name characters, what is an error and what a warning) are applied field by field on top of it by
 * `validateSkillFields`, so every finding keeps its own position.
 */
export const skillFrontmatterSchema = z.looseObject({
  name: z.string(),
  description: z.string(),
  license: z.string().optional(),
  compatibility: z.string().optional(),
  metadata: z.record(z.string(), z.string()).optional(),
  'allowed-tools': z.string().optional(),
  priority: z.number().optional(),
  paths: stringList.optional(),
  'user-invocable': z.boolean().optional(),
  'disable-model-invocation': z.boolean().optional(),
  'argument-hint': z.string().optional(),
  when_to_use: z.string().optional(),
  model: z.string().optional(),
  source: z.enum(['learned', 'auto-skill']).optional(),
  extracted_at: z.string().optional(),
  slug: z.string().optional(),
  version: z.string().optional(),
  tool_dependencies: stringList.optional(),
  mcp_dependencies: stringList.optional(),
  skill_dependencies: stringList.optional(),
});

/** The authored frontmatter, as the schema describes it. */
export type SkillFrontmatter = z.infer<typeof skillFrontmatterSchema>;

type KnownField = keyof typeof skillFrontmatterSchema.shape;

/** True when the field's value has the shape the schema wants. */
export function fieldHasValidShape(field: KnownField, value: unknown): boolean {
  return skillFrontmatterSchema.shape[field].safeParse(value).success;
}

/** True for a field the spec or the host knows. */
export function isKnownSkillField(field: string): field is KnownField {
  return Object.hasOwn(skillFrontmatterSchema.shape, field);
}
