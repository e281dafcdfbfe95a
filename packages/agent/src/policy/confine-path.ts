import { readlink, realpath } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { type Failure, failure } from '@skilldock/core/errors';
import { isPathInside } from '@skilldock/core/format';
import type { ToolContext } from '../tools/agent-tool.js';
import { describeAgentConfigPath, readHooksPath } from './agent-config-path.js';

/**
 * What a tool wants to do with a path:
 * - `read`: inside the project or a read-only root;
 * - `write`: inside the project, never in a read-only root, and a file that configures the agent
 *   or another tool (`.skilldock/`, `.git/`, `.mcp.json`, `.cursor/`, `.github/workflows/`, skill
 *   folders, … — see {@link describeAgentConfigPath}) only when the call was approved as such (its
 *   real path in `agentConfigWrites`, SPEC SEC2, SEC6);
 * - `project`: inside the project only (a shell's working folder).
 */
export type PathAccess = 'read' | 'write' | 'project';

/** A path that passed confinement, or why it did not. */
export type ConfinedPath =
  | {
      readonly ok: true;
      /** The real location (symbolic links resolved): the one to open. */
      readonly realPath: string;
      /** The same location under the project root as the caller spelled it, for reports. */
      readonly absolutePath: string;
      /** Relative to the project root when inside it, else absolute: for messages. */
      readonly displayPath: string;
      /** For a write: what the file configures, when it configures the agent (SPEC SEC2). */
      readonly agentConfig?: string;
    }
  | Failure<'unsafe_file_path' | 'path_not_found' | 'path_read_only' | 'path_outside_folder'>
  | Failure<
      'agent_config_write_refused',
      {
        /** What the file configures. */
        readonly agentConfig: string;
        /** The real location that would have been written. */
        readonly realPath: string;
      }
    >;

/**
 * Resolves `requested` (relative to the project root, or absolute) to its real location and
 * checks it stays inside the project, or inside a read-only root for reads. Links are resolved
 * on the longest existing prefix, so a link that leads outside is refused even when the final
 * file does not exist yet. The refusal says why and what is allowed.
 * @example
 * const target = await confinePath('src/a.ts', 'write', context);
 * if (!target.ok) return errorResult(target.message);
 */
export async function confinePath(
  requested: string,
  access: PathAccess,
  context: Pick<ToolContext, 'cwd' | 'readOnlyRoots' | 'agentConfigWrites'>,
): Promise<ConfinedPath> {
  if (requested.includes('\0'))
    return failure('unsafe_file_path', 'Refused: the path contains a NUL character.');
  const projectRoot = resolve(context.cwd);
  let realProjectRoot: string;
  try {
    realProjectRoot = await realpath(projectRoot);
  } catch {
    return failure('path_not_found', `Refused: the project folder ${projectRoot} does not exist.`);
  }
  const lexicalPath = resolve(projectRoot, requested);
  const realPath = await realpathOfExistingPrefix(lexicalPath);
  const allowed = describeAllowed(access, projectRoot, context.readOnlyRoots);

  if (isPathInside(realPath, realProjectRoot)) {
    const inProject = relative(realProjectRoot, realPath);
    const absolutePath = inProject === '' ? projectRoot : join(projectRoot, inProject);
    const displayPath = inProject === '' ? '.' : inProject;
    if (access === 'write') {
      const readOnlyRoot = await findContainingRoot(realPath, context.readOnlyRoots);
      if (readOnlyRoot !== undefined) {
        return failure(
          'path_read_only',
          `Refused: ${requested} is inside the read-only skill folder ${readOnlyRoot}. ${allowed}`,
        );
      }
      // Judged on the real path, so `docs/hooks/x` with `docs -> .git` is caught as well.
      const agentConfig = describeAgentConfigPath(inProject, await readHooksPath(realProjectRoot));
      if (agentConfig !== undefined) {
        if (!(context.agentConfigWrites ?? []).includes(realPath)) {
          return failure(
            'agent_config_write_refused',
            `Refused: ${requested} (${displayPath}) configures the agent or another tool: ${agentConfig}. Such a file is written only after the user approves that change; files inside a .git folder are better changed with git commands through the shell tool.`,
            { agentConfig, realPath },
          );
        }
        return { ok: true, realPath, absolutePath, displayPath, agentConfig };
      }
    }
    return { ok: true, realPath, absolutePath, displayPath };
  }
  if (access === 'read') {
    const readOnlyRoot = await findContainingRoot(realPath, context.readOnlyRoots);
    if (readOnlyRoot !== undefined)
      return { ok: true, realPath, absolutePath: realPath, displayPath: realPath };
  }
  const throughLink = isPathInside(lexicalPath, projectRoot) || isPathInside(lexicalPath, realProjectRoot);
  const why = throughLink
    ? `${requested} leads through a symbolic link to ${realPath}, outside the project`
    : access !== 'read' && (await findContainingRoot(realPath, context.readOnlyRoots)) !== undefined
      ? `${requested} is inside a read-only skill folder`
      : `${requested} resolves to ${realPath}, outside the project`;
  return failure('path_outside_folder', `Refused: ${why}. ${allowed}`);
}

function describeAllowed(access: PathAccess, projectRoot: string, readOnlyRoots: readonly string[]): string {
  if (access === 'project') return `Only folders inside the project ${projectRoot} are allowed.`;
  const roots =
    readOnlyRoots.length === 0
      ? ''
      : ` Skill folders may be read but not written: ${readOnlyRoots.join(', ')}.`;
  return `Tools may read and write inside the project ${projectRoot} (files that configure an agent or another tool, such as .git, .skilldock, .vscode or skill folders, only with approval).${roots}`;
}

async function findContainingRoot(realPath: string, roots: readonly string[]): Promise<string | undefined> {
  for (const root of roots) {
    const realRoot = await realpath(resolve(root)).catch(() => undefined);
    if (realRoot !== undefined && isPathInside(realPath, realRoot)) return root;
  }
  return undefined;
}

/** Most links followed while resolving one path, as the kernel's own limit (ELOOP). */
const MAX_LINK_HOPS = 40;

/**
 * The real path of the longest existing prefix, with the missing rest appended unchanged. A
 * dangling link is followed to where it points, so writing through it cannot leave the project.
 */
async function realpathOfExistingPrefix(path: string): Promise<string> {
  const missing: string[] = [];
  let current = path;
  for (let hops = 0; hops <= MAX_LINK_HOPS; ) {
    try {
      const real = await realpath(current);
      return missing.length === 0 ? real : join(real, ...[...missing].reverse());
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const parent = dirname(current);
      // ENOTDIR: a file used as a folder; the rest cannot exist, judge by the prefix.
      if ((code !== 'ENOENT' && code !== 'ENOTDIR') || parent === current) return path;
      const target = await readlink(current).catch(() => undefined);
      if (target !== undefined) {
        hops++;
        current = resolve(parent, target);
        continue;
      }
      missing.push(basename(current));
      current = parent;
    }
  }
  // A loop of links: report the path itself, which then fails to open with ELOOP.
  return path;
}
