import { homedir } from 'node:os';
import type { CatalogSnapshot } from '@skilldock/core/catalog';
import {
  findProjectRoot,
  isWorkspaceTrusted,
  readExtensionFolders,
  type Settings,
  type SkillWatcher,
} from '@skilldock/core/discover';
import type { SkillSession } from '@skilldock/core/runtime';
import { configuredSecrets } from '../loop/configured-secrets.js';
import { redactSecrets } from '../loop/redact-secrets.js';
import { shellEnvironment } from '../loop/shell-environment.js';
import type { ModelRoute } from '../model/model-provider.js';
import { createProviderModelLists } from '../model/pick-model-provider.js';
import { openShellSandbox, type ShellSandbox } from '../sandbox/open-shell-sandbox.js';
import { type ForkProfiles, loadForkProfiles } from '../subagents/load-fork-profiles.js';
import {
  type OpenedSubagentRegistry,
  openSubagentRegistry,
  type SessionSubagentDefinition,
} from '../subagents/open-subagent-registry.js';
import type { AgentTool } from '../tools/agent-tool.js';
import { createBuiltinTools } from '../tools/create-builtin-tools.js';
import { openWorkspaceSkills } from './open-workspace-skills.js';
import { resolveWorkspaceModel, type WorkspaceModel } from './resolve-workspace-model.js';
import type { McpServerToApprove } from './select-mcp-servers.js';
import { startWorkspaceMcp } from './start-workspace-mcp.js';
import type { WorkspaceNotice } from './workspace-notice.js';
import { loadWorkspaceSettings, type WorkspaceSettings } from './workspace-settings.js';

export type { WorkspaceModel } from './resolve-workspace-model.js';

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
  /**
   * Safe mode (`--safe-mode`, SPEC A11): no project settings, project MCP servers, project
   * subagents, fork profiles or external executors; the notices say so once.
   */
  readonly safeMode?: boolean;
  /** Subagents given in code: the session level, above every file (SPEC A1). */
  readonly subagents?: readonly SessionSubagentDefinition[];
  /** Start the MCP servers; default true. `skilldock learn` says false: its restricted run uses none. */
  readonly mcp?: boolean;
  /**
   * A folder of the user's own where parsed skills are kept between processes (the CLI passes
   * `defaultDiscoveryCacheDirectory()`): an unchanged skill then costs a stat at start instead of a
   * read and a parse. The catalog is the same with or without it. Default: no cache.
   */
  readonly discoveryCache?: string;
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
  /** Safe mode is on: project settings, MCP servers, subagents, fork profiles and executors are off. */
  readonly safeMode: boolean;
  /** The subagents sessions may start (SPEC A1); re-read on a miss and when their files change. */
  readonly subagents: OpenedSubagentRegistry;
  /** The fork profiles, read once when the workspace opened (SPEC S7). */
  readonly forkProfiles: ForkProfiles;
  /** The current model; `useModel` switches it for later turns. */
  readonly model: WorkspaceModel;
  /** Resolves a selector (`/model`) and makes it the current model; throws `ModelError` when unusable. */
  useModel(selector: string): Promise<WorkspaceModel>;
  /** The session's fast model (`/model --fast`) as `<provider>:<model>`; undefined: `models.fast` applies. */
  readonly fastModel: string | undefined;
  /**
   * Resolves a selector (`/model --fast`) and makes it the session's fast model: what `fast` means
   * for subagents (and the Explore agent) from now on. Throws `ModelError` when unusable.
   */
  useFastModel(selector: string): Promise<WorkspaceModel>;
  /**
   * Resolves a selector for a subagent (SPEC G1): a bare id is tried on the current model's
   * provider first, `fast` is the session's fast model. Throws `ModelError` when unusable.
   */
  pickModel(selector: string): Promise<ModelRoute>;
  /** Sessions whose catalog follows the workspace's refreshes; returns a function that stops it. */
  follow(session: SkillSession): () => void;
  /**
   * Rediscovers skills now and hands the snapshot to every followed session. Conversations pass it
   * to the loop as `refreshCatalog`, which awaits it before every model request (SPEC R7).
   */
  refreshCatalog(): Promise<CatalogSnapshot>;
  /** Stops the watchers and the MCP servers. */
  close(): Promise<void>;
}

/**
 * Open an agent workspace: the one place that decides what applies under trust (SPEC D2, SEC2,
 * SEC3), for the CLI, the server and programmatic use alike. Its phases, each a module of this
 * folder: the settings under trust (`loadWorkspaceSettings`: project settings choose the model,
 * MCP servers and skills only in a trusted workspace), the model route (`resolveWorkspaceModel`,
 * first, so a missing configuration fails before anything starts), the skills and the trust
 * question (`openWorkspaceSkills`), the MCP selection (`startWorkspaceMcp`: only the servers the
 * user approved), and the tools with the secrets their results are scrubbed of.
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
  const safeMode = options.safeMode === true;
  const settings = await loadWorkspaceSettings(projectRoot, homeDirectory, { safeMode });
  // Probing the sandbox starts a bubblewrap process: started here, it runs while the skills and
  // agents load instead of after them (issue 28), and is awaited with the tools below.
  const shellSandbox = openUserShellSandbox(settings, projectRoot);
  // A failure before the tools are built must not leave the probe's rejection unhandled.
  shellSandbox.catch(() => undefined);
  const remembered =
    options.trust === true || (await isWorkspaceTrusted(projectRoot, { homeDirectory, env }));
  // Resolved before discovery and MCP: a missing configuration is a usage error worth failing fast.
  // One cache of the providers' /models lists for the session (SPEC G1).
  const modelLists = createProviderModelLists();
  let model = await resolveWorkspaceModel(options.model, { settings, trusted: remembered, env, modelLists });
  let fastModel: string | undefined;

  const skills = await openWorkspaceSkills({
    projectRoot,
    homeDirectory,
    settings,
    trusted: remembered,
    safeMode,
    ...(options.askTrust === undefined ? {} : { askTrust: options.askTrust }),
    ...(options.discoveryCache === undefined ? {} : { discoveryCache: options.discoveryCache }),
  });
  const { watcher, trusted } = skills;
  if (trusted !== remembered) {
    model = await resolveWorkspaceModel(options.model, { settings, trusted, env, modelLists });
  }
  // Every later selector is tried on the current model's provider first (seed 000).
  const resolveForSession = (selector: string) =>
    resolveWorkspaceModel(selector, {
      settings,
      trusted,
      env,
      modelLists,
      mainProvider: model.config.providerName,
      ...(fastModel === undefined ? {} : { fastModel }),
    });
  const notices: WorkspaceNotice[] = [];
  if (safeMode) {
    notices.push({
      code: 'safe_mode',
      message:
        'Safe mode: project settings, project MCP servers, project subagents, fork profiles and external executors are off for this session.',
    });
  }
  if (skills.skipped.length > 0) {
    notices.push({
      code: 'workspace_untrusted',
      message: `The workspace ${projectRoot} is not trusted, so ${skills.skipped.join(', and ')} were not loaded. Trust it with \`skilldock trust\`, or run with --trust or SKILLDOCK_TRUST=1.`,
    });
  }
  notices.push(...settings.notices());

  const applying = settings.applying(trusted);
  // Extension folders (settings `extensions`, SPEC D1, A1): their skills come with discovery, their
  // agents join the registry as extension agents; a missing folder is a notice, never a crash.
  const extensions = await readExtensionFolders(applying.extensions ?? []);
  for (const diagnostic of extensions.diagnostics) {
    notices.push({ code: diagnostic.code, message: diagnostic.message });
  }
  // Before any MCP server starts: an invalid session definition throws with nothing to clean up.
  const subagents = await openSubagentRegistry({
    projectRoot,
    homeDirectory,
    trusted,
    safeMode,
    extensionDirectories: extensions.extensions.map((extension) => extension.agentsDirectory),
    ...(applying.agents === undefined ? {} : { settings: applying.agents }),
    ...(options.subagents === undefined ? {} : { definitions: options.subagents }),
    watch: true,
  });
  const invalidAgents = new Set(
    subagents
      .diagnostics()
      .flatMap((diagnostic) => (diagnostic.severity === 'error' ? [diagnostic.file ?? ''] : [])),
  );
  if (invalidAgents.size > 0) {
    notices.push({
      code: 'subagents_invalid',
      message: `${invalidAgents.size} subagent file(s) are invalid and were not loaded: ${[...invalidAgents].join(', ')}. Run \`skilldock agents doctor\` for the line and field of each problem.`,
    });
  }
  const forkProfiles = await loadForkProfiles({ projectRoot, homeDirectory, trusted, safeMode });

  // Project entries start commands: only the exact entries the user approved (SEC2).
  const { mcp, notices: mcpNotices } = await (options.mcp === false
    ? { mcp: undefined, notices: [] }
    : startWorkspaceMcp({
        projectRoot,
        homeDirectory,
        settings,
        trusted,
        env,
        // In safe mode no project server runs: `--approve-mcp` has nothing to approve (the notice says why).
        ...(options.approveMcp === undefined || safeMode ? {} : { approveMcp: options.approveMcp }),
        ...(options.askMcpApproval === undefined ? {} : { askMcpApproval: options.askMcpApproval }),
      }));
  notices.push(...mcpNotices);
  const {
    secrets,
    tools,
    notice: shellNotice,
  } = await workspaceTools(settings, trusted, env, await shellSandbox);
  if (shellNotice !== undefined) notices.push(shellNotice);
  const sessions = new Set<SkillSession>();
  return {
    projectRoot,
    homeDirectory,
    trusted,
    // A server's stderr tail may print what its environment holds.
    notices: notices.map((notice) => ({ ...notice, message: redactSecrets(notice.message, secrets) })),
    secrets,
    watcher,
    tools: [...tools, ...(mcp?.tools ?? [])],
    settings: applying,
    safeMode,
    subagents,
    forkProfiles,
    get model() {
      return model;
    },
    async useModel(selector) {
      model = await resolveForSession(selector);
      return model;
    },
    get fastModel() {
      return fastModel;
    },
    async useFastModel(selector) {
      const picked = await resolveForSession(selector);
      fastModel = picked.label;
      return picked;
    },
    async pickModel(selector) {
      return (await resolveForSession(selector)).route;
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
      subagents.close();
      await Promise.allSettled([watcher.close(), mcp?.close()]);
    },
  };
}

/** The shell sandbox the user file's `shell` settings ask for; a project cannot take it away. */
function openUserShellSandbox(settings: WorkspaceSettings, projectRoot: string): Promise<ShellSandbox> {
  const userShell = settings.user.shell;
  return openShellSandbox({
    projectRoot,
    ...(userShell?.sandbox === undefined ? {} : { mode: userShell.sandbox }),
    ...(userShell?.network === undefined ? {} : { network: userShell.network }),
  });
}

/**
 * The built-in tools of a workspace and the secrets scrubbed from every tool result (SPEC SEC3):
 * the keys of every provider in the user file, not only the current one (`/model` may switch),
 * are kept out of the shell's environment, and the shell runs its commands in the sandbox the
 * user's `shell.sandbox` setting asks for ({@link openShellSandbox}: its own `/proc`, so no
 * command reads a key from another process's environment), or says why it cannot.
 */
async function workspaceTools(
  settings: WorkspaceSettings,
  trusted: boolean,
  env: NodeJS.ProcessEnv,
  sandbox: ShellSandbox,
): Promise<{ secrets: ReadonlyMap<string, string>; tools: AgentTool[]; notice?: WorkspaceNotice }> {
  const applying = settings.applying(trusted);
  const secretSettings = { ...applying, models: { ...applying.models, ...settings.user.models } };
  const { names, secrets } = configuredSecrets({ settings: secretSettings, env });
  const shellEnv = shellEnvironment(env, {
    deny: names,
    ...(settings.user.shell?.env?.allow === undefined ? {} : { allow: settings.user.shell.env.allow }),
  });
  const shell = {
    environment: shellEnv,
    ...(sandbox.launcher === undefined ? {} : { launcher: sandbox.launcher }),
    ...(sandbox.descriptionNote === undefined ? {} : { descriptionNote: sandbox.descriptionNote }),
  };
  return {
    secrets,
    tools: createBuiltinTools({ shell }),
    ...(sandbox.notice === undefined ? {} : { notice: sandbox.notice }),
  };
}
