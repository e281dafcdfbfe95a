import { classifyPackageFile } from '@skilldock/core/package';

/**
 * Why a path names a secret by core's P2 rules (`.env`, private keys, `.npmrc`, a file inside
 * `.ssh/` or `.aws/`, …), or `undefined` (SPEC SEC3): such a file never reaches a learn run's model.
 * `relativePath` is `/`-separated; every folder on the way is checked, then the file.
 * @example secretFileRule('config/.env') // 'environment file'
 */
export function secretFileRule(relativePath: string): string | undefined {
  const segments = relativePath.split(/[\\/]+/).filter((segment) => segment !== '' && segment !== '..');
  for (const index of segments.keys()) {
    const rule = classifyPackageFile(segments.slice(0, index + 1).join('/'), {
      isDirectory: index < segments.length - 1,
      isSymbolicLink: false,
      size: 0,
    });
    if (rule.kind === 'secret') return rule.reason;
  }
  return undefined;
}

/**
 * Why a learn source is itself a secret, or `undefined` (SPEC L1, SEC3): `absolutePath` is checked
 * folder by folder (`~/.ssh/config`, `~/.aws`), its last segment as what it is (`isDirectory`), so
 * `/learn ~/.ssh` and `/learn ./.env` are refused before anything is read.
 * @example secretSourceRule('/home/me/.ssh', true) // 'SSH key folder'
 */
export function secretSourceRule(absolutePath: string, isDirectory: boolean): string | undefined {
  const segments = absolutePath.split(/[\\/]+/).filter((segment) => segment !== '');
  for (const [index, segment] of segments.entries()) {
    const rule = classifyPackageFile(segment, {
      isDirectory: index < segments.length - 1 || isDirectory,
      isSymbolicLink: false,
      size: 0,
    });
    if (rule.kind === 'secret') return rule.reason;
  }
  return undefined;
}
