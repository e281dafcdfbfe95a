import { z } from '@hono/zod-openapi';
import type { ContentDraft } from '../content/index.js';
import { shareScopeSchema } from '../policy/share-config.js';

const diagnosticSchema = z
  .object({
    code: z.string(),
    severity: z.string(),
    message: z.string(),
    file: z.string().optional(),
    line: z.number().optional(),
    column: z.number().optional(),
    path: z.array(z.union([z.string(), z.number()])).optional(),
  })
  .openapi('Diagnostic');

const draftSkillSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    files: z.array(z.object({ path: z.string(), size: z.number().int(), executable: z.boolean() })),
    totalBytes: z.number().int(),
    dependencies: z.object({
      tools: z.array(z.string()),
      mcpServers: z.array(z.string()),
      skills: z.array(z.string()),
    }),
    diagnostics: z.array(diagnosticSchema),
    warnings: z.array(z.string()),
    revision: z.string(),
  })
  .openapi('DraftSkill');

/** An install draft (SPEC P6): what was found, what failed apart, and until when it can be confirmed. */
export const draftSchema = z
  .object({
    id: z.string(),
    source: z.object({ type: z.string(), input: z.string(), lockSource: z.string() }),
    createdAt: z.string(),
    expiresAt: z.string(),
    skills: z.array(draftSkillSchema),
    failed: z.array(
      z.object({
        sourcePath: z.string(),
        name: z.string().optional(),
        code: z.string(),
        message: z.string(),
        diagnostics: z.array(diagnosticSchema),
      }),
    ),
    warnings: z.array(z.string()),
  })
  .openapi('InstallDraft');

/** A draft id in a path: a UUID, anything else is a 400 and never a lookup. */
export const draftIdParamSchema = z.object({
  id: z
    .string()
    .uuid()
    .openapi({ param: { name: 'id', in: 'path' }, example: '6f1c2b8e-3a4d-4f5e-9a7b-1c2d3e4f5a6b' }),
});

const installIdsSchema = z
  .array(z.string().min(1).max(128))
  .min(1)
  .max(100)
  .optional()
  .openapi({ description: 'Skill ids of the draft to install; all that prepared when absent.' });

/** What a confirm installs: into the caller's workspace, or shared with the scope chosen now (admins). */
export const confirmDraftSchema = z
  .discriminatedUnion('target', [
    z.object({ target: z.literal('personal'), ids: installIdsSchema }).strict(),
    z
      .object({
        target: z.literal('shared'),
        ids: installIdsSchema,
        readScope: shareScopeSchema,
        manageScope: shareScopeSchema,
      })
      .strict(),
  ])
  .openapi('ConfirmDraft');

/** One skill a confirm installed. */
export const installedSkillSchema = z
  .object({
    id: z.string(),
    requestedId: z.string(),
    kind: z.enum(['personal', 'shared']),
    name: z.string(),
    description: z.string(),
    revision: z.string(),
  })
  .openapi('InstalledSkill');

/** A draft as the routes answer it (the content layer's `ContentDraft`, its readonly arrays as JSON). */
export type DraftJson = z.infer<typeof draftSchema>;

/** The answer body of a draft: `ContentDraft` is the shape of {@link draftSchema}, only readonly. */
export function draftJson(draft: ContentDraft): DraftJson {
  return draft as DraftJson;
}
