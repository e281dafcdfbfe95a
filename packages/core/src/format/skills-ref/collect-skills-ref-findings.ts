import { stat } from 'node:fs/promises';
import { LineIndex, type TextPosition } from '../text-position.js';
import { findSkillsRefSkillFile } from './find-skills-ref-skill-file.js';
import { parseSkillsRefFrontmatter } from './parse-skills-ref-frontmatter.js';
import { formatPythonPath, joinPythonPath, parsePythonPath, pythonPathName } from './python-path.js';
import { readSkillsRefSkillFile } from './read-skills-ref-skill-file.js';
import { skillsRefDiskPath } from './skills-ref-path.js';
import { validateSkillsRefMetadata } from './validate-skills-ref-metadata.js';

/** One finding of the reference's `validate()`, located where we can. */
export interface LocatedSkillsRefFinding {
  readonly code: string;
  readonly message: string;
  /** The skill file as the reference would print it, when one was found. */
  readonly file?: string;
  readonly position?: TextPosition;
  readonly field?: string;
}

/** Everything `validate()` reports for one folder. */
export interface SkillsRefFindings {
  readonly findings: readonly LocatedSkillsRefFinding[];
  /** Set when the reference would crash instead: the last line of its traceback. */
  readonly crash?: string;
}

async function statOrUndefined(file: string): Promise<Awaited<ReturnType<typeof stat>> | undefined> {
  try {
    return await stat(file);
  } catch {
    return undefined;
  }
}

/**
 * The reference's `validate(skill_dir)` with positions: path checks, `SKILL.md`/`skill.md`, the
 * frontmatter, then every field check. `directory` is read like Python's `Path(directory)`:
 * relative to `cwd`, and its printed form and name come from what was typed.
 */
export async function collectSkillsRefFindings(
  directory: string,
  cwd: string = process.cwd(),
): Promise<SkillsRefFindings> {
  const typed = parsePythonPath(directory);
  const shown = formatPythonPath(typed);
  const onDisk = skillsRefDiskPath(typed, cwd);
  const stats = await statOrUndefined(onDisk);
  if (stats === undefined)
    return { findings: [{ code: 'path_not_found', message: `Path does not exist: ${shown}` }] };
  if (!stats.isDirectory())
    return { findings: [{ code: 'not_a_directory', message: `Not a directory: ${shown}` }] };
  const fileName = await findSkillsRefSkillFile(onDisk);
  if (fileName === undefined)
    return { findings: [{ code: 'skill_file_missing', message: 'Missing required file: SKILL.md' }] };
  const file = formatPythonPath(joinPythonPath(typed, fileName));
  const read = await readSkillsRefSkillFile(`${onDisk}/${fileName}`, file);
  if (!read.ok) {
    const finding = { code: read.code, message: read.message, file };
    return read.crash ? { findings: [finding], crash: read.message } : { findings: [finding] };
  }
  const lines = new LineIndex(read.text);
  const parsed = parseSkillsRefFrontmatter(read.text);
  if (!parsed.ok) {
    const finding = {
      code: parsed.code,
      message: parsed.message,
      file,
      position: lines.positionAt(parsed.offset),
    };
    return parsed.crash === undefined
      ? { findings: [finding] }
      : { findings: [finding], crash: parsed.crash };
  }
  const findings = validateSkillsRefMetadata(parsed.metadata, pythonPathName(typed)).map((finding) => {
    const located = finding.field === undefined ? undefined : parsed.positions.get(finding.field);
    const offset =
      located === undefined ? 0 : finding.code === 'unexpected_fields' ? located.key : located.value;
    return { ...finding, file, position: lines.positionAt(offset) };
  });
  return { findings };
}
