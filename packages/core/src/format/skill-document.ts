import { type Document, parseDocument } from 'yaml';
import { UserInputError } from '../errors.js';
import { decodeSkillText } from './decode-skill-text.js';
import { formatDiagnostic } from './diagnostic.js';
import { findExcessiveNesting } from './find-excessive-nesting.js';
import { MAX_YAML_DEPTH } from './limits.js';
import { splitFrontmatter } from './split-frontmatter.js';

/**
 * An editable SKILL.md that writes back what it read (SPEC S5): unknown fields, key order, comments
 * and the body bytes are preserved; only the fields you set change.
 */
export interface SkillDocument {
  readonly frontmatter: Document.Parsed;
  readonly body: string;
  readonly lineEnding: '\n' | '\r\n';
  readonly hasBom: boolean;
  /** The text as read, returned unchanged when nothing was edited. */
  readonly original: string;
}

/**
 * Reads a SKILL.md for editing. Throws `UserInputError` when it has no frontmatter or the YAML does
 * not parse (validate with `parseSkill` first for positioned diagnostics).
 */
export function readSkillDocument(input: string | Uint8Array, file?: string): SkillDocument {
  const decoded = decodeSkillText(input, file);
  if (!decoded.ok)
    throw new UserInputError('invalid_skill_document', decoded.diagnostics.map(formatDiagnostic).join('; '));
  const split = splitFrontmatter(decoded.text);
  if (!split.ok)
    throw new UserInputError(split.code, `${file ?? 'SKILL.md'}: ${split.code.replace('_', ' ')}`);
  if (findExcessiveNesting(split.split.yaml, MAX_YAML_DEPTH) !== undefined) {
    throw new UserInputError(
      'yaml_too_deep',
      `${file ?? 'SKILL.md'}: nesting deeper than ${MAX_YAML_DEPTH} levels`,
    );
  }
  const frontmatter = parseDocument(split.split.yaml, { uniqueKeys: true, prettyErrors: false });
  if (frontmatter.errors.length > 0) {
    throw new UserInputError('yaml_syntax', `${file ?? 'SKILL.md'}: ${frontmatter.errors[0]!.message}`);
  }
  return {
    frontmatter,
    body: split.split.body,
    lineEnding: split.split.lineEnding,
    hasBom: split.split.hasBom,
    original: decoded.text,
  };
}

/**
 * Returns a copy of the document with fields set (`undefined` deletes a field) and optionally a new
 * body. Existing keys keep their place; new keys go last.
 */
export function editSkillDocument(
  document: SkillDocument,
  changes: { fields?: Readonly<Record<string, unknown>>; body?: string },
): SkillDocument {
  const frontmatter = document.frontmatter.clone() as Document.Parsed;
  for (const [key, value] of Object.entries(changes.fields ?? {})) {
    if (value === undefined) frontmatter.delete(key);
    else frontmatter.set(key, value);
  }
  return { ...document, frontmatter, body: changes.body ?? document.body, original: '' };
}

/** Writes the document back as SKILL.md text; an unedited document returns its original bytes. */
export function writeSkillDocument(document: SkillDocument): string {
  if (document.original) return document.original;
  let yaml = document.frontmatter.toString({ lineWidth: 0 });
  if (document.lineEnding === '\r\n') yaml = yaml.replace(/\r?\n/g, '\r\n');
  const fence = `---${document.lineEnding}`;
  return `${document.hasBom ? '\uFEFF' : ''}${fence}${yaml}${fence}${document.body}`;
}
