import { SecurityError } from '@skilldock/core/errors';
import type { CollectedPackageFiles } from '@skilldock/core/package';

/**
 * The error for a skill folder holding entries no package may hold (SPEC P2, Y15): a link
 * (`symlink_refused`), a secret (`secret_in_package`) or a special file (`special_file`), coded
 * after the first and naming all of them; `undefined` when there are none.
 */
export function refusedEntryError(collected: CollectedPackageFiles, what: string): SecurityError | undefined {
  const first = collected.refused[0];
  if (first === undefined) return undefined;
  return new SecurityError(
    first.kind === 'symlink'
      ? 'symlink_refused'
      : first.kind === 'secret'
        ? 'secret_in_package'
        : 'special_file',
    `${what}: ${collected.refused.map((entry) => `${entry.path} (${entry.reason})`).join(', ')}.`,
    { details: { path: first.path, files: collected.refused.map((entry) => entry.path) } },
  );
}
