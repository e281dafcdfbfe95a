import { homedir } from 'node:os';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CatalogBudget, CatalogFormat, CatalogSnapshot } from '@skilldock/core/catalog';
import { findProjectRoot, isWorkspaceTrusted, SkillWatcher } from '@skilldock/core/discover';
import { UserInputError } from '@skilldock/core/errors';
import type { UsageEvent } from '@skilldock/core/runtime';
import type { AgentWorkspace } from '../workspace/open-workspace.js';
import type { WorkspaceNotice } from '../workspace/workspace-notice.js';
import { loadMcpServerSdk } from './load-mcp-server-sdk.js';
import { SkillsMcpConnection } from './skills-mcp-connection.js';

/** Where the server finds skills when it opens them itself (`skilldock mcp`). */
export interface SkillsMcpRoots {
  /** The folder to serve; its project root is the nearest folder up with a project marker. */
  readonly cwd: string;
  /** Home of personal skills, settings and the trust store. Default: the user's home. */
  readonly home?: string;
  /** For `SKILLDOCK_TRUST`. Default `process.env`. */
  readonly env?: NodeJS.ProcessEnv | Readonly<Record<string, string | undefined>>;
  /** Trust the workspace for this process (`--trust`), without remembering it (SPEC D2). */
  readonly trust?: boolean;
  /** Watch the skill folders (SPEC D7). Default true. */
  readonly watch?: boolean;
  /** Quiet time before a refresh. Default 150 ms. */
  readonly debounceMilliseconds?: number;
}

/** Options of {@link createSkillsMcpServer}: exactly one of `workspace` and `roots`. */
export interface SkillsMcpServerOptions {
  /**
   * An open workspace (`openWorkspace`, a harness): its watcher, trust and settings. It is
   * rediscovered before every request, as a conversation is; the caller closes it.
   */
  readonly workspace?: Pick<
    AgentWorkspace,
    'watcher' | 'refreshCatalog' | 'projectRoot' | 'trusted' | 'settings'
  >;
  /** Folders to open and watch here; the server closes its watcher with itself. */
  readonly roots?: SkillsMcpRoots;
  /** `serverInfo` of the initialize answer. Default `skilldock` 0.1.0. */
  readonly name?: string;
  readonly version?: string;
  /** Catalog format of the instructions. Default `xml`. */
  readonly format?: CatalogFormat;
  /** Catalog budget of the instructions (SPEC D8). Default: the workspace's `skills.budget`, else none. */
  readonly budget?: CatalogBudget;
  /** Skills active in every connection from its start (SPEC R8); a missing one fails the connection. */
  readonly preload?: readonly string[];
  /** Every activation attempt of every connection (SPEC R10). */
  readonly onUsage?: (event: UsageEvent) => void;
  /** Every new catalog snapshot, after the connections took it (the CLI logs its problems). */
  readonly onCatalog?: (snapshot: CatalogSnapshot) => void;
}

/** A running skills server; {@link SkillsMcpServer.connect} serves one client on one transport. */
export interface SkillsMcpServer {
  readonly projectRoot: string;
  readonly trusted: boolean;
  /** What the user should know (an untrusted workspace's skipped skills); the CLI prints them on stderr. */
  readonly notices: readonly WorkspaceNotice[];
  /** The current catalog snapshot. */
  readonly catalog: CatalogSnapshot;
  /** Open connections. */
  readonly connections: number;
  /** Serves one MCP client: its own skill session, fixed instructions and tools (SPEC R1). */
  connect(transport: Transport): Promise<SkillsMcpConnection>;
  /** Closes every connection and, for `roots`, the watcher. */
  close(): Promise<void>;
}

/**
 * The skills as an MCP server (SPEC I3, issue 16 §3): the catalog as the server's instructions and
 * as the resource `skills://catalog`; the tools `activate_skill` and `read_skill_resource` with
 * R1–R4 behaviour; each visible skill's SKILL.md and files as `skill://<id>/<file>` resources;
 * each user-invocable skill as a prompt (R9, D4); `notifications/resources/list_changed` (and
 * `prompts/list_changed`, and `tools/list_changed` once, see {@link SkillsMcpConnection}) when
 * skills change on disk. Project skills are served only in a trusted workspace (D2), as an agent
 * session loads them. Transports: the SDK's stdio, in-memory or streamable HTTP ones
 * ({@link serveSkillsOverHttp}).
 * @example
 * const server = await createSkillsMcpServer({ roots: { cwd: process.cwd() } });
 * const { StdioServerTransport } = await import('@modelcontextprotocol/sdk/server/stdio.js');
 * await server.connect(new StdioServerTransport());
 */
export async function createSkillsMcpServer(options: SkillsMcpServerOptions): Promise<SkillsMcpServer> {
  const sdk = await loadMcpServerSdk();
  const source = await openSource(options);
  const connections = new Set<SkillsMcpConnection>();
  let current = source.watcher.snapshot ?? (await source.watcher.refresh());
  const unsubscribe = source.watcher.onSnapshot((snapshot) => {
    current = snapshot;
    const applied = [...connections].map((connection) => connection.applySnapshot(snapshot));
    Promise.all(applied).then(
      () => options.onCatalog?.(snapshot),
      () => undefined,
    );
  });
  const budget = options.budget ?? options.workspace?.settings.skills?.budget;
  const sessionOptions = {
    mode: 'stable' as const,
    ...(options.format === undefined ? {} : { format: options.format }),
    ...(budget === undefined ? {} : { budget }),
    ...(options.preload === undefined ? {} : { preload: options.preload }),
    ...(options.onUsage === undefined ? {} : { onUsage: options.onUsage }),
  };
  const workspace = options.workspace;
  const beforeRequest =
    workspace === undefined
      ? undefined
      : async () => {
          await workspace.refreshCatalog();
        };
  return {
    projectRoot: source.projectRoot,
    trusted: source.trusted,
    notices: source.notices,
    get catalog() {
      return current;
    },
    get connections() {
      return connections.size;
    },
    async connect(transport) {
      if (beforeRequest !== undefined) await beforeRequest();
      const connection = await SkillsMcpConnection.open(
        {
          sdk,
          snapshot: current,
          serverInfo: { name: options.name ?? 'skilldock', version: options.version ?? '0.1.0' },
          session: sessionOptions,
          ...(beforeRequest === undefined ? {} : { beforeRequest }),
          onClose: () => connections.delete(connection),
        },
        transport,
      );
      connections.add(connection);
      // A snapshot published while it opened went to the others only.
      if (connection.session.catalog !== current) await connection.applySnapshot(current);
      return connection;
    },
    async close() {
      unsubscribe();
      await Promise.allSettled([...connections].map((connection) => connection.close()));
      connections.clear();
      await source.close();
    },
  };
}

interface SkillSource {
  readonly projectRoot: string;
  readonly trusted: boolean;
  readonly watcher: SkillWatcher;
  readonly notices: readonly WorkspaceNotice[];
  close(): Promise<void>;
}

async function openSource(options: SkillsMcpServerOptions): Promise<SkillSource> {
  if ((options.workspace === undefined) === (options.roots === undefined)) {
    throw new UserInputError(
      'mcp_server_options_invalid',
      'createSkillsMcpServer needs exactly one of `workspace` and `roots`.',
    );
  }
  if (options.workspace !== undefined) {
    const { workspace } = options;
    return {
      projectRoot: workspace.projectRoot,
      trusted: workspace.trusted,
      watcher: workspace.watcher,
      notices: [],
      close: async () => undefined,
    };
  }
  const roots = options.roots!;
  const homeDirectory = roots.home ?? homedir();
  const projectRoot = findProjectRoot(roots.cwd, { homeDirectory });
  const trusted =
    roots.trust === true ||
    (await isWorkspaceTrusted(projectRoot, { homeDirectory, env: roots.env ?? process.env }));
  const watcher = new SkillWatcher({
    projectRoot,
    homeDirectory,
    trusted,
    watch: roots.watch ?? true,
    ...(roots.debounceMilliseconds === undefined ? {} : { debounceMilliseconds: roots.debounceMilliseconds }),
  });
  await watcher.start();
  const notices: WorkspaceNotice[] = [];
  if (watcher.discovery?.roots.some((root) => root.status === 'untrusted')) {
    notices.push({
      code: 'workspace_untrusted',
      message: `The workspace ${projectRoot} is not trusted, so its project skills are not served. Trust it with \`skilldock trust\`, or run with --trust or SKILLDOCK_TRUST=1.`,
    });
  }
  return { projectRoot, trusted, watcher, notices, close: () => watcher.close() };
}
