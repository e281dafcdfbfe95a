import type { Diagnostic } from '../diagnostic.js';
import { collectSkillsRefFindings } from './collect-skills-ref-findings.js';
import { formatPythonPath, parsePythonPath } from './python-path.js';

/** Options of the `skills-ref` checks. */
export interface SkillsRefOptions {
  /** Folder relative paths are read from; default `process.cwd()`. */
  readonly cwd?: string;
}

/** The reference's `validate()` result: its messages, in its order. */
export interface SkillsRefValidation {
  /** Empty when the skill is valid. */
  readonly errors: readonly string[];
  /**
   * Set when the reference would not return messages but crash with a Python traceback (an
   * unreadable or non-UTF-8 file, a control character in the frontmatter): its last line.
   */
  readonly crash?: string;
}

/**
 * Validates a skill folder exactly as the reference validator (`skills_ref.validate`) does and
 * returns its error messages (SPEC S3, profile `skills-ref`).
 * @example const { errors } = await validateSkillsRef('skills/pdf-reader'); // [] when valid
 */
export async function validateSkillsRef(
  directory: string,
  options: SkillsRefOptions = {},
): Promise<SkillsRefValidation> {
  const { findings, crash } = await collectSkillsRefFindings(directory, options.cwd);
  const errors = findings.map((finding) => finding.message);
  return crash === undefined ? { errors } : { errors, crash };
}

/**
 * The same checks as {@link validateSkillsRef}, as diagnostics for `--json` output: one error per
 * message, with the skill file (or the folder) and the 1-based line and column where known.
 */
export async function validateSkillsRefDiagnostics(
  directory: string,
  options: SkillsRefOptions = {},
): Promise<Diagnostic[]> {
  const { findings } = await collectSkillsRefFindings(directory, options.cwd);
  const folder = formatPythonPath(parsePythonPath(directory));
  return findings.map((finding) => ({
    code: finding.code,
    severity: 'error' as const,
    message: finding.message,
    file: finding.file ?? folder,
    ...(finding.position === undefined
      ? {}
      : { line: finding.position.line, column: finding.position.column }),
    ...(finding.field === undefined ? {} : { path: [finding.field] }),
  }));
}
