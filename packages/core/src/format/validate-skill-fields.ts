import { codePointLength } from './code-points.js';
import { compileGlob } from './compile-glob.js';
import type { Severity } from './diagnostic.js';
import { isLegalSkillName, isSkillId, MAX_HOST_NAME_LENGTH, MAX_SLUG_LENGTH } from './skill-id.js';
import {
  fieldHasValidShape,
  HOST_SKILL_FIELDS,
  isKnownSkillField,
  SPEC_SKILL_FIELDS,
} from './skill-schema.js';
import type { SkillFields } from './types.js';

/** A finding about one field, positioned by its field path; the parser adds file, line and column. */
export interface FieldFinding {
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
  readonly path: ReadonlyArray<string | number>;
}

export interface ValidateSkillFieldsOptions {
  readonly profile: 'spec' | 'lenient';
  /** Unknown fields become errors instead of warnings. */
  readonly strict?: boolean;
  /** The skill folder's name, for the name/folder rule. */
  readonly folderName?: string;
  /** The source text of a scalar (so `version: 1.0` stays `"1.0"`). */
  readonly scalarSource?: (path: ReadonlyArray<string | number>) => string | undefined;
}

export interface ValidateSkillFieldsResult {
  /** Present when no finding is an error. */
  readonly fields?: SkillFields;
  readonly findings: readonly FieldFinding[];
}

const SPEC_NAME_MAX = 64;
const DESCRIPTION_MAX = 1024;
const COMPATIBILITY_MAX = 500;
const SPEC_NAME_CHARACTERS = /^[\p{L}\p{N}-]+$/u;

/**
 * Applies a profile's rules to a frontmatter mapping (SPEC S3). Every finding is collected; none
 * stops the others.
 */
export function validateSkillFields(
  frontmatter: Readonly<Record<string, unknown>>,
  options: ValidateSkillFieldsOptions,
): ValidateSkillFieldsResult {
  const findings: FieldFinding[] = [];
  const lenient = options.profile === 'lenient';
  const report = (severity: Severity, code: string, path: ReadonlyArray<string | number>, message: string) =>
    findings.push({ code, severity, message, path });
  const softSeverity: Severity = lenient ? 'warning' : 'error';

  for (const key of Object.keys(frontmatter)) {
    const known = lenient ? isKnownSkillField(key) : (SPEC_SKILL_FIELDS as readonly string[]).includes(key);
    if (known) continue;
    const isHostField = (HOST_SKILL_FIELDS as readonly string[]).includes(key);
    const detail = isHostField
      ? `'${key}' is a host extension, not part of the Agent Skills specification`
      : `unknown field '${key}'`;
    report(options.strict ? 'error' : 'warning', 'field_unknown', [key], detail);
  }

  const readText = (field: string, severity: Severity): string | undefined => {
    const value = frontmatter[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value;
    if (lenient && (typeof value === 'number' || typeof value === 'boolean')) {
      report('warning', 'field_not_string', [field], `'${field}' should be a string; read as text`);
      return options.scalarSource?.([field]) ?? String(value);
    }
    report(severity, 'field_type', [field], `'${field}' must be a string`);
    return undefined;
  };

  const name = checkName(readText('name', 'error'), frontmatter.name, options, report);
  const description = checkDescription(
    readText('description', 'error'),
    frontmatter.description,
    report,
    softSeverity,
  );

  const compatibility = readText('compatibility', softSeverity);
  if (compatibility !== undefined) {
    const length = codePointLength(compatibility);
    if (length === 0)
      report(softSeverity, 'compatibility_empty', ['compatibility'], "'compatibility' must not be empty");
    if (length > COMPATIBILITY_MAX) {
      report(
        softSeverity,
        'compatibility_too_long',
        ['compatibility'],
        `'compatibility' has ${length} characters; at most ${COMPATIBILITY_MAX} are allowed`,
      );
    }
  }
  const license = readText('license', softSeverity);
  const metadata = readMetadata(frontmatter.metadata, lenient, report);
  const allowedTools = readAllowedTools(frontmatter['allowed-tools'], lenient, report);
  // Under `spec` the host fields are unknown fields: their findings warn but never reject (SPEC S3).
  const hostReport: Report = lenient
    ? report
    : (severity, code, path, message) =>
        report(severity === 'error' ? 'warning' : severity, code, path, message);
  const host = readHostFields(frontmatter, options, hostReport);

  if (
    findings.some((finding) => finding.severity === 'error') ||
    name === undefined ||
    description === undefined
  ) {
    return { findings };
  }
  return {
    findings,
    fields: {
      name,
      description,
      ...(license === undefined ? {} : { license }),
      ...(compatibility === undefined ? {} : { compatibility }),
      ...(metadata === undefined ? {} : { metadata }),
      ...(allowedTools === undefined ? {} : { allowedTools }),
      ...host,
    },
  };
}

type Report = (
  severity: Severity,
  code: string,
  path: ReadonlyArray<string | number>,
  message: string,
) => void;

function checkName(
  name: string | undefined,
  rawName: unknown,
  options: ValidateSkillFieldsOptions,
  report: Report,
): string | undefined {
  const lenient = options.profile === 'lenient';
  const folderFallback = () => {
    if (options.folderName === undefined) return undefined;
    report(
      'warning',
      'name_from_folder',
      ['name'],
      `using the folder name '${options.folderName}' as the name`,
    );
    return options.folderName;
  };
  // Lenient falls back to the folder name; without one there is no name and the skill is rejected.
  const missingSeverity = lenient && options.folderName !== undefined ? 'warning' : 'error';
  if (rawName === undefined || rawName === null) {
    report(missingSeverity, 'name_missing', ['name'], "required field 'name' is missing");
    return lenient ? folderFallback() : undefined;
  }
  if (name === undefined) return undefined;
  if (name.trim() === '') {
    report(missingSeverity, 'name_empty', ['name'], "'name' must not be empty");
    return lenient ? folderFallback() : undefined;
  }
  const length = codePointLength(name);
  if (lenient) {
    if (length > SPEC_NAME_MAX) {
      report(
        'warning',
        'name_too_long',
        ['name'],
        `name has ${length} characters; the specification allows ${SPEC_NAME_MAX}`,
      );
    }
    if (!isLegalSkillName(name)) {
      report(
        'warning',
        'name_invalid_characters',
        ['name'],
        `name '${name}' is not a valid host name (letters, digits, '_', ':', '.', '-'; at most ${MAX_HOST_NAME_LENGTH}); an id is derived from it`,
      );
    }
  } else {
    if (length > SPEC_NAME_MAX)
      report(
        'error',
        'name_too_long',
        ['name'],
        `name has ${length} characters; at most ${SPEC_NAME_MAX} are allowed`,
      );
    if (name !== name.toLowerCase())
      report('error', 'name_not_lowercase', ['name'], `name '${name}' must be lowercase`);
    if (name.startsWith('-') || name.endsWith('-'))
      report('error', 'name_hyphen_edge', ['name'], 'name must not start or end with a hyphen');
    if (name.includes('--'))
      report(
        'error',
        'name_consecutive_hyphens',
        ['name'],
        "name must not contain consecutive hyphens ('--')",
      );
    if (!SPEC_NAME_CHARACTERS.test(name.normalize('NFKC'))) {
      report(
        'error',
        'name_invalid_characters',
        ['name'],
        `name '${name}' may contain only letters, digits and hyphens`,
      );
    }
  }
  // Equal text is equal after NFKC too: only a name that differs from its folder pays for two normalisations.
  if (
    options.folderName !== undefined &&
    name !== options.folderName &&
    name.normalize('NFKC') !== options.folderName.normalize('NFKC')
  ) {
    report(
      lenient ? 'warning' : 'error',
      'name_folder_mismatch',
      ['name'],
      `name '${name}' must match its folder name '${options.folderName}'`,
    );
  }
  return name;
}

function checkDescription(description: string | undefined, raw: unknown, report: Report, tooLong: Severity) {
  if (raw === undefined || raw === null) {
    report('error', 'description_missing', ['description'], "required field 'description' is missing");
    return undefined;
  }
  if (description === undefined) return undefined;
  if (description.trim() === '') {
    report('error', 'description_empty', ['description'], "'description' must not be empty");
    return undefined;
  }
  const length = codePointLength(description);
  if (length > DESCRIPTION_MAX) {
    report(
      tooLong,
      'description_too_long',
      ['description'],
      `description has ${length} characters; at most ${DESCRIPTION_MAX} are allowed`,
    );
  }
  return description;
}

function readMetadata(value: unknown, lenient: boolean, report: Report): Record<string, string> | undefined {
  if (value === undefined || value === null) return undefined;
  if (fieldHasValidShape('metadata', value)) return value as Record<string, string>;
  if (typeof value !== 'object' || Array.isArray(value)) {
    report(
      lenient ? 'warning' : 'error',
      'field_type',
      ['metadata'],
      "'metadata' must be a map of strings to strings",
    );
    return undefined;
  }
  const metadata: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry === 'string') metadata[key] = entry;
    else {
      report(
        lenient ? 'warning' : 'error',
        'field_type',
        ['metadata', key],
        `metadata '${key}' must be a string`,
      );
      if (entry !== null && typeof entry !== 'object') metadata[key] = String(entry);
    }
  }
  return metadata;
}

function readAllowedTools(value: unknown, lenient: boolean, report: Report): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.split(/\s+/).filter(Boolean);
  if (lenient && Array.isArray(value) && value.every((item) => typeof item === 'string'))
    return value as string[];
  report(
    lenient ? 'warning' : 'error',
    'field_type',
    ['allowed-tools'],
    "'allowed-tools' must be a space-separated string",
  );
  return undefined;
}

type HostFields = Omit<
  SkillFields,
  'name' | 'description' | 'license' | 'compatibility' | 'metadata' | 'allowedTools'
>;

function readHostFields(
  frontmatter: Readonly<Record<string, unknown>>,
  options: ValidateSkillFieldsOptions,
  report: Report,
): HostFields {
  const optionalString = (field: string): string | undefined => {
    const value = frontmatter[field];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean')
      return options.scalarSource?.([field]) ?? String(value);
    report('warning', 'field_type', [field], `'${field}' must be a string; ignored`);
    return undefined;
  };
  const flag = (field: string, fallback: boolean): boolean => {
    const value = frontmatter[field];
    if (value === undefined || value === null) return fallback;
    if (typeof value === 'boolean') return value;
    report('error', 'field_type', [field], `'${field}' must be true or false`);
    return fallback;
  };
  const list = (field: string): string[] => {
    const value = frontmatter[field];
    if (value === undefined || value === null) return [];
    if (fieldHasValidShape(field as 'paths', value)) return value as string[];
    report('error', 'field_type', [field], `'${field}' must be a list of strings`);
    return [];
  };

  let priority: number | undefined;
  if (frontmatter.priority !== undefined && frontmatter.priority !== null) {
    if (typeof frontmatter.priority === 'number' && Number.isFinite(frontmatter.priority))
      priority = frontmatter.priority;
    else report('warning', 'priority_invalid', ['priority'], "'priority' must be a finite number; ignored");
  }

  const paths = list('paths');
  paths.forEach((pattern, index) => {
    const problem = unsafeGlobReason(pattern);
    if (problem) report('error', 'paths_invalid', ['paths', index], `path glob '${pattern}' ${problem}`);
  });

  let source: 'learned' | 'auto-skill' | undefined;
  if (frontmatter.source !== undefined && frontmatter.source !== null) {
    if (fieldHasValidShape('source', frontmatter.source))
      source = frontmatter.source as 'learned' | 'auto-skill';
    else
      report('warning', 'source_invalid', ['source'], "'source' must be 'learned' or 'auto-skill'; ignored");
  }

  const slug = optionalString('slug');
  if (slug !== undefined && !isSkillId(slug)) {
    report(
      'error',
      'slug_invalid',
      ['slug'],
      `slug '${slug}' must match ^[a-z0-9]+(-[a-z0-9]+)*$ and have at most ${MAX_SLUG_LENGTH} characters`,
    );
  }

  const fields: Record<string, unknown> = {
    userInvocable: flag('user-invocable', true),
    disableModelInvocation: flag('disable-model-invocation', false),
    version: optionalString('version') ?? '1.0.0',
    toolDependencies: list('tool_dependencies'),
    mcpDependencies: list('mcp_dependencies'),
    skillDependencies: list('skill_dependencies'),
  };
  if (priority !== undefined) fields.priority = priority;
  const safePaths = paths.filter((pattern) => unsafeGlobReason(pattern) === undefined);
  if (safePaths.length > 0) fields.paths = safePaths;
  if (source !== undefined) fields.source = source;
  if (slug !== undefined && isSkillId(slug)) fields.slug = slug;
  for (const [key, field] of [
    ['argumentHint', 'argument-hint'],
    ['whenToUse', 'when_to_use'],
    ['model', 'model'],
    ['extractedAt', 'extracted_at'],
  ] as const) {
    const value = optionalString(field);
    if (value !== undefined) fields[key] = value;
  }
  return fields as unknown as HostFields;
}

/** Why a `paths:` glob is refused: it must stay relative to the project root and compile (SPEC S3, D3, SEC7). */
function unsafeGlobReason(pattern: string): string | undefined {
  if (pattern.trim() === '') return 'is empty';
  if (pattern.startsWith('/') || pattern.startsWith('~'))
    return 'must be relative to the project root, not absolute';
  if (/^[A-Za-z]:/.test(pattern)) return 'must not name a drive letter';
  if (pattern.includes('\\')) return "must use '/' separators, not backslashes";
  if (pattern.split('/').includes('..')) return "must not contain '..'";
  const compiled = compileGlob(pattern);
  if (!compiled.ok) return `cannot be matched: ${compiled.message}`;
  return undefined;
}
