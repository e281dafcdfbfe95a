import { type ArchiveLimits, checkSkillPackable } from '@skilldock/core/package';

/**
 * Re-checks the P3 budget of a skill folder (SPEC Y5: on every save) with the checks of packing it
 * as an export would (`checkSkillPackable`; the zip is only made when its size is not provable from
 * the file sizes): the import's own limits (50 MiB expanded, 2000 entries, depth, case-folded
 * duplicates, entry names) and the 10 MiB compressed limit, plus the P2 refusals (secrets, links,
 * special files, no SKILL.md). What passes can always be exported and imported again.
 * @throws SecurityError with the import's code (`archive_too_large_expanded`, `too_many_entries`,
 *   `entry_too_deep`, `archive_too_large`, `duplicate_entry`, `secret_in_package`, …).
 */
export async function checkContentBudget(directory: string, limits?: Partial<ArchiveLimits>): Promise<void> {
  await checkSkillPackable(directory, limits === undefined ? {} : { importLimits: limits });
}
