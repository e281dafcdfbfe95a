import type { Diagnostic } from './diagnostic.js';
import { readFrontmatter } from './read-frontmatter.js';
import { deriveSkillId, isSkillId } from './skill-id.js';
import type { ParseSkillResult } from './types.js';
import { validateSkillFields } from './validate-skill-fields.js';

/** How to read a SKILL.md. */
export interface ParseSkillOptions {
  /** Named in every diagnostic. */
  readonly file?: string;
  /** The skill folder's name, for the name/folder rule. */
  readonly folderName?: string;
  /** `lenient` (default) is what a client loads; `spec` is the open specification. */
  readonly profile?: 'spec' | 'lenient';
  /** Unknown fields become errors. */
  readonly strict?: boolean;
}

/**
 * Parses and validates a SKILL.md text (SPEC S1–S4). Never throws and never executes anything: every
 * problem is a diagnostic with the file, a 1-based line and column, and the field path.
 * @example
 * const result = parseSkill(text, { file: 'skills/pdf/SKILL.md', folderName: 'pdf', profile: 'spec' });
 * if (result.ok) console.log(result.skill.id);
 */
export function parseSkill(input: string | Uint8Array, options: ParseSkillOptions = {}): ParseSkillResult {
  const { profile = 'lenient' } = options;
  const read = readFrontmatter(input, {
    ...(options.file === undefined ? {} : { file: options.file }),
    kind: 'SKILL.md',
    strict: profile === 'spec',
  });
  if (!read.ok) return read;
  const { frontmatter, body, positionOf, scalarSource } = read.reading;
  const diagnostics: Diagnostic[] = [...read.reading.diagnostics];
  const validation = validateSkillFields(frontmatter, {
    profile,
    ...(options.strict === undefined ? {} : { strict: options.strict }),
    ...(options.folderName === undefined ? {} : { folderName: options.folderName }),
    scalarSource,
  });
  for (const finding of validation.findings) {
    diagnostics.push({
      code: finding.code,
      severity: finding.severity,
      message: finding.message,
      ...positionOf(finding.path),
      path: finding.path,
    });
  }
  const fields = validation.fields;
  if (!fields || diagnostics.some((diagnostic) => diagnostic.severity === 'error'))
    return { ok: false, diagnostics };

  const id = fields.slug ?? (isSkillId(fields.name) ? fields.name : deriveSkillId(fields.name));
  return {
    ok: true,
    skill: { id, name: fields.name, description: fields.description, body, fields, frontmatter },
    diagnostics,
  };
}
