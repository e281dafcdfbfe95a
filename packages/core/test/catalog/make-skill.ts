import { join } from 'node:path';
import { parseSkill } from '../../src/format/parse-skill.js';
import type { Skill, SourceType } from '../../src/format/types.js';

/** Options of {@link makeSkill}. */
export interface MakeSkillOptions {
  readonly sourceType?: SourceType;
  readonly sourceScope?: string;
  readonly description?: string;
  /** Extra frontmatter lines, e.g. `priority: 3`. */
  readonly extra?: string;
  /** Folder that holds the skill folder; default `/skills/<sourceType>`. */
  readonly base?: string;
}

/** A skill built through the real parser, placed at `<base>/<name>` with the given origin. */
export function makeSkill(name: string, options: MakeSkillOptions = {}): Skill {
  const sourceType = options.sourceType ?? 'project';
  const description = options.description ?? `The ${name} skill. Use when testing.`;
  const text = [
    '---',
    `name: ${JSON.stringify(name)}`,
    `description: ${JSON.stringify(description)}`,
    options.extra ?? '',
    '---',
    '',
    `# ${name}`,
    '',
  ].join('\n');
  const base = options.base ?? `/skills/${sourceType}`;
  const directory = join(base, name);
  const parsed = parseSkill(text, { file: join(directory, 'SKILL.md'), folderName: name });
  if (!parsed.ok) throw new Error(`fixture skill ${name} is invalid: ${JSON.stringify(parsed.diagnostics)}`);
  return Object.freeze({
    ...parsed.skill,
    directory,
    skillFile: join(directory, 'SKILL.md'),
    files: [],
    origin: {
      sourceType,
      ...(options.sourceScope === undefined ? {} : { sourceScope: options.sourceScope }),
      sourceDir: base,
    },
    diagnostics: parsed.diagnostics,
  });
}
