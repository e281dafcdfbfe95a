/** How remote install sources are fetched; the defaults fetch the real internet over https only. */
export interface RemoteFetchOptions {
  /**
   * Plain http, on any port, to loopback addresses (tests and local servers). The admins'
   * `allowed_hosts` must still list the loopback `host:port` (SPEC Y9).
   */
  readonly allowInsecureLocalhost?: boolean;
  /** Extra `git -c` settings (tests point `https://github.com/` at local bare repositories). */
  readonly gitConfig?: Readonly<Record<string, string>>;
  /** Environment git runs in; default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Hosts read through ModelScope's API; default core's `MODELSCOPE_HOSTS` (tests add a loopback fake). */
  readonly modelScopeHosts?: readonly string[];
}

/** Options of the install flows, from `createServer({ install })`. */
export interface InstallOptions {
  /** The clock of drafts (created, expired, swept); default `new Date()`. Tests inject one. */
  readonly now?: () => Date;
  readonly remote?: RemoteFetchOptions;
  /** How long a skills-directory search may take; default 10 s. */
  readonly searchTimeoutMs?: number;
}

/** What the install routes need, built once by `createServer`. */
export interface InstallContext {
  readonly dataDir: string;
  readonly now: () => Date;
  readonly remote: RemoteFetchOptions;
  readonly searchTimeoutMs: number;
}

/** How long a skills-directory search may take by default. */
const SEARCH_TIMEOUT_MS = 10_000;

/** The install context of `createServer({ install })`'s options: the routes' and the runs' one. */
export function installContextOf(options: InstallOptions, dataDir: string): InstallContext {
  return {
    dataDir,
    now: options.now ?? (() => new Date()),
    remote: options.remote ?? {},
    searchTimeoutMs: options.searchTimeoutMs ?? SEARCH_TIMEOUT_MS,
  };
}
