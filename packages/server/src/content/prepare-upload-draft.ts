import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SecurityError, UserInputError } from '@skilldock/core/errors';
import { MAX_SKILL_FILE_BYTES } from '@skilldock/core/format';
import type { ResolvedSource } from '@skilldock/core/install';
import { DEFAULT_ARCHIVE_LIMITS } from '@skilldock/core/package';
import { type ContentDraft, draftStore, summarizePreparedDraft } from './content-draft.js';
import type { ContentLayout } from './content-layout.js';
import { createWorkFolder } from './work-folder.js';

/** An uploaded file, as the route received it. */
export interface ContentUpload {
  /** The client's file name; shown, never used as a path. */
  readonly fileName: string;
  readonly bytes: Uint8Array;
}

/** Options of {@link prepareUploadDraft}. */
export interface PrepareUploadDraftOptions {
  /** Clock of the draft's `createdAt`/`expiresAt`; default now. */
  readonly now?: () => Date;
}

/**
 * Prepares a draft from an upload (SPEC Y4, P6): a ZIP (or `.tar.gz`/`.tar`) of at most 10 MiB —
 * refused before a byte is written when larger — or a single SKILL.md (at most 4 MiB). The kind
 * comes from the bytes (an archive's magic number), never from the file name. The archive goes
 * through core's P3 import (`extractArchive`: every limit enforced while streaming, links and
 * traversal refused) inside core's `DraftStore` under `<data>/drafts`; the uploaded bytes are
 * removed afterwards, whatever happened.
 * @throws SecurityError `archive_too_large` and the P3 refusals; UserInputError `unsupported_upload`,
 *   `skill_file_too_large`, `no_skill_file`, `no_skills_found`.
 * @example const draft = await prepareUploadDraft(layout, { fileName: 'pdf.zip', bytes });
 */
export async function prepareUploadDraft(
  layout: ContentLayout,
  upload: ContentUpload,
  { now }: PrepareUploadDraftOptions = {},
): Promise<ContentDraft> {
  const { bytes } = upload;
  const kind = uploadKind(bytes);
  const limit = kind === 'archive' ? DEFAULT_ARCHIVE_LIMITS.maxCompressedBytes : MAX_SKILL_FILE_BYTES;
  if (bytes.byteLength > limit)
    throw kind === 'archive'
      ? new SecurityError(
          'archive_too_large',
          `The upload is ${bytes.byteLength} bytes; an archive may have ${limit}.`,
          {
            details: { entry: '(archive)', limit, actual: bytes.byteLength },
          },
        )
      : new UserInputError(
          'skill_file_too_large',
          `The upload is ${bytes.byteLength} bytes; a SKILL.md may have ${limit}.`,
          {
            details: { limit, actual: bytes.byteLength },
          },
        );
  if (kind === 'unsupported')
    throw new UserInputError(
      'unsupported_upload',
      `${JSON.stringify(upload.fileName)} is neither a ZIP (or .tar.gz) archive nor a SKILL.md with frontmatter.`,
      { details: { field: 'file' } },
    );
  const work = await createWorkFolder(layout);
  try {
    const file = path.join(work.directory, kind === 'archive' ? 'upload.archive' : 'SKILL.md');
    await writeFile(file, bytes, { flag: 'wx', mode: 0o600 });
    const displayName =
      String(upload.fileName)
        .replace(/[\u0000-\u001f\u007f]/g, '')
        .slice(0, 255) || 'upload';
    const source: ResolvedSource = {
      input: displayName,
      type: kind === 'archive' ? 'archive' : 'file',
      path: file,
      lockSource: `upload:${displayName}`,
      lockSourceType: 'upload',
    };
    const store = draftStore(layout, now);
    const draft = await store.prepare(source, { cwd: work.directory, allowedHosts: [] });
    return await summarizePreparedDraft(store, draft);
  } finally {
    await work.dispose();
  }
}

function uploadKind(bytes: Uint8Array): 'archive' | 'skill-file' | 'unsupported' {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 512));
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && (head[2] === 3 || head[2] === 5))
    return 'archive';
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'archive';
  if (head.length >= 262 && head.subarray(257, 262).toString('latin1') === 'ustar') return 'archive';
  const text = head.toString('utf8').replace(/^\uFEFF/, '');
  return text.startsWith('---\n') || text.startsWith('---\r\n') ? 'skill-file' : 'unsupported';
}
