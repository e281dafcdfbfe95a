import type { PublishFaults } from './publish/publish-transaction.js';
import type { InstallScope } from './targets/plan-skill-targets.js';

/** Where installed skills live and how to reach their lock, shared by add, remove, check and update. */
export interface InstallTargetOptions {
  readonly scope: InstallScope;
  /** Project root (holds `skills-lock.json` and the project skill folders). */
  readonly projectRoot: string;
  /** Home folder (personal skill folders, `~/.skilldock/skills-lock.json`). */
  readonly home: string;
  /** Environment for agent folders (`CODEX_HOME`, `CLAUDE_CONFIG_DIR`, `XDG_CONFIG_HOME`); default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Test hook that can fail any write step (SPEC P8). */
  readonly faults?: PublishFaults;
}

/** The folder every write of a scope must stay inside: the project root, or none for personal folders (each stays inside its own folder). */
export function confinementRoot(
  options: Pick<InstallTargetOptions, 'scope' | 'projectRoot'>,
): string | undefined {
  return options.scope === 'project' ? options.projectRoot : undefined;
}
