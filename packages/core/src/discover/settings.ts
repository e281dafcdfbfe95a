import { z } from 'zod';
import type { CatalogBudget } from '../catalog/types.js';

/** Default deepest folder level searched below a skill root (SPEC D2). */
export const DEFAULT_MAX_DEPTH = 6;

/**
 * Default number of skill folders loaded per skill root before the walk stops with a warning; the
 * same number bounds the other folders searched on the way (SPEC D2, raised from 2,000 by issue 9:
 * a 1,000-skill root with one group folder per skill must not be cut).
 */
export const DEFAULT_MAX_FOLDERS = 10_000;

/**
 * Skilldock settings, read from `<project>/.skilldock/settings.json` and
 * `~/.skilldock/settings.json`; the project file wins key by key (`skills.directories` from the
 * project replaces the user's list, other keys still come from the user file).
 *
 * Keys:
 * - `skills.directories` — extra skill folders searched as project skills, relative to the project
 *   root or absolute (`~/` expands to the home folder). Loaded only in a trusted workspace.
 * - `skills.personalDirectories` — extra personal skill folders, relative to the home folder or
 *   absolute. Read from the user file only: a project cannot add personal sources.
 * - `skills.disabled` — skill ids switched off everywhere (left out of the model's catalog).
 * - `skills.budget` — `{ "tokens"?: number, "characters"?: number }`, the size limit of the
 *   catalog shown to the model; descriptions are shortened, then skills hidden, to fit.
 * - `skills.maxDepth` — deepest folder level searched below a skill root (default 6).
 * - `skills.maxFolders` — skill folders loaded per skill root before the walk stops with a
 *   warning; also bounds the other folders searched on the way (default 10,000).
 * - `models` — model providers and the default and fast models (see {@link ModelSettings});
 *   `models.providers` is read from the user file only.
 * - `mcpServers` — MCP servers whose tools the agent offers as `mcp__<server>__<tool>`
 *   (see {@link McpServerSettings}); merged by name, the project winning.
 * - `shell.env.deny` — names of variables the `shell` tool never gets (added to the names that
 *   look like credentials and the ones providers and MCP servers name); merged from both files.
 * - `shell.env.allow` — names the `shell` tool gets even though they look like credentials. Read
 *   from the user file only: a project cannot hand your keys to commands the model runs.
 * - `shell.sandbox` — `"auto"` (default): the `shell` tool runs commands in a bubblewrap sandbox
 *   when it works here (own `/proc`, only the project writable), else unsandboxed with a notice;
 *   `"off"`: never. `shell.network` — sandboxed commands reach the network (default true). Both
 *   read from the user file only: a project cannot take the sandbox away.
 * - `agents.modelAliases` — what a subagent's `model: sonnet|opus|haiku` (Claude Code's names) means
 *   here: alias → model selector; merged by alias, the project winning. Defaults (applied by the
 *   agent package): `sonnet` and `opus` → `inherit`, `haiku` → `fast`.
 * - `agents.builtin.exploreModel` — the model selector of the built-in `Explore` subagent
 *   (default `inherit`; e.g. `fast`).
 * - `allowed_hosts` (top level) — hosts a remote install may fetch from (SPEC P5; default
 *   `github.com`, `modelscope.cn`; `[]` disables remote installs). Read from the user file only.
 * - `install_tokens` (top level) — per skills server, the environment variable holding its API token:
 *   `{ "https://skills.example.com": "ACME_SKILLS_TOKEN" }` (keys are origins: scheme, host, port).
 *   `skills add`, `update` and `check` send that token to that origin only. Read from the user file
 *   only: a cloned project must never choose where a token goes.
 *
 * - `learn.directory` — where `skilldock learn` and auto skill write generated skills, relative to
 *   the project root (default `.agents/skills`; e.g. `.qwen/skills`). It must stay inside the project.
 * - `learn.allowedHosts` — hosts `learn` may fetch a page from (SPEC L1, P5; default any https host).
 *   Read from the user file only.
 * - `extensions` — extension folders (SPEC D1, A1; Qwen Code's installed extensions): each is
 *   relative to the folder holding the settings file that names it, or absolute (`~/` expands to
 *   the home folder); `loadSettings` returns them absolute, the user's first, then the project's.
 *   An extension named `rust` (its folder's name) contributes the skills in `<folder>/skills` as
 *   `rust:<id>` and the agents in `<folder>/agents` as extension agents (read-only). A missing or
 *   unreadable folder is a warning. Project entries apply only in a trusted workspace.
 * - `memory.enableAutoSkill`, `memory.autoSkillConfirm`, `memory.autoSkillToolCalls` — auto skill
 *   (SPEC L2): off by default; proposals wait for review when `autoSkillConfirm` is set; a review is
 *   scheduled after this many tool calls (default 20).
 *
 * Trust is not a setting: it lives in `~/.skilldock/trusted.json` (see `trustWorkspace`).
 * @example
 * { "skills": { "directories": ["tools/skills"], "disabled": ["legacy-deploy"], "budget": { "tokens": 4000 } } }
 */
export interface Settings {
  readonly skills?: SkillSettings;
  readonly models?: ModelSettings;
  readonly mcpServers?: Readonly<Record<string, McpServerSettings>>;
  readonly shell?: ShellSettings;
  readonly agents?: AgentSettings;
  readonly allowed_hosts?: readonly string[];
  readonly install_tokens?: Readonly<Record<string, string>>;
  readonly learn?: LearnSettings;
  readonly memory?: MemorySettings;
  /** Extension folders, absolute once loaded (see the `extensions` key above). */
  readonly extensions?: readonly string[];
}

/** The `learn` section of {@link Settings} (SPEC L1). */
export interface LearnSettings {
  /** Project-relative folder for generated skills; default `.agents/skills`. */
  readonly directory?: string;
  /** Hosts a page may be learned from (user file only); default: any https host. */
  readonly allowedHosts?: readonly string[];
}

/** The `memory` section of {@link Settings}: auto skill (SPEC L2) and the curator (L3). */
export interface MemorySettings {
  /** Let a background review propose `auto-skill-*` skills; default false. */
  readonly enableAutoSkill?: boolean;
  /** Keep proposals pending until the user accepts or rejects them; default false. */
  readonly autoSkillConfirm?: boolean;
  /** Tool calls in a session before a review is scheduled; default 20. */
  readonly autoSkillToolCalls?: number;
}

/** The `agents` section of {@link Settings}: how subagent files are read (SPEC A1, A2). */
export interface AgentSettings {
  /** Alias → model selector, for Claude Code's `model: sonnet|opus|haiku`. */
  readonly modelAliases?: Readonly<Record<string, string>>;
  readonly builtin?: {
    /** Model selector of the built-in `Explore` subagent. */
    readonly exploreModel?: string;
  };
}

/** The `shell` section of {@link Settings}: which variables commands the model runs may see (SPEC SEC3). */
export interface ShellSettings {
  /** `auto` (default): commands run in a bubblewrap sandbox where it works; `off`: never (user file only). */
  readonly sandbox?: 'auto' | 'off';
  /** Sandboxed commands reach the network; default true (user file only). */
  readonly network?: boolean;
  readonly env?: {
    /** Passed to the shell even when the name looks like a credential (user file only). */
    readonly allow?: readonly string[];
    /** Never passed to the shell, and their values are scrubbed from tool results. */
    readonly deny?: readonly string[];
  };
}

/**
 * One entry of `mcpServers` (SPEC G4), the shape other agents use: a command started over stdio,
 * or a streamable HTTP endpoint. Servers from both files are merged by name, the project winning;
 * a host must connect project-defined servers only in a trusted workspace (they run commands), and
 * only entries the user approved (see `isMcpServerApproved`, SPEC SEC2).
 * @example
 * { "mcpServers": { "files": { "command": "npx", "args": ["-y", "some-mcp-server"] }, "docs": { "url": "https://example.com/mcp" } } }
 */
export type McpServerSettings = McpStdioServerSettings | McpHttpServerSettings;

/** An MCP server started as a child process, spoken to over stdin/stdout. */
export interface McpStdioServerSettings {
  readonly type?: 'stdio';
  readonly command: string;
  readonly args?: readonly string[];
  /** Added to a minimal inherited environment (PATH, HOME, …), never the whole of ours. */
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
}

/** An MCP server reached over streamable HTTP. */
export interface McpHttpServerSettings {
  readonly type?: 'http' | 'streamable-http';
  readonly url: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * The `models` section of {@link Settings} (SPEC G1): named providers and the default and fast
 * model selectors (`inherit`, `fast`, `<modelId>`, `<provider>:<modelId>`). `providers` is read
 * from the user file only, so a project cannot send your API keys to another server.
 * @example
 * { "models": { "providers": { "ollama": { "type": "openai", "baseUrl": "http://127.0.0.1:11434/v1" } }, "default": "ollama:qwen3:32b" } }
 */
export interface ModelSettings {
  readonly providers?: Readonly<Record<string, ModelProviderSettings>>;
  readonly default?: string;
  readonly fast?: string;
}

/** One named model provider: its protocol, where it lives and which variable holds its key. */
export interface ModelProviderSettings {
  readonly type: 'openai' | 'anthropic';
  readonly baseUrl?: string;
  /** Name of the environment variable holding the API key, e.g. `DASHSCOPE_API_KEY`. */
  readonly apiKeyEnv?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * What some of this provider's models can do, by model id: `{ "qwen-vl-max": { "video": true } }`
   * marks a model that takes video (`skilldock learn ./tutorial.mp4`, SPEC L1). Unmarked models
   * are sent text only.
   */
  readonly models?: Readonly<Record<string, ModelCapabilities>>;
  /**
   * The model ids this provider offers (SPEC G1, seed 000): a bare id (`glm-5`) goes to the main
   * conversation's provider when it offers it, else to the first other provider that does. Without
   * this list the provider's `/models` endpoint is asked once per session.
   */
  readonly offers?: readonly string[];
}

/** What one model can take beyond text (see {@link ModelProviderSettings.models}). */
export interface ModelCapabilities {
  /** The model accepts a video as an OpenAI-compatible `video_url` content part (a data URL). */
  readonly video?: boolean;
}

/** The `skills` section of {@link Settings}. */
export interface SkillSettings {
  readonly directories?: readonly string[];
  readonly personalDirectories?: readonly string[];
  readonly disabled?: readonly string[];
  readonly budget?: CatalogBudget;
  readonly maxDepth?: number;
  readonly maxFolders?: number;
}

const budgetSchema = z.strictObject({
  tokens: z.number().int().positive().optional(),
  characters: z.number().int().positive().optional(),
});

const skillSettingsSchema = z.strictObject({
  directories: z.array(z.string().min(1)).optional(),
  personalDirectories: z.array(z.string().min(1)).optional(),
  disabled: z.array(z.string().min(1)).optional(),
  budget: budgetSchema.optional(),
  maxDepth: z.number().int().min(0).max(64).optional(),
  maxFolders: z.number().int().positive().optional(),
});

const modelSettingsSchema = z.strictObject({
  providers: z
    .record(
      z.string().regex(/^[a-z0-9][a-z0-9_-]*$/),
      z.strictObject({
        type: z.enum(['openai', 'anthropic']),
        baseUrl: z.url({ protocol: /^https?$/ }).optional(),
        apiKeyEnv: z
          .string()
          .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
          .optional(),
        headers: z.record(z.string().min(1), z.string()).optional(),
        models: z.record(z.string().min(1), z.strictObject({ video: z.boolean().optional() })).optional(),
        offers: z.array(z.string().min(1).max(256)).max(10_000).optional(),
      }),
    )
    .optional(),
  default: z.string().min(1).optional(),
  fast: z.string().min(1).optional(),
});

const mcpServerSchema = z.union([
  z.strictObject({
    type: z.literal('stdio').optional(),
    command: z.string().min(1),
    args: z.array(z.string()).optional(),
    env: z.record(z.string().min(1), z.string()).optional(),
    cwd: z.string().min(1).optional(),
  }),
  z.strictObject({
    type: z.enum(['http', 'streamable-http']).optional(),
    url: z.url({ protocol: /^https?$/ }),
    headers: z.record(z.string().min(1), z.string()).optional(),
  }),
]);

const variableNames = z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'must be a variable name'));

const shellSettingsSchema = z.strictObject({
  sandbox: z.enum(['auto', 'off']).optional(),
  network: z.boolean().optional(),
  env: z
    .strictObject({
      allow: variableNames.optional(),
      deny: variableNames.optional(),
    })
    .optional(),
});

const agentSettingsSchema = z.strictObject({
  modelAliases: z.record(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/), z.string().min(1)).optional(),
  builtin: z.strictObject({ exploreModel: z.string().min(1).optional() }).optional(),
});

/** The zod schema of one settings file; unknown keys fail it (callers report them as warnings). */
export const settingsSchema = z.strictObject({
  skills: skillSettingsSchema.optional(),
  shell: shellSettingsSchema.optional(),
  allowed_hosts: z.array(z.string().min(1)).optional(),
  install_tokens: z
    .record(
      z.url({ protocol: /^https?$/ }),
      z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, 'an environment variable name'),
    )
    .optional(),
  models: modelSettingsSchema.optional(),
  mcpServers: z.record(z.string().min(1), mcpServerSchema).optional(),
  agents: agentSettingsSchema.optional(),
  learn: z
    .strictObject({
      directory: z.string().min(1).max(1024).optional(),
      allowedHosts: z.array(z.string().min(1)).optional(),
    })
    .optional(),
  extensions: z.array(z.string().min(1).max(4096)).max(100).optional(),
  memory: z
    .strictObject({
      enableAutoSkill: z.boolean().optional(),
      autoSkillConfirm: z.boolean().optional(),
      autoSkillToolCalls: z.number().int().positive().max(10_000).optional(),
    })
    .optional(),
});

/** Keys of the `skills` section, in documentation order. */
export const SKILL_SETTING_KEYS = [
  'directories',
  'personalDirectories',
  'disabled',
  'budget',
  'maxDepth',
  'maxFolders',
] as const satisfies ReadonlyArray<keyof SkillSettings>;
