import type { AgentTool, McpConnection, ModelConfig, ModelRoute } from '@skilldock/agent';
import type { CatalogSnapshot, Settings, SkillSession, SkillWatcher } from '@skilldock/core';
import type { CliContext } from '../cli-context.js';
import { loadCore } from '../load-core.js';
import { diagnosticLocation } from '../output.js';
import type { AgentNotice } from './agent-notice.js';
import { loadAgent } from './load-agent.js';
import { type McpServerToApprove, selectMcpServers } from './select-mcp-servers.js';

/** Options of {@link createAgentWorkspace}. */
export interface AgentWorkspaceOptions {
  readonly context: CliContext;
  /** Model selector (`--model`); default `inherit` (SKILLDOCK_MODEL, then settings). */
  readonly model?: string;
  /** `--trust`: trust the workspace for this process only, without remembering it. */
  readonly trust?: boolean;
  /**
   * Asked when the workspace is untrusted and has project skills or MCP servers to load (chat).
   * True trusts it and remembers that (`~/.skilldock/trusted.json`).
   */
  readonly askTrust?: (projectRoot: string) => Promise<boolean>;
  /** `--approve-mcp NAME`: project MCP servers approved for this process only (SPEC SEC2). */
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
 * the host tools (built-ins and MCP), and the model. Conversations (`startConversation`) take a
 * skill session and a run context from it.
 */
export interface AgentWorkspace {
  readonly projectRoot: string;
  /** Home folder of settings, trust and sessions. */
  readonly homeDirectory: string;
  readonly trusted: boolean;
  readonly notices: readonly AgentNotice[];
  /** Rediscovers skills on demand; its snapshot is the current catalog. */
  readonly watcher: SkillWatcher;
  /** Built-in tools, then MCP tools; declared identically for every request (R1). */
  readonly tools: readonly AgentTool[];
  readonly settings: Settings;
  /** Name → value of the configured secrets, scrubbed from every tool result (SPEC SEC3). */
  readonly secrets: ReadonlyMap<string, string>;
  /** The current model; `useModel` switches it for later turns. */
  readonly model: WorkspaceModel;
  /** Resolves a selector (`/model`) and makes it the current model; throws `ModelError` when unusable. */
  useModel(selector: string): Promise<WorkspaceModel>;
  /** Sessions whose catalog follows the workspace's refreshes. */
  follow(session: SkillSession): () => void;
  /**
   * Rediscovers skills now and hands the snapshot to every followed session. Conversations pass it
   * to the loop as `refreshCatalog`, which awaits it before every model request (SPEC R7).
   */
  refreshCatalog(): Promise<CatalogSnapshot>;
  close(): Promise<void>;
}

/**
 * Prepare an agent session's workspace: resolve the model first (a missing configuration fails
 * before anything starts), decide trust (SPEC D2: project skills, subagents and project MCP servers
 * load only in a trusted workspace), discover skills, and connect MCP servers.
 */
export async function createAgentWorkspace(options: AgentWorkspaceOptions): Promise<AgentWorkspace> {
  const core = await loadCore();
  const agent = await loadAgent();
  const { context } = options;
  const { projectRoot, homeDirectory, env } = context;
  const userSettings = (await core.loadSettings({ homeDirectory })).settings;
  const mergedSettings = await core.loadSettings({ projectRoot, homeDirectory });

  let trusted =
    options.trust === true || (await core.isWorkspaceTrusted(projectRoot, { homeDirectory, env }));
  // Until trusted, a project's settings choose nothing: not the model, not MCP servers.
  const modelSettingsFor = (isTrusted: boolean) =>
    (isTrusted ? mergedSettings.settings : userSettings).models;

  const sessions = new Set<SkillSession>();
  const createWatcher = (isTrusted: boolean) =>
    new core.SkillWatcher({ projectRoot, homeDirectory, trusted: isTrusted, watch: false });
  let watcher = createWatcher(trusted);
  const refreshCatalog = async () => {
    const snapshot = await watcher.refresh();
    // An unchanged workspace gives the same snapshot back: nothing to compare at 10,000 skills.
    for (const session of sessions) if (session.catalog !== snapshot) session.updateCatalog(snapshot);
    return snapshot;
  };
  const resolveModel = (selector: string | undefined, isTrusted: boolean): WorkspaceModel => {
    const config = agent.resolveModelConfig(selector ?? 'inherit', {
      env,
      settings: modelSettingsFor(isTrusted) ?? {},
    });
    return {
      route: { provider: agent.createModelProvider(config), model: config.model },
      label: `${config.providerName}:${config.model}`,
      config,
    };
  };
  // Resolved before discovery and MCP: a missing configuration is a usage error worth failing fast.
  let model = resolveModel(options.model, trusted);

  await watcher.start();
  const userServers = userSettings.mcpServers ?? {};
  const projectServers = Object.entries(mergedSettings.settings.mcpServers ?? {}).filter(
    ([name, server]) =>
      userServers[name] === undefined || core.mcpServerHash(userServers[name]) !== core.mcpServerHash(server),
  );
  if (!trusted) {
    const skippedRoots = watcher.discovery?.roots.some((root) => root.status === 'untrusted') ?? false;
    if ((skippedRoots || projectServers.length > 0) && options.askTrust !== undefined) {
      if (await options.askTrust(projectRoot)) {
        await core.trustWorkspace(projectRoot, { homeDirectory });
        trusted = true;
        await watcher.close();
        watcher = createWatcher(true);
        await watcher.start();
        model = resolveModel(options.model, true);
      }
    }
  }

  const notices: AgentNotice[] = [];
  if (!trusted) {
    const skippedRoots = watcher.discovery?.roots.some((root) => root.status === 'untrusted') ?? false;
    if (skippedRoots || projectServers.length > 0) {
      const skipped = [
        ...(skippedRoots ? ['project skills and subagents'] : []),
        ...(projectServers.length > 0
          ? [`project MCP servers (${projectServers.map(([name]) => name).join(', ')})`]
          : []),
      ];
      notices.push({
        code: 'workspace_untrusted',
        message: `The workspace ${projectRoot} is not trusted, so ${skipped.join(', and ')} were not loaded. Trust it with \`skilldock trust\`, or run with --trust or SKILLDOCK_TRUST=1.`,
      });
    }
  }
  for (const diagnostic of mergedSettings.diagnostics) {
    notices.push({
      code: 'settings_invalid',
      message: `${diagnosticLocation(diagnostic) || 'settings'}: ${diagnostic.message}${diagnostic.severity === 'error' && !diagnostic.message.includes('ignored') ? ' (ignored)' : ''}`,
    });
  }

  const settings = trusted ? mergedSettings.settings : userSettings;
  let mcp: McpConnection | undefined;
  // Project entries start commands: only the exact entries the user approved (SEC2).
  const selection = await selectMcpServers({
    projectRoot,
    homeDirectory,
    userServers,
    servers: settings.mcpServers ?? {},
    declared: Object.keys(mergedSettings.settings.mcpServers ?? {}),
    ...(options.approveMcp === undefined ? {} : { approved: options.approveMcp }),
    ...(options.askMcpApproval === undefined ? {} : { askApproval: options.askMcpApproval }),
  });
  notices.push(...selection.notices);
  const servers = selection.servers;
  if (Object.keys(servers).length > 0) {
    mcp = await agent.connectMcpServers(servers, { workingDirectory: projectRoot, environment: env });
    for (const status of mcp.statuses) {
      if (!status.ok) {
        notices.push({
          code: 'mcp_server_failed',
          message: `The MCP server ${status.name} did not start: ${status.error ?? 'unknown error'}. Its tools are unavailable.`,
        });
      }
    }
  }
  // Keys of every provider (user file), not only the current one: `/model` may switch (SEC3).
  const secretSettings = { ...settings, models: { ...settings.models, ...userSettings.models } };
  const { names, secrets } = agent.configuredSecrets({ settings: secretSettings, env });
  const shellEnvironment = agent.shellEnvironment(env, {
    deny: names,
    ...(userSettings.shell?.env?.allow === undefined ? {} : { allow: userSettings.shell.env.allow }),
  });
  const tools = [
    ...agent.createBuiltinTools({ shell: { environment: shellEnvironment } }),
    ...(mcp?.tools ?? []),
  ];
  // A server's stderr tail may print what its environment holds.
  const scrubbedNotices = notices.map((notice) => ({
    ...notice,
    message: agent.redactSecrets(notice.message, secrets),
  }));

  return {
    projectRoot,
    homeDirectory,
    trusted,
    notices: scrubbedNotices,
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
    refreshCatalog,
    async close() {
      sessions.clear();
      await Promise.allSettled([watcher.close(), mcp?.close()]);
    },
  };
}
