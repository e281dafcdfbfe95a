import { type Failure, failure } from '@skilldock/core/errors';

/**
 * One entry of a tool restriction (SPEC A4, S7): an exact tool name (`read_file`), an MCP server
 * (`mcp__github`: every tool of that server), every MCP tool (`mcp__*`), or a trailing MCP tool
 * prefix (`mcp__github__read_*`).
 */
export type ToolPattern =
  | { readonly kind: 'exact'; readonly name: string }
  | { readonly kind: 'mcp-server'; readonly server: string }
  | { readonly kind: 'mcp-all' }
  | { readonly kind: 'mcp-prefix'; readonly prefix: string };

/** The parsed entries, or the first entry that is not allowed and why. */
export type ParsedToolPatterns =
  | { readonly ok: true; readonly patterns: readonly ToolPattern[] }
  | Failure<'invalid_tool_pattern'>;

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MCP_SERVER = /^mcp__([a-zA-Z0-9-]+(?:_[a-zA-Z0-9-]+)*)$/;
const MCP_PREFIX = /^mcp__[a-zA-Z0-9-]+(?:_[a-zA-Z0-9-]+)*__[a-zA-Z0-9_-]*\*$/;

/**
 * Reads a list of tool names and MCP patterns (SPEC S7): `*` is refused (list the tools), and the
 * only wildcards are `mcp__*` and a trailing `*` after `mcp__<server>__`; argument patterns such as
 * `shell(npm test)` are refused.
 * @example parseToolPatterns(['read_file', 'mcp__github__read_*']) // { ok: true, patterns: [...] }
 * @example parseToolPatterns(['*']) // { ok: false, code: 'invalid_tool_pattern', message: '…' }
 */
export function parseToolPatterns(entries: readonly string[]): ParsedToolPatterns {
  const patterns: ToolPattern[] = [];
  for (const entry of entries) {
    const pattern = parseToolPattern(entry);
    if (typeof pattern === 'string') return failure('invalid_tool_pattern', pattern);
    patterns.push(pattern);
  }
  return { ok: true, patterns };
}

function parseToolPattern(entry: string): ToolPattern | string {
  const shown = JSON.stringify(entry.length > 80 ? `${entry.slice(0, 80)}…` : entry);
  if (entry === '*') return 'The entry "*" is not accepted: list the tools that may run (or omit the list).';
  if (entry === 'mcp__*') return { kind: 'mcp-all' };
  if (entry.includes('('))
    return `The entry ${shown} is an argument pattern; only tool names and MCP patterns are accepted.`;
  if (entry.includes('*')) {
    if (MCP_PREFIX.test(entry)) return { kind: 'mcp-prefix', prefix: entry.slice(0, -1) };
    return `The entry ${shown} has a wildcard; the only ones accepted are mcp__* and a trailing one after mcp__<server>__ (mcp__github__read_*).`;
  }
  const server = MCP_SERVER.exec(entry);
  if (server !== null && !entry.slice('mcp__'.length).includes('__')) {
    return { kind: 'mcp-server', server: server[1]! };
  }
  if (!TOOL_NAME.test(entry)) return `The entry ${shown} is not a tool name.`;
  return { kind: 'exact', name: entry };
}

/**
 * True when the tool `name` is covered by `pattern`.
 * @example matchesToolPattern('mcp__github__create_issue', { kind: 'mcp-server', server: 'github' }) // true
 */
export function matchesToolPattern(name: string, pattern: ToolPattern): boolean {
  switch (pattern.kind) {
    case 'exact':
      return name === pattern.name;
    case 'mcp-all':
      return name.startsWith('mcp__');
    case 'mcp-server':
      return name.startsWith(`mcp__${pattern.server}__`);
    case 'mcp-prefix':
      return name.startsWith(pattern.prefix);
  }
}

/** True when any of `patterns` covers `name`. */
export function matchesAnyToolPattern(name: string, patterns: readonly ToolPattern[]): boolean {
  return patterns.some((pattern) => matchesToolPattern(name, pattern));
}
