import { codePointLength, compareCodePoints } from '../code-points.js';
import { isPythonAlphanumeric } from './python-is-alphanumeric.js';
import { pythonStrip } from './python-strip.js';
import type { StrictYamlMapping, StrictYamlValue } from './strict-yaml-value.js';

/** One problem the reference's `validate_metadata` reports, with the field it is about. */
export interface SkillsRefFinding {
  /** Stable snake_case code for diagnostics. */
  readonly code: string;
  /** The reference's exact message. */
  readonly message: string;
  /** The top-level field, or the first unexpected one. */
  readonly field?: string;
}

export const SKILLS_REF_MAX_NAME_LENGTH = 64;
export const SKILLS_REF_MAX_DESCRIPTION_LENGTH = 1024;
export const SKILLS_REF_MAX_COMPATIBILITY_LENGTH = 500;

/** The fields the reference allows, in Python's `sorted()` order. */
export const SKILLS_REF_ALLOWED_FIELDS = [
  'allowed-tools',
  'compatibility',
  'description',
  'license',
  'metadata',
  'name',
] as const;

const ALLOWED = new Set<string>(SKILLS_REF_ALLOWED_FIELDS);
const ALLOWED_LIST = `[${SKILLS_REF_ALLOWED_FIELDS.map((field) => `'${field}'`).join(', ')}]`;

function isNonBlankString(value: StrictYamlValue | undefined): value is string {
  return typeof value === 'string' && pythonStrip(value) !== '';
}

function validateName(
  value: StrictYamlValue | undefined,
  directoryName: string | undefined,
): SkillsRefFinding[] {
  if (!isNonBlankString(value)) {
    return [{ code: 'name_not_string', message: "Field 'name' must be a non-empty string", field: 'name' }];
  }
  const findings: SkillsRefFinding[] = [];
  const add = (code: string, message: string): void => {
    findings.push({ code, message, field: 'name' });
  };
  const name = pythonStrip(value).normalize('NFKC');
  const length = codePointLength(name);
  if (length > SKILLS_REF_MAX_NAME_LENGTH) {
    add(
      'name_too_long',
      `Skill name '${name}' exceeds ${SKILLS_REF_MAX_NAME_LENGTH} character limit (${length} chars)`,
    );
  }
  if (name !== name.toLowerCase()) add('name_not_lowercase', `Skill name '${name}' must be lowercase`);
  if (name.startsWith('-') || name.endsWith('-'))
    add('name_hyphen_edge', 'Skill name cannot start or end with a hyphen');
  if (name.includes('--')) add('name_consecutive_hyphens', 'Skill name cannot contain consecutive hyphens');
  if (!Array.from(name).every((character) => character === '-' || isPythonAlphanumeric(character))) {
    add(
      'name_invalid_characters',
      `Skill name '${name}' contains invalid characters. Only letters, digits, and hyphens are allowed.`,
    );
  }
  if (directoryName !== undefined && directoryName.normalize('NFKC') !== name) {
    add('name_directory_mismatch', `Directory name '${directoryName}' must match skill name '${name}'`);
  }
  return findings;
}

function validateDescription(value: StrictYamlValue | undefined): SkillsRefFinding[] {
  if (!isNonBlankString(value)) {
    return [
      {
        code: 'description_not_string',
        message: "Field 'description' must be a non-empty string",
        field: 'description',
      },
    ];
  }
  // Measured on the raw value, so a `|` block's final newline counts, as in the reference.
  const length = codePointLength(value);
  if (length <= SKILLS_REF_MAX_DESCRIPTION_LENGTH) return [];
  const message = `Description exceeds ${SKILLS_REF_MAX_DESCRIPTION_LENGTH} character limit (${length} chars)`;
  return [{ code: 'description_too_long', message, field: 'description' }];
}

function validateCompatibility(value: StrictYamlValue | undefined): SkillsRefFinding[] {
  if (typeof value !== 'string') {
    return [
      {
        code: 'compatibility_not_string',
        message: "Field 'compatibility' must be a string",
        field: 'compatibility',
      },
    ];
  }
  const length = codePointLength(value);
  if (length <= SKILLS_REF_MAX_COMPATIBILITY_LENGTH) return [];
  const message = `Compatibility exceeds ${SKILLS_REF_MAX_COMPATIBILITY_LENGTH} character limit (${length} chars)`;
  return [{ code: 'compatibility_too_long', message, field: 'compatibility' }];
}

/**
 * The reference's `validate_metadata`, in its order and with its exact messages: unexpected fields,
 * then name (NFKC, code points, Unicode letters and numbers, folder match), then description, then
 * compatibility. `license`, `allowed-tools` and `metadata` are not type-checked. Pass
 * `directoryName` as the folder's name as typed (Python's `Path.name`) to check the match.
 * @example validateSkillsRefMetadata(new Map([['name', 'Pdf']]), 'pdf').map((finding) => finding.message)
 */
export function validateSkillsRefMetadata(
  metadata: StrictYamlMapping,
  directoryName?: string,
): SkillsRefFinding[] {
  const findings: SkillsRefFinding[] = [];
  const unexpected = Array.from(metadata.keys())
    .filter((key) => !ALLOWED.has(key))
    .sort(compareCodePoints);
  if (unexpected.length > 0) {
    findings.push({
      code: 'unexpected_fields',
      message: `Unexpected fields in frontmatter: ${unexpected.join(', ')}. Only ${ALLOWED_LIST} are allowed.`,
      field: unexpected[0],
    });
  }
  if (!metadata.has('name')) {
    findings.push({
      code: 'name_missing',
      message: 'Missing required field in frontmatter: name',
      field: 'name',
    });
  } else findings.push(...validateName(metadata.get('name'), directoryName));
  if (!metadata.has('description')) {
    findings.push({
      code: 'description_missing',
      message: 'Missing required field in frontmatter: description',
      field: 'description',
    });
  } else findings.push(...validateDescription(metadata.get('description')));
  if (metadata.has('compatibility')) findings.push(...validateCompatibility(metadata.get('compatibility')));
  return findings;
}
