import type { JsonSchema, ToolResult } from '@skilldock/core/runtime';

/**
 * What a tool does to the world, which decides how approval modes treat it (SPEC G3).
 * - `read`: looks only (read_file, ls, glob, grep, skill tools).
 * - `edit`: changes files in the project (write_file, edit).
 * - `execute`: runs commands or reaches outside (shell, MCP tools).
 * - `interact`: talks to the user or keeps the agent's own notes (ask_user_question, todo_write).
 */
export type ToolKind = 'read' | 'edit' | 'execute' | 'interact';

/** A question for the user from `ask_user_question`. */
export interface UserQuestion {
  readonly question: string;
  /** Offered answers; the user may still type a free answer when `allowFreeText` is true. */
  readonly options?: readonly string[];
  readonly allowFreeText?: boolean;
}

/** The user's answer, or `undefined` when nobody can answer (headless runs). */
export type UserAnswer = string | undefined;

/** What a tool may use while it runs. Immutable; built once per run from the `RunContext`. */
export interface ToolContext {
  /** The project root. Every path a tool touches must resolve inside it (or a read-only root). */
  readonly cwd: string;
  /** Folders a tool may read but never write (the skill folders of the catalog). */
  readonly readOnlyRoots: readonly string[];
  /** Cancels the tool with the turn. */
  readonly signal: AbortSignal;
  /** Report files a tool read or listed, so path-gated skills can open (SPEC D3). */
  readonly reportFiles: (absolutePaths: readonly string[]) => void;
  /** Ask the user; absent when nobody can answer. */
  readonly askUser?: (question: UserQuestion) => Promise<UserAnswer>;
  /**
   * The real paths of files that configure the agent which this call was approved to write
   * (SPEC SEC2): the user said yes, or the mode is `yolo`. `confinePath` refuses any other such
   * write, so a link swapped after the approval cannot redirect it.
   */
  readonly agentConfigWrites?: readonly string[];
}

/**
 * A tool the loop can declare and run. `execute` never throws for expected failures: bad
 * arguments, refused paths and failed commands are results with `isError: true` the model reads.
 */
export interface AgentTool {
  readonly name: string;
  readonly description: string;
  /** JSON Schema of the arguments object. */
  readonly inputSchema: JsonSchema;
  readonly kind: ToolKind;
  /**
   * The paths a call would write, as the model gave them (SPEC SEC2). The loop checks them before
   * approval, so a write to a file that configures the agent always asks. Writing tools must
   * declare it; an argument that does not parse gives `[]` (the call then fails anyway).
   */
  writeTargets?(input: unknown): readonly string[];
  execute(input: unknown, context: ToolContext): Promise<ToolResult>;
}
