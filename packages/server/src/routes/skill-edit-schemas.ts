import { z } from '@hono/zod-openapi';
import { UserInputError } from '@skilldock/core/errors';
import type { ContentFile, EditContent, SkillEdit } from '../content/index.js';
import type { SaveOutcome } from '../skill-content/editable-skill.js';

/** A content revision: `sha256:` and 64 lowercase hex digits. */
export const revisionSchema = z
  .string()
  .regex(/^sha256:[0-9a-f]{64}$/, "'sha256:' and 64 lowercase hex digits")
  .openapi({ example: `sha256:${'0'.repeat(64)}` });

/** A relative file path inside a skill (checked again, with the file system, by the content layer). */
const contentPathSchema = z.string().min(1).max(1024).openapi({ example: 'scripts/run.sh' });
const names = z.array(z.string().min(1).max(200)).max(200);
const encodingSchema = z.enum(['utf8', 'base64']).default('utf8');
const content = { content: z.string().max(1024 * 1024), encoding: encodingSchema };

/** One edit of a save (SPEC Y5), as JSON: file contents are UTF-8 text or base64. */
export const skillEditSchema = z
  .discriminatedUnion('type', [
    z
      .object({
        type: z.literal('write'),
        path: contentPathSchema,
        ...content,
        sha256: revisionSchema.optional(),
        executable: z.boolean().optional(),
      })
      .strict(),
    z
      .object({
        type: z.literal('create'),
        path: contentPathSchema,
        ...content,
        executable: z.boolean().optional(),
      })
      .strict(),
    z.object({ type: z.literal('rename'), from: contentPathSchema, to: contentPathSchema }).strict(),
    z.object({ type: z.literal('mkdir'), path: contentPathSchema }).strict(),
    z.object({ type: z.literal('delete'), path: contentPathSchema }).strict(),
    z
      .object({
        type: z.literal('dependencies'),
        tools: names.optional(),
        mcpServers: names.optional(),
        skills: names.optional(),
      })
      .strict(),
  ])
  .openapi('SkillEdit');

/** The body of a save: the revision it started from and all its edits, applied in order. */
export const saveBodySchema = z
  .object({ baseRevision: revisionSchema, edits: z.array(skillEditSchema).min(1).max(500) })
  .strict()
  .openapi('SkillSave');

/** The body of a single-file write: the new content and the SHA-256 of the file as it was loaded. */
export const fileWriteBodySchema = z
  .object({ ...content, sha256: revisionSchema })
  .strict()
  .openapi('SkillFileWrite');

/** A skill's file tree (SPEC Y5) at its current revision. */
export const treeSchema = z
  .object({
    revision: revisionSchema,
    entries: z.array(
      z.union([
        z.object({ type: z.literal('directory'), path: z.string() }),
        z.object({
          type: z.literal('file'),
          path: z.string(),
          size: z.number().int(),
          executable: z.boolean(),
          sha256: z.string(),
        }),
      ]),
    ),
    totalBytes: z.number().int(),
    warnings: z.array(z.string()),
  })
  .openapi('SkillTree');

/** One file: UTF-8 text when it is valid UTF-8, else base64. */
export const fileSchema = z
  .object({
    path: z.string(),
    sha256: z.string(),
    size: z.number().int(),
    executable: z.boolean(),
    encoding: z.enum(['utf8', 'base64']),
    content: z.string(),
    revision: revisionSchema,
  })
  .openapi('SkillFile');

/** What a save or a write did. */
export const saveResultSchema = z
  .object({
    revision: revisionSchema,
    baseRevision: revisionSchema,
    changed: z.boolean(),
    skill: z.object({
      id: z.string(),
      name: z.string(),
      description: z.string(),
      version: z.string(),
      dependencies: z.object({
        tools: z.array(z.string()),
        mcpServers: z.array(z.string()),
        skills: z.array(z.string()),
      }),
    }),
  })
  .openapi('SkillSaveResult');

/** The bytes of `content` in `encoding`; base64 must be canonical (no stray characters). */
export function decodeContent(text: string, encoding: 'utf8' | 'base64'): EditContent {
  if (encoding === 'utf8') return text;
  const bytes = Buffer.from(text, 'base64');
  if (bytes.toString('base64') !== text)
    throw new UserInputError('invalid_request', 'The content is not canonical base64.', {
      details: { field: 'content' },
    });
  return bytes;
}

/** The content layer's edits from the request's. */
export function toSkillEdits(edits: readonly z.infer<typeof skillEditSchema>[]): SkillEdit[] {
  return edits.map((edit): SkillEdit => {
    if (edit.type === 'write' || edit.type === 'create') {
      const { encoding, content: text, ...rest } = edit;
      return { ...rest, content: decodeContent(text, encoding) };
    }
    return edit;
  });
}

/** The answer of a save or a write. */
export function saveResultJson(id: string, saved: SaveOutcome): z.infer<typeof saveResultSchema> {
  const { index } = saved;
  return {
    revision: saved.revision,
    baseRevision: saved.baseRevision,
    changed: saved.changed,
    skill: {
      id,
      name: index.name,
      description: index.description,
      version: index.version,
      dependencies: {
        tools: [...index.dependencies.tools],
        mcpServers: [...index.dependencies.mcpServers],
        skills: [...index.dependencies.skills],
      },
    },
  };
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The answer of a file read: UTF-8 text when it is valid UTF-8, else base64. */
export function fileJson(file: ContentFile, revision: string): z.infer<typeof fileSchema> {
  const text = isUtf8(file.bytes);
  return {
    path: file.path,
    sha256: file.sha256,
    size: file.bytes.byteLength,
    executable: file.executable,
    encoding: text ? 'utf8' : 'base64',
    content: file.bytes.toString(text ? 'utf8' : 'base64'),
    revision,
  };
}
