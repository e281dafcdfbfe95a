import type { Diagnostic } from './diagnostic.js';

/**
 * Validation profiles (SPEC S3).
 * - `spec`: the open Agent Skills specification.
 * - `skills-ref`: byte-for-byte parity with the reference validator (see `format/skills-ref/`).
 * - `lenient`: what a client loads; host extension fields are accepted.
 */
export type ValidationProfile = 'spec' | 'skills-ref' | 'lenient';

/** Where a skill came from, highest precedence first (SPEC D1). */
export type SourceType = 'session' | 'project' | 'personal' | 'extension' | 'shared' | 'builtin';

/** The typed, validated view of a SKILL.md frontmatter, host extensions included (SPEC S3). */
export interface SkillFields {
  readonly name: string;
  readonly description: string;
  readonly license?: string;
  readonly compatibility?: string;
  readonly metadata?: Readonly<Record<string, string>>;
  /** `allowed-tools`, split on spaces; carried, never enforced. */
  readonly allowedTools?: readonly string[];
  readonly priority?: number;
  readonly paths?: readonly string[];
  /** `user-invocable`, default true. */
  readonly userInvocable: boolean;
  /** `disable-model-invocation`, default false. */
  readonly disableModelInvocation: boolean;
  readonly argumentHint?: string;
  readonly whenToUse?: string;
  readonly model?: string;
  readonly source?: 'learned' | 'auto-skill';
  readonly extractedAt?: string;
  readonly slug?: string;
  /** Default `"1.0.0"`. */
  readonly version: string;
  readonly toolDependencies: readonly string[];
  readonly mcpDependencies: readonly string[];
  readonly skillDependencies: readonly string[];
}

/** A SKILL.md that parsed and validated, before it is tied to a folder. */
export interface ParsedSkill {
  /** Identity for activation, slash commands, dependencies and storage (SPEC S4). */
  readonly id: string;
  /** Display name: the authored `name`. */
  readonly name: string;
  readonly description: string;
  /** Markdown instructions after the closing `---`. */
  readonly body: string;
  readonly fields: SkillFields;
  /** The raw frontmatter mapping in authored key order, unknown fields included. */
  readonly frontmatter: Readonly<Record<string, unknown>>;
}

/** A supporting file of a skill (anything but its SKILL.md). */
export interface SkillFileEntry {
  /** POSIX path relative to the skill folder, e.g. `scripts/run.sh`. */
  readonly path: string;
  readonly size: number;
}

/**
 * The content of one in-memory supporting file: text, or bytes as base64 (plain, frozen data that
 * survives JSON; the runtime decodes it on every read, so nobody can change the served bytes).
 */
export type InlineFileContent = string | { readonly encoding: 'base64'; readonly data: string };

/** Where a loaded skill lives. */
export interface SkillOrigin {
  readonly sourceType: SourceType;
  /** Extension owner, settings key or other scope label; `undefined` when the type says enough. */
  readonly sourceScope?: string;
  /** The root folder the skill was discovered under (absent for inline skills). */
  readonly sourceDir?: string;
}

/**
 * A skill: plain data, no behaviour. Functions transform it.
 * @example const { skill } = await loadSkill('/repo/.agents/skills/refunds');
 */
export interface Skill extends ParsedSkill {
  /** Absolute skill folder; absent for inline (`defineSkill`) skills. */
  readonly directory?: string;
  /** Absolute path of the SKILL.md that was read. */
  readonly skillFile?: string;
  readonly files: readonly SkillFileEntry[];
  /**
   * Contents of in-memory supporting files (`defineSkill({ files })`, a bundled SKILL.md import),
   * keyed by relative path. When present, the skill's files are served from here, never from disk.
   */
  readonly inlineFiles?: Readonly<Record<string, InlineFileContent>>;
  readonly origin: SkillOrigin;
  /** Warnings and notes found while loading (a loaded skill has no errors). */
  readonly diagnostics: readonly Diagnostic[];
}

/** Result of parsing a SKILL.md text: data for expected failures, never a throw. */
export type ParseSkillResult =
  | { readonly ok: true; readonly skill: ParsedSkill; readonly diagnostics: readonly Diagnostic[] }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };

/** Result of loading a skill folder. */
export type LoadSkillResult =
  | { readonly ok: true; readonly skill: Skill; readonly diagnostics: readonly Diagnostic[] }
  | { readonly ok: false; readonly diagnostics: readonly Diagnostic[] };
