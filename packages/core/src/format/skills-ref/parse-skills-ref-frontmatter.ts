import type { Failure } from '../../result.js';
import { pythonStr } from './python-repr.js';
import { pythonStrip } from './python-strip.js';
import { readStrictYaml, type StrictYamlKeyPosition } from './read-strict-yaml.js';
import { isStrictYamlMapping, type StrictYamlMapping, type StrictYamlValue } from './strict-yaml-value.js';

/** The outcome of {@link parseSkillsRefFrontmatter}; offsets are UTF-16 offsets in the text. */
export type ParseSkillsRefFrontmatterResult =
  | {
      readonly ok: true;
      readonly metadata: StrictYamlMapping;
      readonly body: string;
      readonly positions: ReadonlyMap<string, StrictYamlKeyPosition>;
    }
  | Failure<
      'frontmatter_missing' | 'frontmatter_unclosed' | 'yaml_invalid' | 'frontmatter_not_mapping',
      {
        readonly offset: number;
        /** The reference crashes instead of reporting (see `readStrictYaml`); last traceback line. */
        readonly crash?: string;
      }
    >;

const DELIMITER = '---';

/**
 * The reference's `parse_frontmatter`: the text must start with `---`; it is split on the first two
 * occurrences of `---` anywhere (so `a --- b` in a value ends the frontmatter); the middle part is
 * read as strict YAML and must be a mapping; `metadata` values are turned into strings with
 * Python's `str()`; the body is the rest, whitespace-trimmed.
 * @example parseSkillsRefFrontmatter('---\nname: a\n---\nBody\n') // { ok: true, metadata: Map { 'name' => 'a' }, body: 'Body', ... }
 */
export function parseSkillsRefFrontmatter(text: string): ParseSkillsRefFrontmatterResult {
  if (!text.startsWith(DELIMITER)) {
    return {
      ok: false,
      code: 'frontmatter_missing',
      message: 'SKILL.md must start with YAML frontmatter (---)',
      offset: 0,
    };
  }
  const closing = text.indexOf(DELIMITER, DELIMITER.length);
  if (closing < 0) {
    return {
      ok: false,
      code: 'frontmatter_unclosed',
      message: 'SKILL.md frontmatter not properly closed with ---',
      offset: 0,
    };
  }
  const frontmatter = text.slice(DELIMITER.length, closing);
  const body = pythonStrip(text.slice(closing + DELIMITER.length));
  const read = readStrictYaml(frontmatter);
  if (!read.ok) {
    const failure = {
      ok: false as const,
      code: 'yaml_invalid' as const,
      message: `Invalid YAML in frontmatter: ${read.message}`,
      offset: DELIMITER.length + read.offset,
    };
    return read.crash === undefined ? failure : { ...failure, crash: read.crash };
  }
  if (!isStrictYamlMapping(read.value)) {
    return {
      ok: false,
      code: 'frontmatter_not_mapping',
      message: 'SKILL.md frontmatter must be a YAML mapping',
      offset: DELIMITER.length,
    };
  }
  const metadata = new Map<string, StrictYamlValue>(read.value);
  const nested = metadata.get('metadata');
  if (isStrictYamlMapping(nested)) {
    metadata.set('metadata', new Map(Array.from(nested, ([key, value]) => [key, pythonStr(value)] as const)));
  }
  const positions = new Map<string, StrictYamlKeyPosition>();
  for (const [key, position] of read.positions) {
    positions.set(key, { key: position.key + DELIMITER.length, value: position.value + DELIMITER.length });
  }
  return { ok: true, metadata, body, positions };
}
