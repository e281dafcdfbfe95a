/**
 * The folder name a skill is installed under, derived from its frontmatter `name` exactly as the
 * `skills` CLI does (so both tools agree on folders and lock keys): lowercase, every run of characters
 * other than `a-z 0-9 . _` becomes `-`, leading and trailing dots and hyphens are dropped, at most 255
 * characters, `unnamed-skill` when nothing is left.
 * @example sanitizeInstallName('PDF Tools') // 'pdf-tools'
 */
export function sanitizeInstallName(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9._]+/g, '-')
      .replace(/^[.-]+|[.-]+$/g, '')
      .substring(0, 255) || 'unnamed-skill'
  );
}
