import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { SecurityError } from '@skilldock/core/errors';
import {
  isPathInside,
  MAX_SKILL_FILE_BYTES,
  parseSkill,
  readRegularFile,
  SKILL_FILE_NAME,
} from '@skilldock/core/format';
import { isSafePathSegment } from '@skilldock/core/fs';

/** The `source` mark of a generated skill's frontmatter (SPEC L1, L2). */
export type GeneratedSkillSource = 'learned' | 'auto-skill';

/** Options of {@link createGeneratedSkillGuard}. */
export interface GeneratedSkillGuardOptions {
  /** The folder generated skills go to (`learnDirectory(projectRoot, settings)`), absolute. */
  readonly directory: string;
  /** The mark a skill must carry for the run to edit it, and that a skill it creates must carry. */
  readonly source: GeneratedSkillSource;
  /** The folder-name prefix of a skill it creates. */
  readonly prefix: 'learned-skill-' | 'auto-skill-';
  /**
   * A folder above `directory` (the project root) from which every existing folder down to
   * `directory` is checked for links too. Default: only `directory` and below are checked.
   */
  readonly linkCheckRoot?: string;
}

/** One write a run wants to make. */
export interface GeneratedSkillWrite {
  /** `create`: a new skill folder's `SKILL.md`; `edit`: a file of a skill that carries the mark. */
  readonly action: 'create' | 'edit';
  /** The file to write, absolute. */
  readonly path: string;
  /** The file's whole new text when the writer knows it: a `SKILL.md` must keep the mark. */
  readonly content?: string;
}

/** A write the guard let through. */
export interface CheckedSkillWrite {
  readonly action: 'create' | 'edit';
  /** The skill's folder, absolute. */
  readonly skillDirectory: string;
  /** The skill folder's name, e.g. `learned-skill-deploy-service`. */
  readonly folderName: string;
  /** The written file relative to the skill folder, `/`-separated (`SKILL.md`, `references/a.md`). */
  readonly file: string;
}

/** Checks each write of a restricted run that generates skills (SPEC L1, L2, SEC1). */
export interface GeneratedSkillGuard {
  readonly directory: string;
  readonly source: GeneratedSkillSource;
  readonly prefix: string;
  /**
   * Resolves when the write may happen; throws `SecurityError` when the target is outside
   * `directory` (`generated_skill_outside_directory`), is not a skill file this run may write
   * (`generated_skill_path_invalid`), goes through a link (`generated_skill_link`), would overwrite
   * another skill (`generated_skill_exists`), or edits a skill whose `SKILL.md` lacks the mark
   * (`generated_skill_not_owned`). A skill this run created is edited like any other marked one.
   * It has no side effect but noting the folder a create was let through for.
   */
  check(write: GeneratedSkillWrite): Promise<CheckedSkillWrite>;
  /** The skill folders this guard let a create through for, in order (each once). */
  createdSkills(): readonly string[];
}

/** Longest skill name the `spec` profile allows; the folder name is the name. */
const MAX_SKILL_NAME_LENGTH = 64;

/** Deepest file inside a generated skill (`references/topic/a.md` is 3). */
const MAX_FILE_DEPTH = 4;

const NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The one check between a restricted run (learn, auto skill) and the disk: it may only create
 * `<directory>/<prefix><name>/SKILL.md` in a new folder, and edit files of skills whose `SKILL.md`
 * says `source: <source>`; every existing entry on the way is checked with `lstat`, so a link
 * anywhere below `directory` (or `linkCheckRoot`) is refused. Wire it into a run with
 * `createGeneratedSkillCallGate`.
 * @example
 * const guard = createGeneratedSkillGuard({ directory, source: 'learned', prefix: 'learned-skill-' });
 * await guard.check({ action: 'create', path: path.join(directory, 'learned-skill-deploy', 'SKILL.md') });
 */
export function createGeneratedSkillGuard(options: GeneratedSkillGuardOptions): GeneratedSkillGuard {
  const directory = path.resolve(options.directory);
  const { source, prefix } = options;
  const created: string[] = [];

  async function check(write: GeneratedSkillWrite): Promise<CheckedSkillWrite> {
    const target = path.resolve(write.path);
    const segments = locate(target);
    const folderName = segments[0]!;
    const skillDirectory = path.join(directory, folderName);
    const file = segments.slice(1).join('/');
    await refuseLinks(segments);
    if (write.action === 'create') {
      if (!folderName.startsWith(prefix) || !isSkillName(folderName) || file !== SKILL_FILE_NAME) {
        throw refusal(
          'generated_skill_path_invalid',
          `${target} is not a new skill file: only ${path.join(directory, `${prefix}<name>`, SKILL_FILE_NAME)} may be created, <name> in lowercase letters, digits and single hyphens, ${MAX_SKILL_NAME_LENGTH} characters at most in all.`,
          target,
        );
      }
      if ((await lstatOrUndefined(skillDirectory)) !== undefined) {
        throw refusal(
          'generated_skill_exists',
          `${skillDirectory} already exists; a new skill never overwrites another. Pick another name.`,
          skillDirectory,
        );
      }
      if (!created.includes(skillDirectory)) created.push(skillDirectory);
    } else {
      await requireMark(skillDirectory, target);
    }
    if (file === SKILL_FILE_NAME && write.content !== undefined && !carriesMark(write.content)) {
      throw refusal(
        'generated_skill_not_owned',
        `The new ${SKILL_FILE_NAME} of ${folderName} must keep "source: ${source}" in its frontmatter.`,
        target,
      );
    }
    return { action: write.action, skillDirectory, folderName, file };
  }

  /** The path's segments below `directory`: a skill folder and the file inside it. */
  function locate(target: string): string[] {
    if (!isPathInside(target, directory) || target === directory) {
      throw refusal(
        'generated_skill_outside_directory',
        `${target} is outside ${directory}; this run may only write generated skills there.`,
        target,
      );
    }
    const segments = path.relative(directory, target).split(path.sep);
    if (segments.length < 2 || segments.length > MAX_FILE_DEPTH + 1 || !segments.every(isSafePathSegment)) {
      throw refusal(
        'generated_skill_path_invalid',
        `${target} is not a file inside a skill folder of ${directory}.`,
        target,
      );
    }
    return segments;
  }

  async function refuseLinks(segments: readonly string[]): Promise<void> {
    const root = options.linkCheckRoot === undefined ? undefined : path.resolve(options.linkCheckRoot);
    const above =
      root !== undefined && isPathInside(directory, root)
        ? path.relative(root, directory).split(path.sep).filter(Boolean)
        : [];
    let current = root !== undefined && above.length > 0 ? root : directory;
    const walk = root !== undefined && above.length > 0 ? [...above, ...segments] : ['', ...segments];
    for (const segment of walk) {
      current = segment === '' ? current : path.join(current, segment);
      const info = await lstatOrUndefined(current);
      if (info === undefined) return;
      if (info.isSymbolicLink()) {
        throw refusal(
          'generated_skill_link',
          `${current} is a symbolic link; generated skills are never written through a link.`,
          current,
        );
      }
    }
  }

  async function requireMark(skillDirectory: string, target: string): Promise<void> {
    const skillFile = path.join(skillDirectory, SKILL_FILE_NAME);
    // Opened without following a link: a SKILL.md that is a link marks nothing.
    const read = readRegularFile(skillFile, { maxBytes: MAX_SKILL_FILE_BYTES });
    if (!read.ok || !carriesMark(read.bytes.toString('utf8'))) {
      throw refusal(
        'generated_skill_not_owned',
        `${target} belongs to ${skillDirectory}, whose ${SKILL_FILE_NAME} is not marked "source: ${source}"; this run edits only skills it generated.`,
        target,
      );
    }
  }

  function carriesMark(text: string): boolean {
    const parsed = parseSkill(text, { profile: 'lenient' });
    return parsed.ok && parsed.skill.fields.source === source;
  }

  return {
    directory,
    source,
    prefix,
    check,
    createdSkills: () => [...created],
  };
}

function isSkillName(name: string): boolean {
  return name.length <= MAX_SKILL_NAME_LENGTH && NAME_PATTERN.test(name);
}

async function lstatOrUndefined(target: string) {
  try {
    return await lstat(target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}

function refusal(code: GeneratedSkillRefusalCode, message: string, target: string): SecurityError {
  return new SecurityError(code, message, { details: { path: target } });
}

/** The codes {@link GeneratedSkillGuard.check} throws. */
export type GeneratedSkillRefusalCode =
  | 'generated_skill_outside_directory'
  | 'generated_skill_path_invalid'
  | 'generated_skill_link'
  | 'generated_skill_exists'
  | 'generated_skill_not_owned';
