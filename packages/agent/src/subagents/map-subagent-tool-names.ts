import type { Diagnostic } from '@skilldock/core/format';

/**
 * Claude Code's and Qwen Code's tool names, and what each is called here (SPEC A1: their files
 * load unchanged). A name that maps to `undefined` has no counterpart in Skilldock.
 */
export const FOREIGN_TOOL_NAMES: Readonly<Record<string, string | undefined>> = Object.freeze({
  // Claude Code
  Read: 'read_file',
  Write: 'write_file',
  Edit: 'edit',
  MultiEdit: 'edit',
  Bash: 'shell',
  Glob: 'glob',
  Grep: 'grep',
  LS: 'ls',
  TodoWrite: 'todo_write',
  AskUserQuestion: 'ask_user_question',
  Task: 'agent',
  Agent: 'agent',
  WebFetch: undefined,
  WebSearch: undefined,
  NotebookEdit: undefined,
  NotebookRead: undefined,
  BashOutput: undefined,
  KillShell: undefined,
  // Qwen Code
  read_many_files: 'read_file',
  replace: 'edit',
  run_shell_command: 'shell',
  grep_search: 'grep',
  search_file_content: 'grep',
  list_directory: 'ls',
  web_fetch: undefined,
  web_search: undefined,
  save_memory: undefined,
});

/** The tools a Skilldock session has without MCP: built-ins and the subagent tools. */
export const SKILLDOCK_TOOL_NAMES: readonly string[] = [
  'read_file',
  'write_file',
  'edit',
  'ls',
  'glob',
  'grep',
  'shell',
  'ask_user_question',
  'todo_write',
  'agent',
  'list_agents',
  'send_message',
];

/** Options of {@link mapSubagentToolNames}. */
export interface MapSubagentToolNamesOptions {
  /** The field the names come from, for the diagnostics' path. */
  readonly field: 'tools' | 'disallowedTools';
  /** Tool names that exist (ours and the session's); default {@link SKILLDOCK_TOOL_NAMES}. */
  readonly knownTools?: readonly string[];
  readonly file?: string;
  /** Line and column by path (`tools`, `tools.2`), from `parseSubagent`'s `positions`. */
  readonly positions?: Readonly<Record<string, { line: number; column: number }>>;
}

/**
 * Maps a definition's tool names to ours: Claude Code and Qwen Code names are translated, ours and
 * MCP names (`mcp__server`, `mcp__server__tool`, `mcp__server__read_*`) pass unchanged, duplicates
 * are dropped. A name with no counterpart, or that no tool has, is kept and reported as a warning
 * at its position, never dropped in silence.
 * @example mapSubagentToolNames(['Read', 'Bash'], { field: 'tools' }) // { names: ['read_file', 'shell'], diagnostics: [] }
 */
export function mapSubagentToolNames(
  names: readonly string[],
  { field, knownTools = SKILLDOCK_TOOL_NAMES, file, positions = {} }: MapSubagentToolNamesOptions,
): { readonly names: readonly string[]; readonly diagnostics: readonly Diagnostic[] } {
  const known = new Set(knownTools);
  const mapped: string[] = [];
  const diagnostics: Diagnostic[] = [];
  names.forEach((name, index) => {
    const at = positions[`${field}.${index}`] ?? positions[field];
    const warn = (code: string, message: string) =>
      diagnostics.push({
        code,
        severity: 'warning',
        message,
        ...(file === undefined ? {} : { file }),
        ...(at ?? {}),
        path: [field, index],
      });
    let ours = name;
    if (!known.has(name) && !name.startsWith('mcp__') && Object.hasOwn(FOREIGN_TOOL_NAMES, name)) {
      const translated = FOREIGN_TOOL_NAMES[name];
      if (translated === undefined) {
        warn(
          'subagent_tool_unmapped',
          `'${name}' has no Skilldock counterpart; it is kept but matches no tool`,
        );
      } else ours = translated;
    } else if (!known.has(name) && !name.startsWith('mcp__')) {
      warn(
        'subagent_tool_unknown',
        `'${name}' is not a tool this session has; it is kept but matches no tool`,
      );
    }
    if (!mapped.includes(ours)) mapped.push(ours);
  });
  return { names: mapped, diagnostics };
}
