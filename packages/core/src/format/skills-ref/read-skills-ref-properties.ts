import { type Failure, failure } from '../../result.js';
import { findSkillsRefSkillFile } from './find-skills-ref-skill-file.js';
import {
  type ParseSkillsRefFrontmatterResult,
  parseSkillsRefFrontmatter,
} from './parse-skills-ref-frontmatter.js';
import { formatPythonPath, joinPythonPath, parsePythonPath } from './python-path.js';
import { pythonStrip } from './python-strip.js';
import { type ReadSkillsRefSkillFileResult, readSkillsRefSkillFile } from './read-skills-ref-skill-file.js';
import { skillsRefDiskPath } from './skills-ref-path.js';
import type { SkillsRefProperties } from './skills-ref-properties.js';
import type { SkillsRefOptions } from './validate-skills-ref.js';

type ReadFailureCode =
  | Extract<ReadSkillsRefSkillFileResult, { ok: false }>['code']
  | Extract<ParseSkillsRefFrontmatterResult, { ok: false }>['code'];

/** The outcome of {@link readSkillsRefProperties}. */
export type ReadSkillsRefPropertiesResult =
  | {
      readonly ok: true;
      readonly properties: SkillsRefProperties;
      /** The skill file read, as Python would print `skill_dir / name`. */
      readonly skillFile: string;
    }
  | Failure<
      ReadFailureCode | 'no_skill_file' | 'skill_field_missing' | 'skill_field_invalid',
      {
        // `message` is the reference's `SkillError` message (printed as `Error: <message>`).
        /** Set when the reference would crash with a traceback instead: its last line. */
        readonly crash?: string;
      }
    >;

/**
 * The reference's `read_properties(skill_dir)`: no full validation, only `name` and `description`
 * must be present, non-blank strings (both are stripped). `directory` is taken like
 * `Path(directory)`, relative to `cwd`; messages print it the way Python does.
 * @example const result = await readSkillsRefProperties('skills/pdf'); if (result.ok) console.log(result.properties.name);
 */
export async function readSkillsRefProperties(
  directory: string,
  options: SkillsRefOptions = {},
): Promise<ReadSkillsRefPropertiesResult> {
  const typed = parsePythonPath(directory);
  const onDisk = skillsRefDiskPath(typed, options.cwd ?? process.cwd());
  const fileName = await findSkillsRefSkillFile(onDisk);
  if (fileName === undefined)
    return failure('no_skill_file', `SKILL.md not found in ${formatPythonPath(typed)}`);
  const skillFile = formatPythonPath(joinPythonPath(typed, fileName));
  const read = await readSkillsRefSkillFile(`${onDisk}/${fileName}`, skillFile);
  if (!read.ok)
    return read.crash
      ? failure(read.code, read.message, { crash: read.message })
      : failure(read.code, read.message);
  const parsed = parseSkillsRefFrontmatter(read.text);
  if (!parsed.ok)
    return parsed.crash === undefined
      ? failure(parsed.code, parsed.message)
      : failure(parsed.code, parsed.message, { crash: parsed.crash });
  const { metadata } = parsed;
  if (!metadata.has('name'))
    return failure('skill_field_missing', 'Missing required field in frontmatter: name');
  if (!metadata.has('description'))
    return failure('skill_field_missing', 'Missing required field in frontmatter: description');
  const name = metadata.get('name');
  const description = metadata.get('description');
  if (typeof name !== 'string' || pythonStrip(name) === '')
    return failure('skill_field_invalid', "Field 'name' must be a non-empty string");
  if (typeof description !== 'string' || pythonStrip(description) === '') {
    return failure('skill_field_invalid', "Field 'description' must be a non-empty string");
  }
  const optional = (key: string) => metadata.get(key);
  const properties: SkillsRefProperties = {
    name: pythonStrip(name),
    description: pythonStrip(description),
    ...(metadata.has('license') ? { license: optional('license') } : {}),
    ...(metadata.has('compatibility') ? { compatibility: optional('compatibility') } : {}),
    ...(metadata.has('allowed-tools') ? { allowedTools: optional('allowed-tools') } : {}),
    ...(metadata.has('metadata') ? { metadata: optional('metadata') } : {}),
  };
  return { ok: true, properties, skillFile };
}
