import { z } from '@hono/zod-openapi';
import type { BoundSkillRow, BoundSkillVersionRow } from '../bound-skills/bound-skill-records.js';
import { VERSION_NAME_PATTERN } from '../bound-skills/version-name.js';
import { revisionSchema } from './skill-edit-schemas.js';

const noControl = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

/** `{id}` (the agent) and `{name}` (a version, `YYYYMMDD-<8 hex>`) of the history routes. */
export const versionParamsSchema = z.object({
  id: z
    .string()
    .uuid()
    .openapi({ param: { name: 'id', in: 'path' }, example: '0b6c1b2e-8a4f-4a59-9b5e-2f1b8f1d0a7c' }),
  name: z
    .string()
    .regex(VERSION_NAME_PATTERN, 'YYYYMMDD-<8 hex>')
    .openapi({ param: { name: 'name', in: 'path' }, example: '20260601-a1b2c3d4' }),
});

/** An agent's bound skill (SPEC Y2, Y6): its index row and current revision. */
export const boundSkillSchema = z
  .object({
    id: z.string().openapi({ example: 'self-a1b2c3d4' }),
    agentId: z.string(),
    name: z.string(),
    description: z.string(),
    version: z.string(),
    revision: revisionSchema,
    dependencies: z.object({
      tools: z.array(z.string()),
      mcpServers: z.array(z.string()),
      skills: z.array(z.string()),
    }),
    updatedAt: z.string(),
  })
  .openapi('BoundSkill');

/** A released version (SPEC Y6). `current`: the skill's saved content is this version's. */
export const boundSkillVersionSchema = z
  .object({
    name: z.string().openapi({ example: '20260601-a1b2c3d4' }),
    revision: revisionSchema,
    note: z.string(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    current: z.boolean(),
  })
  .openapi('BoundSkillVersion');

/** A release: the saved revision the editor shows (see `releaseBoundSkillVersion`), and a note. */
export const releaseBodySchema = z
  .object({
    baseRevision: revisionSchema,
    note: z.string().max(2000).regex(noControl, 'no control characters').optional(),
  })
  .strict()
  .openapi('BoundSkillRelease');

/** A restore: the saved revision the editor shows; a save made since is a 409. */
export const restoreBodySchema = z
  .object({ baseRevision: revisionSchema })
  .strict()
  .openapi('BoundSkillRestore');

/** What a restore did. */
export const restoreResultSchema = z
  .object({
    revision: revisionSchema,
    baseRevision: revisionSchema,
    changed: z.boolean(),
    boundSkill: boundSkillSchema,
  })
  .openapi('BoundSkillRestoreResult');

/** The JSON of a bound skill row. */
export function boundSkillJson(row: BoundSkillRow): z.infer<typeof boundSkillSchema> {
  return {
    id: row.id,
    agentId: row.agentId!,
    name: row.name,
    description: row.description,
    version: row.version,
    revision: row.contentRef!,
    dependencies: {
      tools: row.toolDependencies,
      mcpServers: row.mcpDependencies,
      skills: row.skillDependencies,
    },
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The JSON of a version row; `current` compares it with the skill's saved revision. */
export function boundSkillVersionJson(
  row: BoundSkillVersionRow,
  currentRevision: string | null,
): z.infer<typeof boundSkillVersionSchema> {
  return {
    name: row.name,
    revision: row.revision,
    note: row.note,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    current: row.revision === currentRevision,
  };
}
