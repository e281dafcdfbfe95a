import { homedir } from 'node:os';
import {
  type CatalogSnapshot,
  type Diagnostic,
  findProjectRoot,
  isWorkspaceTrusted,
  loadSettings,
  type McpServerSettings,
  mcpServerHash,
  type Settings,
  type SkillSession,
  SkillWatcher,
  trustWorkspace,
} from '@skilldock/core';
import { redactSecrets } from '../loop/redact-secrets.js';
import { createModelProvider } from '../model/create-model-provider.js';
import type { ModelRoute } from '../model/model-provider.js';
import { type ModelConfig, resolveModelConfig } from '../model/resolve-model-config.js';
import type { AgentTool } from '../tools/agent-tool.js';
import { configuredSecrets } from '../tools/configured-secrets.js';
import { createBuiltinTools } from '../tools/create-builtin-tools.js';
import { connectMcpServers, type McpConnection } from '../tools/mcp/connect-mcp-servers.js';
import { shellEnvironment } from '../tools/shell-environment.js';
import { type McpServerToApprove, selectMcpServers } from './select-mcp-servers.js';
import type { WorkspaceNotice } from './workspace-notice.js';

/** Options of {@link openWorkspace}. */
export interface OpenWorkspaceOptions {
  /** The folder to work in; its project root is the nearest folder up with a project marker. */
  readonly cwd: string;
  /** Home folder of settings, trust, approvals and sessions. Default: the user's home. */
  readonly home?: string;
  /** Environment for the model, `SKILLDOCK_TRUST`, secrets and the shell. Default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  /** Model selector; default `inherit` (SKILLDOCK_MODEL, then settings). */
  readonly model?: string;
  /** Trust the workspace for this process only, without remembering it. */
  readonly trust?: boolean;
  /**
   * Asked when the workspace is untrusted and has project skills or MCP servers to load (chat).
   * True trusts it and remembers that (`~/.skilldock/trusted.json`). Absent: nothing is asked.
   */
  readonly askTrust?: (projectRoot: string) => Promise<boolean>;
  /** Project MCP servers approved for this process only (`--approve-mcp NAME`, SPEC SEC2). */
  readonly approveMcp?: readonly string[];
  /**
   * Asked once per project MCP server entry the user has not approved (chat); a yes is remembered
   * by the entry's content hash. Absent (headless): such servers are skipped with a notice.
   */
  readonly askMcpApproval?: (server: McpServerToApprove) => Promise<boolean>;
}

/** The model a workspace sends to, and how it was named. */
export interface WorkspaceModel {
  readonly route: ModelRoute;
  /** `<provider>:<model>`, as transcripts and `/model` show it. */
  readonly label: string;
  readonly config: ModelConfig;
}

/**
 * What every conversation in one project shares (DESIGN.md "Agent"): trust, the catalog source,
 * the host tools (built-ins and MCP), and the model. Conversations ({@link openConversation}) take
 * a skill session and a run context from it.
 */
export interface AgentWorkspace {
  readonly projectRoot: string;
  /** Home folder of settings, trust and sessions. */
  readonly homeDirectory: string;
  readonly trusted: boolean;
  /** What the user should know (untrusted parts skipped, MCP servers not started); secrets scrubbed. */
  readonly notices: readonly WorkspaceNotice[];
  /** Rediscovers skills on demand; its snapshot is the current catalog. */
  readonly watcher: SkillWatcher;
  /** Built-in tools, then MCP tools; declared identically for every request (R1). */
  readonly tools: readonly AgentTool[];
  /** The settings that apply: user and project merged when trusted, the user's alone when not. */
  readonly settings: Settings;
  /** Name → value of the configured secrets, scrubbed from every tool result (SPEC SEC3). */
  readonly secrets: ReadonlyMap<string, string>;
  /** The current model; `useModel` switches it for later turns. */
  readonly model: WorkspaceModel;
  /** Resolves a selector (`/model`) and makes it the current model; throws `ModelError` when unusable. */
  useModel(selector: string): Promise<WorkspaceModel>;
  /** Sessions whose catalog follows the workspace's refreshes; returns a function that stops it. */
  follow(session: SkillSession): () => void;
  /**
   * Rediscovers skills now and hands the snapshot to every followed session. Conversations pass it
   * to the loop as `refreshCatalog`, which awaits it before every model request (SPEC R7).
   */
  refreshCatalog(): Promise<CatalogSnapshot>;
  /** Stops the watcher and the MCP servers. */
  close(): Promise<void>;
}

/**
 * Open an agent workspace: the one place that decides what applies under trust (SPEC D2, SEC2,
 * SEC3), for the CLI, the server and programmatic use alike. It resolves the model first (a
 * missing configuration fails before anything starts), decides trust (project settings choose
 * the model, MCP servers and skills only in a trusted workspace), discovers skills, starts only
 * the MCP servers the user approved, and collects the secrets tool results are scrubbed of.
 * @example
 * const workspace = await openWorkspace({ cwd: process.cwd(), trust: false });
 * for (const notice of workspace.notices) console.error(notice.message);
 * const conversation = await openConversation(workspace, { approvalModes: ['default'] });
 * const { result } = await conversation.send('Summarise the README');
 * await conversation.close();
 * await workspace.close();
 */
export async function openWorkspace(options: OpenWorkspaceOptions): Promise<AgentWorkspace> {
  const homeDirectory = options.home ?? homedir();
  const env = options.env ?? process.env;
  const projectRoot = findProjectRoot(options.cwd, { homeDirectory });
  const userSettings = (await loadSettings({ homeDirectory })).settings;
  const mergedSettings = await loadSettings({ projectRoot, homeDirectory });

  let trusted = options.trust === true || (await isWorkspaceTrusted(projectRoot, { homeDirectory, env }));
  const resolveModel = (selector: string | undefined, isTrusted: boolean): WorkspaceModel => {
    // Until trusted, a project's settings choose nothing: not the model, not MCP servers.
    const models = (isTrusted ? mergedSettings.settings : userSettings).models;
    const config = resolveModelConfig(selector ?? 'inherit', { env, settings: models ?? {} });
    return {
      route: { provider: createModelProvider(config), model: config.model },
      label: `${config.providerName}:${config.model}`,
      config,
    };
  };
  // Resolved before discovery and MCP: a missing configuration is a usage error worth failing fast.
  let model = resolveModel(options.model, trusted);

  // Refreshed before every model request: the change journal re-reads only what file events name.
  const createWatcher = (isTrusted: boolean) =>
    new SkillWatcher({ projectRoot, homeDirectory, trusted: isTrusted, watch: false, trackChanges: true });
  let watcher = createWatcher(trusted);
  await watcher.start();
  const projectServers = projectOnlyServers(userSettings.mcpServers ?? {}, mergedSettings.settings);
  const untrustedParts = () => [
    ...(watcher.discovery?.roots.some((root) => root.status === 'untrusted')
      ? ['project skills and subagents']
      : []),
    ...(projectServers.length > 0 ? [`project MCP servers (${projectServers.join(', ')})`] : []),
  ];
  if (!trusted && untrustedParts().length > 0 && options.askTrust !== undefined) {
    if (await options.askTrust(projectRoot)) {
      await trustWorkspace(projectRoot, { homeDirectory });
      trusted = true;
      await watcher.close();
      watcher = createWatcher(true);
      await watcher.start();
      model = resolveModel(options.model, true);
    }
  }

  const notices: WorkspaceNotice[] = [];
  const skipped = trusted ? [] : untrustedParts();
  if (skipped.length > 0) {
    notices.push({
      code: 'workspace_untrusted',
      message: `The workspace ${projectRoot} is not trusted, so ${skipped.join(', and ')} were not loaded. Trust it with \`skilldock trust\`, or run with --trust or SKILLDOCK_TRUST=1.`,
    });
  }
  notices.push(...mergedSettings.diagnostics.map(settingsNotice));

  const settings = trusted ? mergedSettings.settings : userSettings;
  // Project entries start commands: only the exact entries the user approved (SEC2).
  const selection = await selectMcpServers({
    projectRoot,
    homeDirectory,
    userServers: userSettings.mcpServers ?? {},
    servers: settings.mcpServers ?? {},
    declared: Object.keys(mergedSettings.settings.mcpServers ?? {}),
    ...(options.approveMcp === undefined ? {} : { approved: options.approveMcp }),
    ...(options.askMcpApproval === undefined ? {} : { askApproval: options.askMcpApproval }),
  });
  notices.push(...selection.notices);
  let mcp: McpConnection | undefined;
  if (Object.keys(selection.servers).length > 0) {
    mcp = await connectMcpServers(selection.servers, { workingDirectory: projectRoot, environment: env });
    for (const status of mcp.statuses) {
      if (status.ok) continue;
      notices.push({
        code: 'mcp_server_failed',
        message: `The MCP server ${status.name} did not start: ${status.error ?? 'unknown error'}. Its tools are unavailable.`,
      });
    }
  }
  // Keys of every provider (user file), not only the current one: `/model` may switch (SEC3).
  const secretSettings = { ...settings, models: { ...settings.models, ...userSettings.models } };
  const { names, secrets } = configuredSecrets({ settings: secretSettings, env });
  const shellEnv = shellEnvironment(env, {
    deny: names,
    ...(userSettings.shell?.env?.allow === undefined ? {} : { allow: userSettings.shell.env.allow }),
  });
  const tools = [...createBuiltinTools({ shell: { environment: shellEnv } }), ...(mcp?.tools ?? [])];

  const sessions = new Set<SkillSession>();
  return {
    projectRoot,
    homeDirectory,
    trusted,
    // A server's stderr tail may print what its environment holds.
    notices: notices.map((notice) => ({ ...notice, message: redactSecrets(notice.message, secrets) })),
    secrets,
    get watcher() {
      return watcher;
    },
    tools,
    settings,
    get model() {
      return model;
    },
    async useModel(selector) {
      model = resolveModel(selector, trusted);
      return model;
    },
    follow(session) {
      sessions.add(session);
      return () => sessions.delete(session);
    },
    async refreshCatalog() {
      const snapshot = await watcher.refresh();
      // An unchanged workspace gives the same snapshot back: nothing to compare at 10,000 skills.
      for (const session of sessions) if (session.catalog !== snapshot) session.updateCatalog(snapshot);
      return snapshot;
    },
    async close() {
      sessions.clear();
      await Promise.allSettled([watcher.close(), mcp?.close()]);
    },
  };
}

/** Names of the MCP servers the project settings add or change (the user's own entries excluded). */
function projectOnlyServers(
  userServers: Readonly<Record<string, McpServerSettings>>,
  merged: Settings,
): string[] {
  return Object.entries(merged.mcpServers ?? {})
    .filter(([name, server]) => {
      const own = userServers[name];
      return own === undefined || mcpServerHash(own) !== mcpServerHash(server);
    })
    .map(([name]) => name);
}

/** A settings file problem as a notice: `file:line:column: message (ignored)`. */
function settingsNotice(diagnostic: Diagnostic): WorkspaceNotice {
  const location =
    diagnostic.file === undefined || diagnostic.file === ''
      ? 'settings'
      : `${diagnostic.file}${diagnostic.line === undefined ? '' : `:${diagnostic.line}:${diagnostic.column ?? 1}`}`;
  const ignored = diagnostic.severity === 'error' && !diagnostic.message.includes('ignored');
  return {
    code: 'settings_invalid',
    message: `${location}: ${diagnostic.message}${ignored ? ' (ignored)' : ''}`,
  };
}
