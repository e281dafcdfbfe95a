import { realpath } from 'node:fs/promises';
import type { CliContext } from '../cli-context.js';
import { loadCore } from '../load-core.js';
import { UsageError } from '../usage-error.js';

/** Options of {@link requireProjectFolder}. */
export interface RequireProjectFolderOptions {
  /** `--cwd` was given: the user named the folder, so it is the project. */
  readonly explicitCwd: boolean;
  /**
   * Asked when the folder is not a project (chat): true remembers it as trusted
   * (`~/.skilldock/trusted.json`) and lets the agent work there.
   */
  readonly askToUseFolder?: (folder: string) => Promise<boolean>;
}

/**
 * An agent session works in a project: its tools read and write anything under the root. When no
 * project marker was found (the home folder, `/`, any bare folder), the folder becomes the project
 * only when the user said so: `--cwd`, a trust answer stored for that exact folder (`skilldock
 * trust DIR`, a parent does not count), or a yes to `askToUseFolder`. Otherwise throws
 * `UsageError` `project_not_found` saying what to do.
 */
export async function requireProjectFolder(
  context: CliContext,
  { explicitCwd, askToUseFolder }: RequireProjectFolderOptions,
): Promise<void> {
  if (context.projectFound || explicitCwd) return;
  const core = await loadCore('discover');
  const folder = context.projectRoot;
  const forms = new Set([folder, await realpath(folder).catch(() => folder)]);
  const trusted = await core.readTrustedWorkspaces({ homeDirectory: context.homeDirectory });
  if (trusted.some((entry) => forms.has(entry))) return;
  if (askToUseFolder !== undefined && (await askToUseFolder(folder))) {
    await core.trustWorkspace(folder, { homeDirectory: context.homeDirectory });
    return;
  }
  const what =
    folder === context.homeDirectory ? 'your home folder' : folder === '/' ? 'the filesystem root' : folder;
  throw new UsageError(
    'project_not_found',
    `No project here: ${folder} is ${what === folder ? 'not inside a project' : what} (no .git, .skilldock, .agents, .qwen or .claude folder up to /), so the agent would treat all of it as its project. ` +
      `Run it inside a project, or say this folder is meant: pass --cwd ${folder}, or trust it with \`skilldock trust ${folder}\`.`,
    { details: { path: folder } },
  );
}
