import { confinePath } from '../../policy/confine-path.js';

/** One choice an ACP agent offers in `session/request_permission`. */
export interface AcpPermissionOption {
  readonly optionId: string;
  readonly kind: string;
}

/** The tool call an ACP agent asks about: its kind and whatever it says the call touches. */
export interface AcpPermissionToolCall {
  readonly kind?: string | null;
  /** ACP `ToolCallLocation`s: the files the call reads or changes. */
  readonly locations?: readonly { readonly path?: unknown }[] | null;
  /** The tool's own input, such as Claude Code's `{file_path}`; its path fields are judged too. */
  readonly rawInput?: unknown;
  /** ACP tool call content; a `diff` names the file it changes. */
  readonly content?: readonly unknown[] | null;
}

/** Where the task may look and, with `allowEdits`, write: its folder, as the built-in tools. */
export interface AcpPermissionScope {
  readonly cwd: string;
  readonly allowEdits: boolean;
}

/** The answer to `session/request_permission`. */
export type AcpPermissionAnswer = {
  outcome: { outcome: 'selected'; optionId: string } | { outcome: 'cancelled' };
};

/** ACP tool kinds that only look: allowed in every session, inside the task's folder. */
const READ_ONLY_KINDS: ReadonlySet<string> = new Set(['read', 'search', 'think', 'fetch']);
/** ACP tool kinds that change files: allowed only when the task may edit, inside the task's folder. */
const EDIT_KINDS: ReadonlySet<string> = new Set(['edit', 'delete', 'move']);
/**
 * The fields of a tool's raw input that name a file or folder (Claude Code: Read, Write, Edit and
 * MultiEdit `file_path`, NotebookEdit `notebook_path`, Grep and Glob `path`; others use `path`,
 * `destination` for a move). Judged besides `locations`: an agent may report no location.
 */
const RAW_INPUT_PATH_FIELDS = ['file_path', 'notebook_path', 'path', 'filePath', 'destination'] as const;
/** More named paths than this in one request is not a tool call a person would approve. */
const MAX_JUDGED_PATHS = 100;

/**
 * Every path the request names: `locations`, diff content and the raw input's path fields.
 * Undefined when one is not a string or there are too many: such a request is refused whole.
 */
function namedPaths(toolCall: AcpPermissionToolCall): string[] | undefined {
  const paths: unknown[] = [];
  for (const location of toolCall.locations ?? []) paths.push(location?.path);
  for (const part of toolCall.content ?? []) {
    if (typeof part === 'object' && part !== null && (part as { type?: unknown }).type === 'diff')
      paths.push((part as { path?: unknown }).path);
  }
  const raw = toolCall.rawInput;
  if (typeof raw === 'object' && raw !== null) {
    for (const field of RAW_INPUT_PATH_FIELDS) {
      const value = (raw as Record<string, unknown>)[field];
      // A missing field is fine (Grep without `path` searches the working folder); any other non-string is not.
      if (value !== undefined && value !== null) paths.push(value);
    }
  }
  if (paths.length > MAX_JUDGED_PATHS) return undefined;
  return paths.every((path): path is string => typeof path === 'string') ? paths : undefined;
}

/**
 * The answer to ACP `session/request_permission` (SPEC A7, G3, SEC6): looking is allowed, edits
 * only with `allowEdits`, and either only when every path the request names — its `locations`,
 * the files of its diffs and its raw input's path fields — stays inside the task's folder after
 * links are resolved (the built-in tools' `confinePath`; a write never to a file that configures
 * an agent). Commands (`execute`), mode switches and unknown kinds are rejected: nobody can be
 * asked from inside an external task, and a command's reach cannot be judged from its text.
 * Picks the agent's once-only option, or cancels: an "always" answer would outlive the task in
 * the agent's own settings.
 */
export async function decideAcpPermission(
  toolCall: AcpPermissionToolCall,
  options: readonly AcpPermissionOption[],
  scope: AcpPermissionScope,
): Promise<AcpPermissionAnswer> {
  const kind = toolCall.kind ?? 'other';
  const edits = EDIT_KINDS.has(kind);
  let allowed = READ_ONLY_KINDS.has(kind) || (scope.allowEdits && edits);
  if (allowed) {
    const paths = namedPaths(toolCall);
    allowed = paths !== undefined;
    for (const path of paths ?? []) {
      const target = await confinePath(path, edits ? 'write' : 'read', {
        cwd: scope.cwd,
        readOnlyRoots: [],
        agentConfigWrites: [],
      });
      if (!target.ok) {
        allowed = false;
        break;
      }
    }
  }
  const option = options.find((choice) => choice.kind === (allowed ? 'allow_once' : 'reject_once'));
  return option === undefined
    ? { outcome: { outcome: 'cancelled' } }
    : { outcome: { outcome: 'selected', optionId: option.optionId } };
}
