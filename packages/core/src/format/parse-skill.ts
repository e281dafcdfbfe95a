import { decodeSkillText } from './decode-skill-text.js';
import type { Diagnostic } from './diagnostic.js';
import { MAX_FRONTMATTER_BYTES } from './limits.js';
import { parseFrontmatterYaml } from './parse-frontmatter-yaml.js';
import { deriveSkillId, isSkillId } from './skill-id.js';
import { splitFrontmatter } from './split-frontmatter.js';
import { LineIndex } from './text-position.js';
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
  const { file, profile = 'lenient' } = options;
  const decoded = decodeSkillText(input, file);
  if (!decoded.ok) return { ok: false, diagnostics: decoded.diagnostics };
  const text = decoded.text;
  const lines = new LineIndex(text);
  const at = (offset: number) => ({ ...(file === undefined ? {} : { file }), ...lines.positionAt(offset) });

  const split = splitFrontmatter(text);
  if (!split.ok) {
    const message =
      split.code === 'frontmatter_missing'
        ? "SKILL.md must start with a '---' line that opens the YAML frontmatter"
        : "the frontmatter is not closed: add a line that is exactly '---' after it";
    return {
      ok: false,
      diagnostics: [{ code: split.code, severity: 'error', message, ...at(split.offset) }],
    };
  }
  const { yaml, yamlOffset, body } = split.split;
  const yamlBytes = Buffer.byteLength(yaml);
  if (yamlBytes > MAX_FRONTMATTER_BYTES) {
    return {
      ok: false,
      diagnostics: [
        {
          code: 'frontmatter_too_large',
          severity: 'error',
          message: `frontmatter is ${yamlBytes} bytes; at most ${MAX_FRONTMATTER_BYTES} bytes (64 KiB) are allowed`,
          ...at(yamlOffset),
        },
      ],
    };
  }

  const parsed = parseFrontmatterYaml(yaml, { strict: profile === 'spec' });
  const diagnostics: Diagnostic[] = parsed.problems.map((problem) => ({
    code: problem.code,
    severity: problem.severity,
    message: problem.message,
    ...at(yamlOffset + problem.offset),
  }));
  if (parsed.value === undefined && diagnostics.some((diagnostic) => diagnostic.severity === 'error')) {
    return { ok: false, diagnostics };
  }
  const value = parsed.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    diagnostics.push({
      code: 'frontmatter_not_mapping',
      severity: 'error',
      message: 'the frontmatter must be a YAML mapping of fields (name: …, description: …)',
      ...at(yamlOffset),
    });
    return { ok: false, diagnostics };
  }
  const frontmatter = value as Record<string, unknown>;
  const validation = validateSkillFields(frontmatter, {
    profile,
    ...(options.strict === undefined ? {} : { strict: options.strict }),
    ...(options.folderName === undefined ? {} : { folderName: options.folderName }),
    scalarSource: parsed.scalarSource,
  });
  for (const finding of validation.findings) {
    const offset = parsed.locate(finding.path);
    diagnostics.push({
      code: finding.code,
      severity: finding.severity,
      message: finding.message,
      ...(offset === undefined ? at(0) : at(yamlOffset + offset)),
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
