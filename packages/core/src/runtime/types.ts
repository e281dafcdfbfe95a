import type { CatalogFormat } from '../catalog/catalog-formats.js';
import type { CatalogBudget, CatalogSnapshot } from '../catalog/types.js';
import type { Failure } from '../result.js';
import type { SkillFileProblem } from './resolve-skill-file.js';
import type { SkillPathProblem } from './skill-virtual-path.js';

/**
 * How dependency tools are gated (SPEC R6).
 * - `stable`: the host declares every tool from the first request; a dependency tool of a skill that
 *   is not active is refused at execution. Tool declarations never change (R1).
 * - `progressive`: a dependency tool is left out of the host's tool list until its skill activates,
 *   then added from the next request. Execution is refused as well.
 */
export type SessionMode = 'stable' | 'progressive';

/** What happened when something asked for a skill (SPEC R10). */
export type UsageOutcome = 'activated' | 'already-active' | 'unknown' | 'refused';

/** Which route asked for the skill. */
export type ActivationTrigger = 'model' | 'user' | 'preload' | 'file-read';

/** One recorded activation attempt (SPEC R10), for the curator and for stats. */
export interface UsageEvent {
  /** The id that was asked for (as given, when it named no skill). */
  readonly skillId: string;
  /** ISO 8601 time from the session clock. */
  readonly at: string;
  readonly outcome: UsageOutcome;
  readonly trigger: ActivationTrigger;
  /** Why a refusal happened, in words a model or user can act on. */
  readonly reason?: string;
}

/** A JSON Schema object, as plain data. */
export type JsonSchema = { readonly [key: string]: unknown };

/** A tool as the session declares it: the same for the whole session (SPEC R1). */
export interface ToolDeclaration {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments object. */
  readonly inputSchema: JsonSchema;
}

/**
 * What a tool call returns. Tool failures are results the model sees, never exceptions.
 * `isError` marks calls that did not do what was asked (bad arguments, a refused path).
 */
export interface ToolResult {
  readonly content: string;
  readonly isError: boolean;
  /**
   * A one-line note for the people watching, on a result that is not an error but did not do what
   * the call's name suggests (an `activate_skill` of an unknown name answers with the list of skills):
   * UIs show it instead of a plain success mark. The model reads `content` only.
   */
  readonly notice?: string;
}

/** Whether a host tool may run now (SPEC R6). */
export type ToolPermission =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly reason: string; readonly skillIds: readonly string[] };

/** Result of a slash command (SPEC R9). */
export type InvokeResult =
  | {
      readonly ok: true;
      readonly skillId: string;
      /** The skill's instructions with the arguments substituted: send it as the user's prompt. */
      readonly prompt: string;
      /** Split arguments, in order. */
      readonly arguments: readonly string[];
    }
  | Failure<'not_a_command' | 'skill_not_found' | 'not_user_invocable' | 'skill_unreadable'>;

/** Options of {@link createSkillSession}. */
export interface SkillSessionOptions {
  /** The catalog the session starts from; later snapshots arrive through `updateCatalog`. */
  readonly catalog: CatalogSnapshot;
  /** Tool gating mode (SPEC R6). Default `stable`. */
  readonly mode?: SessionMode;
  /**
   * The host's own tools (an agent's configured tools, a CLI's built-in ones): a skill's
   * `tool_dependencies` / `mcp_dependencies` never hide or refuse them (SPEC R6) — a skill gates only
   * the tools that exist because of skills. Default none.
   */
  readonly baseTools?: Iterable<string>;
  /** Skills active from the first turn, with their dependency closure (SPEC R8). */
  readonly preload?: readonly string[];
  /** Catalog format for the system prompt section. Default `xml`. */
  readonly format?: CatalogFormat;
  /** Size limit of the catalog section in tokens and/or characters (SPEC D8). Default: none. */
  readonly budget?: CatalogBudget;
  /** Called for every activation attempt (SPEC R10). It should not throw: inside a tool call an error it throws becomes that call's error result. */
  readonly onUsage?: (event: UsageEvent) => void;
  /** Time source, for tests. Default `() => new Date()`. */
  readonly clock?: () => Date;
}

/** A read request for a skill's supporting file, as the tool or a host's own read tool sends it. */
export interface SkillResourceRequest {
  readonly path: string;
  /** With `id`, `path` may be relative to that skill's folder. */
  readonly id?: string;
  readonly offset?: number;
  readonly limit?: number;
  /** Read raw text from this byte instead of by lines (the rest of a cut line). */
  readonly byteOffset?: number;
}

/**
 * Why a skill resource request is refused: the path, the skill (unknown, hidden from the model,
 * behind its `paths:` gate) or the file.
 */
export type SkillResourceProblem =
  | SkillPathProblem
  | SkillFileProblem
  | 'skill_not_found'
  | 'skill_not_model_invocable'
  | 'skill_path_gated';

/** Where a virtual path leads, for a host's own file-read tool (SPEC R4). */
export type ResolvedSkillResourcePath =
  | {
      readonly ok: true;
      readonly skillId: string;
      /** File inside the skill folder (POSIX, relative). */
      readonly file: string;
      /** The canonical virtual path. */
      readonly virtualPath: string;
      /** The checked real file, for skills on disk. */
      readonly absolutePath?: string;
      /** The text, for an in-memory text file (inline and bundled skills). */
      readonly content?: string;
      /** A copy of the bytes, for an in-memory binary file (a bundled skill's image, say). */
      readonly bytes?: Uint8Array;
    }
  | Failure<SkillResourceProblem>;

/** What noting a host file read did (SPEC R5). */
export interface FileReadActivation {
  readonly skillId: string;
  readonly outcome: UsageOutcome;
}
