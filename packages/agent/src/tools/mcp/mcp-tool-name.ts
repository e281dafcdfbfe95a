import { createHash } from 'node:crypto';

/** Tool names every provider accepts (OpenAI and Anthropic share this limit). */
export const PROVIDER_TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;

const sanitize = (part: string): string => part.replace(/[^a-zA-Z0-9_-]/g, '_');

/**
 * The declared name of an MCP tool: `mcp__<server>__<tool>` (SPEC G4), with characters outside
 * `[a-zA-Z0-9_-]` replaced by `_`. A name too long or already `taken` (two originals that
 * sanitise alike) is cut and ends in a short hash of the original pair, so it stays unique.
 * @example mcpToolName('git hub', 'create.issue', new Set()) // 'mcp__git_hub__create_issue'
 */
export function mcpToolName(server: string, tool: string, taken: ReadonlySet<string>): string {
  const candidate = `mcp__${sanitize(server)}__${sanitize(tool)}`;
  if (candidate.length <= 64 && !taken.has(candidate)) return candidate;
  const hash = createHash('sha256').update(`${server}\0${tool}`).digest('hex').slice(0, 8);
  return `${candidate.slice(0, 64 - hash.length - 1)}_${hash}`;
}
