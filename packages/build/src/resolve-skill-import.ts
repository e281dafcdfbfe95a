import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isPathInside, unsafeRelativePathReason } from '@skilldock/core/format';
import { SkillImportError } from './skill-import-error.js';

/** True for a specifier that names a skill's SKILL.md (`./skills/refunds/SKILL.md`, `pkg/x/SKILL.md`). */
export function isSkillSpecifier(specifier: string): boolean {
  return specifier === 'SKILL.md' || specifier.endsWith('/SKILL.md');
}

/** How {@link resolveSkillImport} resolves. */
export interface ResolveSkillImportOptions {
  /** The project root: a relative or absolute SKILL.md import must stay inside it. */
  readonly root: string;
}

/**
 * The real path of the SKILL.md a specifier names, or a {@link SkillImportError}. A relative or
 * absolute path (root-relative when it does not start with the root) must land inside the project root (no climbing out with `..` or a link); a package
 * path (`@acme/review-skills/review/SKILL.md`) is resolved as Node resolves it, so a package with
 * `exports` must export that subpath, and the subpath may not climb out of the package.
 */
export function resolveSkillImport(
  specifier: string,
  importer: string | undefined,
  { root }: ResolveSkillImportOptions,
): string {
  const from = importer === undefined ? path.join(root, 'index.js') : importer;
  if (specifier.startsWith('.') || path.isAbsolute(specifier)) {
    // `/skills/x/SKILL.md` is root-relative, as Vite reads it, unless it already names the root.
    const target =
      path.isAbsolute(specifier) && !isPathInside(path.resolve(specifier), root)
        ? path.join(root, specifier)
        : path.resolve(path.dirname(from), specifier);
    const real = realPathOf(target, specifier, from);
    const realRoot = realpathSync(root);
    if (!isPathInside(real, realRoot)) {
      throw new SkillImportError(
        'skill_import_outside',
        `'${specifier}' resolves to ${real}, outside the project root ${realRoot}`,
      );
    }
    return real;
  }
  const subpath = packageSubpath(specifier);
  const reason = unsafeRelativePathReason(subpath);
  if (reason !== undefined) {
    throw new SkillImportError(
      'skill_import_outside',
      `'${specifier}': the path inside the package ${reason}`,
    );
  }
  let resolved: string;
  try {
    resolved = createRequire(from).resolve(specifier);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why =
      code === 'ERR_PACKAGE_PATH_NOT_EXPORTED'
        ? `the package's "exports" do not export ./${subpath}`
        : `it cannot be resolved from ${from} (${code ?? 'error'})`;
    throw new SkillImportError('skill_import_unresolved', `Cannot import '${specifier}': ${why}`);
  }
  return realPathOf(resolved, specifier, from);
}

// `@scope/name/a/SKILL.md` → `a/SKILL.md`; `name/a/SKILL.md` → `a/SKILL.md`.
function packageSubpath(specifier: string): string {
  const segments = specifier.split('/');
  return segments.slice(specifier.startsWith('@') ? 2 : 1).join('/');
}

function realPathOf(target: string, specifier: string, importer: string): string {
  try {
    return realpathSync(target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new SkillImportError(
      'skill_import_unresolved',
      `Cannot import '${specifier}' from ${importer}: ${target} (${code})`,
    );
  }
}
