import { LARGE_FILE_BYTES, PACKAGE_FILE_RULES, type PackageFileRule } from './package-file-rules.js';

/** What a file system entry needs to be classified. */
export interface PackageFileInfo {
  readonly isDirectory: boolean;
  readonly isSymbolicLink: boolean;
  readonly size: number;
}

/** How the P2 rules treat one entry of a skill folder. */
export type PackageFileClassification =
  | { readonly kind: 'include' }
  | { readonly kind: 'noise'; readonly reason: string; readonly rule: string }
  | { readonly kind: 'secret'; readonly reason: string; readonly rule: string }
  | { readonly kind: 'symlink' }
  | { readonly kind: 'large'; readonly reason: string };

/**
 * Classifies one entry of a skill folder by the P2 rules ({@link PACKAGE_FILE_RULES}) from its
 * relative POSIX path and type: `noise` is skipped with a warning, `secret` and `symlink` refuse
 * the package, `large` is included with a warning. Only names are looked at here; content rules
 * (a private key under an innocent name) are applied by `collectPackageFiles`.
 * @example
 * classifyPackageFile('keys/.env', { isDirectory: false, isSymbolicLink: false, size: 10 });
 * // { kind: 'secret', reason: 'environment file', rule: 'env-file' }
 */
export function classifyPackageFile(
  relativePosixPath: string,
  info: PackageFileInfo,
): PackageFileClassification {
  if (info.isSymbolicLink) return { kind: 'symlink' };
  const name = relativePosixPath.slice(relativePosixPath.lastIndexOf('/') + 1);
  const rule = matchNameRule(name, info.isDirectory);
  if (rule) return { kind: rule.kind, reason: rule.reason, rule: rule.id };
  if (!info.isDirectory && info.size > LARGE_FILE_BYTES) {
    return {
      kind: 'large',
      reason: `${formatMebibytes(info.size)} is over the ${formatMebibytes(LARGE_FILE_BYTES)} a skill file should stay under`,
    };
  }
  return { kind: 'include' };
}

/** The first name rule that matches a base name, if any. */
export function matchNameRule(name: string, isDirectory: boolean): PackageFileRule | undefined {
  return PACKAGE_FILE_RULES.find(
    (rule) =>
      rule.name !== undefined &&
      (rule.appliesTo === 'any' || (rule.appliesTo === 'directory') === isDirectory) &&
      rule.name.test(name),
  );
}

/** The first content rule that matches the first bytes of a file, if any. */
export function matchContentRule(head: Buffer): PackageFileRule | undefined {
  const text = head.toString('latin1');
  return PACKAGE_FILE_RULES.find((rule) => rule.content?.test(text));
}

function formatMebibytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(bytes % (1024 * 1024) === 0 ? 0 : 1)} MiB`;
}
