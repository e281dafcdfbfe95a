import { readFile, realpath } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { withFileLock } from '../fs/with-file-lock.js';
import { writeFileAtomic } from '../fs/write-file-atomic.js';

/** Where trusted workspaces are remembered, relative to the home folder (SPEC D2). */
export const TRUST_STORE_RELATIVE_PATH = join('.skilldock', 'trusted.json');

/** Options shared by the trust store functions. */
export interface TrustStoreOptions {
  /** Home folder holding `.skilldock/trusted.json`; default `os.homedir()`. */
  readonly homeDirectory?: string;
}

/** Options of {@link isWorkspaceTrusted}. */
export interface IsWorkspaceTrustedOptions extends TrustStoreOptions {
  /** Environment to read `SKILLDOCK_TRUST` from; default `process.env`. `SKILLDOCK_TRUST=1` trusts every folder. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** What {@link untrustWorkspace} did. */
export interface UntrustResult {
  /** True when the folder was listed and has been removed. */
  readonly removed: boolean;
  /** A listed parent folder that still trusts this one, if any. */
  readonly stillTrustedBy?: string;
}

/** The content of the trust store file. */
export interface TrustFile {
  readonly version: 1;
  readonly trusted: readonly string[];
  /** Other records kept in the same file (MCP server approvals); preserved on every rewrite. */
  readonly [key: string]: unknown;
}

/**
 * True when the folder, or a folder above it, was trusted with {@link trustWorkspace}, or when
 * `SKILLDOCK_TRUST=1` is set. An unreadable or malformed store trusts nothing.
 * @example if (await isWorkspaceTrusted(process.cwd())) { ... load project skills ... }
 */
export async function isWorkspaceTrusted(
  directory: string,
  { homeDirectory = homedir(), env = process.env }: IsWorkspaceTrustedOptions = {},
): Promise<boolean> {
  if (env.SKILLDOCK_TRUST === '1') return true;
  const [trusted, candidates] = await Promise.all([
    readTrustedWorkspaces({ homeDirectory }),
    workspaceForms(directory),
  ]);
  return candidates.some((candidate) => findTrustingEntry(trusted, candidate) !== undefined);
}

/**
 * Remembers a folder (and so every folder below it) as trusted. Returns false when it was already
 * trusted. The store is rewritten atomically, under an inter-process lock so that two processes
 * trusting folders at once both keep theirs.
 */
export async function trustWorkspace(directory: string, options: TrustStoreOptions = {}): Promise<boolean> {
  return withFileLock(storeFile(options), () => trustLocked(directory, options));
}

async function trustLocked(directory: string, options: TrustStoreOptions): Promise<boolean> {
  const trusted = await readTrustedWorkspaces(options);
  const [canonical] = await workspaceForms(directory);
  if (trusted.includes(canonical!)) return false;
  await updateTrustStore(options, (store) => ({ ...store, trusted: [...trusted, canonical!].sort() }));
  return true;
}

/**
 * Forgets a trusted folder. A parent that is still trusted keeps trusting it: the result names
 * that parent so the caller can explain.
 */
export async function untrustWorkspace(
  directory: string,
  options: TrustStoreOptions = {},
): Promise<UntrustResult> {
  return withFileLock(storeFile(options), () => untrustLocked(directory, options));
}

async function untrustLocked(directory: string, options: TrustStoreOptions): Promise<UntrustResult> {
  const trusted = await readTrustedWorkspaces(options);
  const forms = await workspaceForms(directory);
  const remaining = trusted.filter((entry) => !forms.includes(entry));
  const removed = remaining.length !== trusted.length;
  if (removed) await updateTrustStore(options, (store) => ({ ...store, trusted: remaining }));
  const stillTrustedBy = forms.map((form) => findTrustingEntry(remaining, form)).find(Boolean);
  return stillTrustedBy === undefined ? { removed } : { removed, stillTrustedBy };
}

/** The trusted folders as stored (absolute, sorted). An unreadable or malformed store is empty. */
export async function readTrustedWorkspaces(options: TrustStoreOptions = {}): Promise<readonly string[]> {
  const { trusted } = await readTrustStore(options);
  return trusted.filter((entry): entry is string => typeof entry === 'string' && entry.length > 0);
}

/**
 * The whole trust store (`~/.skilldock/trusted.json`): trusted folders and any other records kept
 * beside them, such as MCP server approvals. An unreadable or malformed store is empty.
 */
export async function readTrustStore(options: TrustStoreOptions = {}): Promise<TrustFile> {
  let text: string;
  try {
    text = await readFile(storeFile(options), 'utf8');
  } catch {
    return { version: 1, trusted: [] };
  }
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return { version: 1, trusted: [] };
    }
    const record = parsed as Record<string, unknown>;
    const trusted = Array.isArray(record.trusted) ? (record.trusted as string[]) : [];
    return { ...record, version: 1, trusted };
  } catch {
    return { version: 1, trusted: [] };
  }
}

/** Rewrites the trust store atomically with what `change` makes of its current content. */
export async function updateTrustStore(
  options: TrustStoreOptions,
  change: (store: TrustFile) => TrustFile,
): Promise<void> {
  const next = change(await readTrustStore(options));
  await writeFileAtomic(storeFile(options), `${JSON.stringify(next, null, 2)}\n`, { mode: 0o600 });
}

function storeFile({ homeDirectory = homedir() }: TrustStoreOptions): string {
  return join(homeDirectory, TRUST_STORE_RELATIVE_PATH);
}

/** The real path first (what is stored), then the path as given, so a symlinked checkout matches either way. */
export async function workspaceForms(directory: string): Promise<string[]> {
  const absolute = resolve(directory);
  const real = await realpath(absolute).catch(() => absolute);
  return real === absolute ? [real] : [real, absolute];
}

function findTrustingEntry(trusted: readonly string[], directory: string): string | undefined {
  return trusted.find(
    (entry) => directory === entry || directory.startsWith(entry.endsWith(sep) ? entry : entry + sep),
  );
}
