/** Where an agent path starts; resolved by `resolveAgentPath` against the home folder and environment. */
export type AgentPathRoot =
  /** The home folder. */
  | 'home'
  /** `$XDG_CONFIG_HOME`, default `~/.config`. */
  | 'config'
  /** The project root (the `skills` CLI uses its working folder). */
  | 'project'
  /** `path` is absolute. */
  | 'absolute'
  /** `$CODEX_HOME`, default `~/.codex`. */
  | 'codex-home'
  /** `$CLAUDE_CONFIG_DIR`, default `~/.claude`. */
  | 'claude-home'
  /** `$VIBE_HOME`, default `~/.vibe`. */
  | 'vibe-home'
  /** `$HERMES_HOME`, default `~/.hermes`. */
  | 'hermes-home'
  /** `$AUTOHAND_HOME`, default `~/.autohand`. */
  | 'autohand-home'
  /** `$APPDATA`; a rule on it is skipped when unset. */
  | 'appdata'
  /** `$FLATPAK_XDG_CONFIG_HOME`; a rule on it is skipped when unset. */
  | 'flatpak-config';

/** A path relative to an {@link AgentPathRoot}; `path` '' means the root itself. */
export interface AgentPath {
  readonly root: AgentPathRoot;
  readonly path: string;
}

/** An agent counts as installed when a rule's path exists (and, with `dependency`, `package.json` lists it). */
export interface AgentDetectRule {
  readonly exists: AgentPath;
  /** Also require this npm dependency in the project's `package.json`. */
  readonly dependency?: string;
}

/** One coding agent the install targets know (SPEC P7); same ids and folders as the `skills` CLI. */
export interface AgentDefinition {
  readonly id: string;
  readonly displayName: string;
  /** Skills folder relative to the project root. `.agents/skills` marks a universal agent. */
  readonly projectDirectory: string;
  /** Personal skills folder; absent when the agent has no global skills. */
  readonly globalDirectory?: AgentPath;
  /** The first entry whose marker exists wins over `globalDirectory` (OpenClaw's legacy homes). */
  readonly globalDirectoryByMarker?: readonly { readonly marker: AgentPath; readonly directory: AgentPath }[];
  /** Installed when any rule holds. */
  readonly detect: readonly AgentDetectRule[];
  /** `false`: left out of the list of universal agents (the `skills` CLI's `showInUniversalList`). */
  readonly showInUniversalList?: boolean;
  /** `false`: not offered in the universal prompt (the `skills` CLI's `showInUniversalPrompt`). */
  readonly showInUniversalPrompt?: boolean;
}

/** The folder every universal agent reads, relative to the project root or the home folder. */
export const UNIVERSAL_SKILLS_DIRECTORY = '.agents/skills';
