import { createHash } from 'node:crypto';
import type { McpServerSettings } from './settings.js';
import { readTrustStore, type TrustStoreOptions, updateTrustStore, workspaceForms } from './trust-store.js';

/** One remembered approval of a project's MCP server entry (SPEC SEC2). */
export interface McpServerApproval {
  /** `sha256:` of the entry's canonical JSON (see {@link mcpServerHash}). */
  readonly hash: string;
  readonly name: string;
  /** The project's real path. */
  readonly projectRoot: string;
}

/** A project's MCP server entry, as approvals identify it. */
export interface McpServerEntry {
  readonly name: string;
  readonly server: McpServerSettings;
  readonly projectRoot: string;
}

/**
 * The content hash of an `mcpServers` entry: SHA-256 of its JSON with keys sorted at every level,
 * so the same command, args, env, url and headers always give the same hash and any change (even
 * one argument) gives another (SPEC SEC2).
 * @example mcpServerHash({ command: 'npx', args: ['-y', 'server'] }) // 'sha256:…'
 */
export function mcpServerHash(server: McpServerSettings): string {
  return `sha256:${createHash('sha256').update(canonicalJson(server)).digest('hex')}`;
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * True when the user approved exactly this entry (same name, same project, same content hash) with
 * {@link approveMcpServer}. A changed entry is not approved until it is approved again.
 */
export async function isMcpServerApproved(
  entry: McpServerEntry,
  options: TrustStoreOptions = {},
): Promise<boolean> {
  const [approvals, forms] = await Promise.all([
    readMcpServerApprovals(options),
    workspaceForms(entry.projectRoot),
  ]);
  const hash = mcpServerHash(entry.server);
  return approvals.some(
    (approval) =>
      approval.hash === hash && approval.name === entry.name && forms.includes(approval.projectRoot),
  );
}

/**
 * Remembers the user's approval of a project's MCP server entry in the trust store
 * (`~/.skilldock/trusted.json`, key `mcpServers`), replacing an older approval of the same name in
 * the same project. The store is rewritten atomically.
 */
export async function approveMcpServer(
  entry: McpServerEntry,
  options: TrustStoreOptions = {},
): Promise<void> {
  const [projectRoot] = await workspaceForms(entry.projectRoot);
  const approval: McpServerApproval = {
    hash: mcpServerHash(entry.server),
    name: entry.name,
    projectRoot: projectRoot!,
  };
  await updateTrustStore(options, (store) => {
    const kept = approvalsOf(store.mcpServers).filter(
      (existing) => !(existing.name === approval.name && existing.projectRoot === approval.projectRoot),
    );
    return { ...store, mcpServers: [...kept, approval] };
  });
}

/** Every remembered MCP server approval; malformed records are skipped. */
export async function readMcpServerApprovals(options: TrustStoreOptions = {}): Promise<McpServerApproval[]> {
  return approvalsOf((await readTrustStore(options)).mcpServers);
}

function approvalsOf(value: unknown): McpServerApproval[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is McpServerApproval =>
      typeof item === 'object' &&
      item !== null &&
      typeof item.hash === 'string' &&
      typeof item.name === 'string' &&
      typeof item.projectRoot === 'string',
  );
}
