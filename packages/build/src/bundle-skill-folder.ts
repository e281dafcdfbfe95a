import path from 'node:path';
import {
  type Diagnostic,
  formatDiagnostic,
  type InlineFileContent,
  loadSkill,
  type ParsedSkill,
  SKILL_FILE_NAME,
} from '@skilldock/core/format';
import { collectPackageFiles } from '@skilldock/core/package';
import { readBundledFile } from './read-bundled-file.js';
import { SkillImportError } from './skill-import-error.js';

/** Which SPEC S3 profile validates an imported SKILL.md. */
export type SkillImportProfile = 'spec' | 'lenient';

/** A validated skill folder, read whole, ready to become a module. */
export interface SkillFolderBundle {
  readonly skill: ParsedSkill;
  /** Supporting files (SKILL.md excluded), sorted by path, with their content. */
  readonly files: readonly {
    readonly path: string;
    readonly size: number;
    readonly content: InlineFileContent;
  }[];
  /** Validation warnings, skipped noise and large files, one line each. */
  readonly warnings: readonly string[];
  /** Every file the module was made from, for the bundler's watcher. */
  readonly watchFiles: readonly string[];
}

/**
 * Validate a SKILL.md and read its folder under the P2 rules (SPEC I5): an invalid SKILL.md, a
 * secret, a symbolic link or a special file anywhere in the folder throws a {@link SkillImportError}
 * naming `file:line:column` or the refused paths; noise is skipped and files over 1 MiB are bundled
 * with a warning.
 */
export async function bundleSkillFolder(
  skillFile: string,
  { profile = 'spec' }: { profile?: SkillImportProfile } = {},
): Promise<SkillFolderBundle> {
  const directory = path.dirname(skillFile);
  const loaded = await loadSkill(directory, { profile, listFiles: false });
  const errors = loaded.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (!loaded.ok || errors.length > 0)
    throw invalidSkill(skillFile, errors.length > 0 ? errors : loaded.diagnostics);

  const collected = await collectPackageFiles(directory);
  if (collected.refused.length > 0) {
    const lines = collected.refused.map((entry) => `${path.join(directory, entry.path)}: ${entry.reason}`);
    throw new SkillImportError(
      'skill_import_refused_file',
      `${skillFile}: the skill folder cannot be bundled (secrets and links are never bundled):\n  ${lines.join('\n  ')}`,
    );
  }
  const supporting = collected.files.filter((file) => file.path !== SKILL_FILE_NAME);
  const files = await Promise.all(
    supporting.map(async (file) => ({
      path: file.path,
      size: file.size,
      content: await readBundledFile(file.absolutePath),
    })),
  );
  const warnings = [
    ...loaded.diagnostics.filter((diagnostic) => diagnostic.severity !== 'info').map(formatDiagnostic),
    ...collected.warnings.map((warning) => `${directory}: ${warning}`),
  ];
  return {
    skill: loaded.skill,
    files,
    warnings,
    watchFiles: [skillFile, ...supporting.map((file) => file.absolutePath)],
  };
}

function invalidSkill(skillFile: string, diagnostics: readonly Diagnostic[]): SkillImportError {
  const first = diagnostics[0];
  const location = {
    file: first?.file ?? skillFile,
    line: first?.line ?? 1,
    column: first?.column ?? 1,
  };
  const rest = diagnostics.slice(1).map((diagnostic) => `\n  ${formatDiagnostic(diagnostic)}`);
  const head = first === undefined ? 'invalid SKILL.md' : `${first.code}: ${first.message}`;
  return new SkillImportError('skill_import_invalid', `${head}${rest.join('')}`, location);
}
