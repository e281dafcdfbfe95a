import path from 'node:path';
import type { ErrorCode } from '../error-codes.js';
import type { Diagnostic } from '../format/diagnostic.js';
import { SKILL_FILE_NAME } from '../format/limits.js';
import { listSkillFiles, MAX_LISTED_DEPTH, MAX_LISTED_FILES } from '../format/list-skill-files.js';
import { loadSkillSync } from '../format/load-skill.js';
import { parseSkill } from '../format/parse-skill.js';
import type { ParseSkillResult } from '../format/types.js';
import { removeInside } from '../fs/remove-inside.js';
import { assertSafeSkillId } from '../fs/safe-path-segment.js';
import type { DraftFailure, DraftSkill } from './install-draft.js';
import { invalidSkillMessage } from './invalid-skill-message.js';
import { rememberStagedTree } from './publish/copy-skill-directory.js';
import type { SkillCandidate } from './sources/skill-candidate.js';
import { type StagedSkillCopy, stageSkillCopy } from './stage-skill-copy.js';
import type { StagingWriter } from './staging-writer.js';

/** A candidate whose SKILL.md was read leniently, ready to be staged. */
export interface NamedCandidate extends SkillCandidate {
  readonly id: string;
  readonly name: string;
  /** How paths are shown in diagnostics: the real folder for local sources, else the source path. */
  readonly displayDirectory: string;
  /** What the lenient read noticed (e.g. an invalid name), already relocated to `displayDirectory`. */
  readonly diagnostics: readonly Diagnostic[];
}

/** How to stage one skill. */
export interface PrepareDraftSkillOptions {
  /** Folder that receives `<id>/`. */
  readonly skillsDirectory: string;
  readonly profile: 'spec' | 'lenient';
  /** Symlinks git checked out as plain files, POSIX from the source root. */
  readonly symlinks: readonly string[];
  /** Creates the staged files; the caller flushes it before the copy is used. */
  readonly writer: StagingWriter;
}

/**
 * Stages one skill of a draft (SPEC P6): a clean copy under `<skillsDirectory>/<id>` (noise skipped,
 * secrets left out, links refused), validated where it will live — in a folder named by its install
 * id — with the revision and the `skills` CLI hash of exactly what confirm will publish.
 * Expected problems come back as a {@link DraftFailure}; the partial copy is removed.
 */
export async function prepareDraftSkill(
  candidate: NamedCandidate,
  options: PrepareDraftSkillOptions,
): Promise<DraftSkill | DraftFailure> {
  const fail = (code: ErrorCode, message: string, diagnostics: readonly Diagnostic[] = []): DraftFailure => ({
    sourcePath: candidate.sourcePath,
    name: candidate.name,
    code,
    message,
    diagnostics,
  });
  const linked = options.symlinks.filter(
    (link) => candidate.sourcePath === '' || link.startsWith(`${candidate.sourcePath}/`),
  );
  if (linked.length > 0)
    return fail(
      'symlink_in_skill',
      `The skill contains symbolic links, which are never installed: ${linked.join(', ')}.`,
    );

  const directory = path.join(options.skillsDirectory, assertSafeSkillId(candidate.id));
  const staged = await stageSkillCopy(candidate.directory, directory, options.writer);
  if (!staged.ok) {
    await removeInside(directory, options.skillsDirectory);
    return fail(staged.code, staged.message);
  }
  const loaded = await validateStagedSkill(directory, staged, options, candidate.lone === true);
  const diagnostics = relocate(loaded.diagnostics, directory, candidate.displayDirectory);
  if (!loaded.ok) {
    // Its files may still be being written: removing the folder must not race them.
    await options.writer.settle();
    await removeInside(directory, options.skillsDirectory);
    return fail(
      'invalid_skill',
      invalidSkillMessage(`${candidate.name} is not a valid skill`, diagnostics),
      diagnostics,
    );
  }
  const { revision, computedHash } = staged;
  const warnings = [...staged.warnings];
  const folderName = path.basename(candidate.directory);
  if (candidate.sourcePath !== '' && folderName !== candidate.id)
    warnings.push(`installed as ${candidate.id}/ (the source folder is ${folderName}/)`);
  if (staged.secrets.length > 0) warnings.push(`left out secret files: ${staged.secrets.join(', ')}`);
  const skill: DraftSkill = Object.freeze({
    id: candidate.id,
    name: loaded.skill.name,
    description: loaded.skill.description,
    directory,
    sourcePath: candidate.sourcePath,
    files: Object.freeze(
      staged.files.map((file) =>
        Object.freeze({ path: file.path, size: file.size, executable: file.executable }),
      ),
    ),
    totalBytes: staged.totalBytes,
    dependencies: Object.freeze([...loaded.skill.fields.skillDependencies]),
    diagnostics: Object.freeze(diagnostics),
    warnings: Object.freeze(warnings),
    secrets: Object.freeze([...staged.secrets]),
    revision,
    computedHash,
  });
  rememberStagedTree(skill, {
    directories: staged.directories,
    files: staged.files.map((file) => file.path),
  });
  return skill;
}

/**
 * What `loadSkillSync(directory, { profile })` says about a staged copy, from the SKILL.md bytes the
 * copy already read: the same parse, and the file listing only when the copy is deep or big enough
 * for it to report something (a staged copy has no links, special files or unreadable folders).
 * Anything unusual (no SKILL.md in hand) goes through `loadSkillSync` itself.
 */
async function validateStagedSkill(
  directory: string,
  staged: Extract<StagedSkillCopy, { ok: true }>,
  { profile, writer }: PrepareDraftSkillOptions,
  lone: boolean,
): Promise<ParseSkillResult> {
  // These read the staged copy, so its files must be on disk first.
  if (staged.skillFile === undefined) {
    await writer.flush();
    return loadSkillSync(directory, { profile, ...(lone ? { checkFolderName: false } : {}) });
  }
  const parsed = parseSkill(staged.skillFile, {
    file: path.join(directory, SKILL_FILE_NAME),
    // A lone SKILL.md's folder is named after the skill itself: nothing to check its name against.
    ...(lone ? {} : { folderName: path.basename(directory) }),
    profile,
  });
  if (!parsed.ok) return parsed;
  const needsListing =
    staged.files.length > MAX_LISTED_FILES ||
    staged.directories.some((folder) => folder.split('/').length >= MAX_LISTED_DEPTH);
  if (needsListing) await writer.flush();
  const listed = needsListing ? listSkillFiles(directory).diagnostics : [];
  return { ok: true, skill: parsed.skill, diagnostics: [...parsed.diagnostics, ...listed] };
}

/** Diagnostics name the file the user knows, not the staged copy. */
export function relocate(diagnostics: readonly Diagnostic[], from: string, to: string): Diagnostic[] {
  return diagnostics.map((diagnostic) => {
    if (diagnostic.file === undefined || !diagnostic.file.startsWith(from)) return diagnostic;
    const rest = diagnostic.file.slice(from.length).split(path.sep).filter(Boolean).join('/');
    return { ...diagnostic, file: to === '' ? rest : `${to}/${rest}` };
  });
}
