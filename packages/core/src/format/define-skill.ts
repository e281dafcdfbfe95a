import { UserInputError } from '../errors.js';
import { formatDiagnostic } from './diagnostic.js';
import { MAX_SKILL_FILE_BYTES, SKILL_FILE_NAME } from './limits.js';
import { deriveSkillId, isSkillId } from './skill-id.js';
import type { Skill, SkillFileEntry } from './types.js';
import { unsafeRelativePathReason } from './unsafe-relative-path-reason.js';
import { validateSkillFields } from './validate-skill-fields.js';

/** An inline skill written in code. */
export interface DefineSkillInput {
  readonly name: string;
  readonly description: string;
  /** The Markdown instructions (the body of a SKILL.md). */
  readonly instructions: string;
  /** Supporting files by safe relative POSIX path, e.g. `{ 'POLICY.md': '…' }`. */
  readonly files?: Readonly<Record<string, string>>;
  /** Further frontmatter fields (host extensions such as `paths` or `skill_dependencies`). */
  readonly fields?: Readonly<Record<string, unknown>>;
}

/**
 * Validates an inline skill with the `spec` name rules and returns it frozen, as a session skill
 * (SPEC D1, I1). `instructions` is plain Markdown (a `.md` import's text works), at most a SKILL.md's
 * 4 MiB; no SKILL.md is written here — `skillMarkdown` serialises one when something first needs it. Throws `UserInputError` naming every problem, since code that defines a skill wrong
 * is a programming error.
 * @example
 * const refunds = defineSkill({ name: 'refunds', description: 'Handle refunds. Use when…', instructions: '1. …' });
 */
export function defineSkill(input: DefineSkillInput): Skill {
  const frontmatter = { ...input.fields, name: input.name, description: input.description };
  const spec = validateSkillFields({ name: input.name, description: input.description }, { profile: 'spec' });
  const host = validateSkillFields(frontmatter, { profile: 'lenient' });
  const problems = [...spec.findings, ...host.findings].filter((finding) => finding.severity === 'error');
  if (!host.fields || problems.length > 0) {
    throw new UserInputError(
      'invalid_skill_definition',
      `defineSkill('${input.name}'): ${problems.map(formatDiagnostic).join('; ')}`,
      {
        details: { field: problems[0]?.path.join('.') },
      },
    );
  }
  if (typeof input.instructions !== 'string') {
    throw new UserInputError(
      'invalid_skill_definition',
      `defineSkill('${input.name}'): instructions must be a Markdown string`,
      { details: { field: 'instructions' } },
    );
  }
  // The same limit as a SKILL.md on disk (SPEC S2): a skill must serialise to a file any host reads.
  const size = Buffer.byteLength(input.instructions);
  if (size > MAX_SKILL_FILE_BYTES) {
    throw new UserInputError(
      'skill_file_too_large',
      `defineSkill('${input.name}'): instructions are ${size} bytes; a SKILL.md may be at most ${MAX_SKILL_FILE_BYTES} bytes (4 MiB)`,
      { details: { field: 'instructions', limit: MAX_SKILL_FILE_BYTES, actual: size } },
    );
  }
  const files: SkillFileEntry[] = [];
  for (const [filePath, content] of Object.entries(input.files ?? {})) {
    const reason = unsafeSkillFilePathReason(filePath);
    if (reason)
      throw new UserInputError(
        'invalid_skill_file_path',
        `defineSkill('${input.name}'): file '${filePath}' ${reason}`,
        { details: { path: filePath } },
      );
    files.push({ path: filePath, size: Buffer.byteLength(content) });
  }
  files.sort((left, right) => (left.path < right.path ? -1 : 1));
  const fields = host.fields;
  return Object.freeze({
    id: fields.slug ?? (isSkillId(fields.name) ? fields.name : deriveSkillId(fields.name)),
    name: fields.name,
    description: fields.description,
    body: input.instructions,
    fields: Object.freeze(fields),
    frontmatter: Object.freeze(frontmatter),
    files: Object.freeze(files),
    inlineFiles: Object.freeze({ ...input.files }),
    origin: Object.freeze({ sourceType: 'session' as const }),
    diagnostics: Object.freeze([]),
  });
}

/**
 * Why a path cannot name a file of an inline skill: the shared relative-path check, and not the
 * skill's own SKILL.md (that is `instructions`).
 */
export function unsafeSkillFilePathReason(filePath: string): string | undefined {
  if (filePath === SKILL_FILE_NAME) return `is the skill's own ${SKILL_FILE_NAME}; pass it as instructions`;
  return unsafeRelativePathReason(filePath);
}
