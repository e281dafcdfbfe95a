import { ConflictError } from '@skilldock/core/errors';

/** The highest suffix tried: `<id>-v99`. */
const MAX_VERSION_SUFFIX = 99;

/**
 * The id a shared install gets (SPEC Y4): `id` when free, else `id-v2`, `id-v3`, … — the first one
 * `isTaken` says is free. An id that already ends in `-vN` is suffixed again (`pdf-v2-v2`), so an
 * install never claims a suffix another install owns.
 * @throws ConflictError `skill_id_exhausted` when `-v2` … `-v99` are all taken.
 * @example await nextFreeSkillId('pdf', (id) => ids.has(id)) // 'pdf-v3' when pdf and pdf-v2 exist
 */
export async function nextFreeSkillId(
  id: string,
  isTaken: (id: string) => boolean | Promise<boolean>,
): Promise<string> {
  if (!(await isTaken(id))) return id;
  for (let version = 2; version <= MAX_VERSION_SUFFIX; version++) {
    const candidate = `${id}-v${version}`;
    if (!(await isTaken(candidate))) return candidate;
  }
  throw new ConflictError(
    'skill_id_exhausted',
    `${id} and ${id}-v2 … ${id}-v${MAX_VERSION_SUFFIX} are all taken.`,
    {
      details: { id },
    },
  );
}
