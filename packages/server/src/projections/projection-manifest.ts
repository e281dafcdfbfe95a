import { readRegularFile } from '@skilldock/core/format';
import { isSafeSkillId, writeFileAtomic } from '@skilldock/core/fs';
import { z } from 'zod';

/** Largest manifest read back (a few hundred bytes per entry). */
const MAX_MANIFEST_BYTES = 4 * 1024 * 1024;

const manifestSchema = z.object({
  version: z.literal(1),
  /** The access generation the projection was built at; `null` while a rebuild is under way. */
  generation: z.string().nullable(),
  entries: z.record(
    z.string().refine(isSafeSkillId),
    z.object({ kind: z.enum(['builtin', 'shared']), revision: z.string().min(1) }),
  ),
});

/** What a projection was built from: the access generation and each entry's revision. */
export type ProjectionManifest = z.infer<typeof manifestSchema>;

/** The manifest of a projection that has none yet (or whose manifest is unreadable). */
export const EMPTY_MANIFEST: ProjectionManifest = { version: 1, generation: null, entries: {} };

/**
 * Reads a manifest without following a link (core's `readRegularFile`); a missing, linked, torn or
 * malformed one reads as {@link EMPTY_MANIFEST}, which makes the next ensure rebuild everything.
 */
export function readProjectionManifest(file: string): ProjectionManifest {
  const read = readRegularFile(file, { maxBytes: MAX_MANIFEST_BYTES });
  if (!read.ok) return EMPTY_MANIFEST;
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(Buffer.from(read.bytes).toString('utf8')));
    return parsed.success ? parsed.data : EMPTY_MANIFEST;
  } catch {
    return EMPTY_MANIFEST;
  }
}

/** Writes a manifest atomically (readers see the old one or the new one; a link there is replaced). */
export async function writeProjectionManifest(file: string, manifest: ProjectionManifest): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o644 });
}
