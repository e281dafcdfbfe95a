import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Diagnostic } from '../format/diagnostic.js';
import type { SkillRoot, SkillRootStatus } from './types.js';

/** A root with its real folder, whether to walk it, and where its links may point. */
export interface LocatedSkillRoot {
  readonly root: SkillRoot;
  /** `pending` means: walk it. */
  readonly status: Exclude<SkillRootStatus, 'loaded'> | 'pending';
  readonly realDirectory?: string;
  /** Real folders that symbolic links found under this root may point into. */
  readonly allowedRoots: readonly string[];
}

/** Options of {@link locateSkillRoots}. */
export interface LocateSkillRootsOptions {
  readonly projectRoot?: string;
  /** Whether project roots are walked (trusted workspace, or a listing). */
  readonly loadProject: boolean;
}

/** The located roots and the notes about them (untrusted project, unreadable roots). */
export interface LocateSkillRootsResult {
  readonly roots: readonly LocatedSkillRoot[];
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Resolves every root's real folder (one `realpath` each, concurrently), marks missing, untrusted
 * and duplicate roots, and works out the allowed link targets: project links may point anywhere in
 * the project, personal links into any personal root (agent folders often link to
 * `~/.agents/skills`), other sources only into their own root.
 */
export async function locateSkillRoots(
  roots: readonly SkillRoot[],
  { projectRoot, loadProject }: LocateSkillRootsOptions,
): Promise<LocateSkillRootsResult> {
  const diagnostics: Diagnostic[] = [];
  const [realProjectRoot, ...reals] = await Promise.all([
    projectRoot === undefined ? undefined : realDirectoryOf(resolve(projectRoot)),
    ...roots.map((root) => realDirectoryOf(root.directory)),
  ]);
  const allowedByType = new Map<string, string[]>();
  if (realProjectRoot !== undefined && 'path' in realProjectRoot)
    allowedByType.set('project', [realProjectRoot.path]);
  roots.forEach((root, index) => {
    const real = reals[index];
    if (real === undefined || !('path' in real)) return;
    if (root.sourceType !== 'project' && root.sourceType !== 'personal') return;
    const list = allowedByType.get(root.sourceType) ?? [];
    list.push(real.path);
    allowedByType.set(root.sourceType, list);
  });

  const seen = new Set<string>();
  let untrustedExisting = 0;
  const located = roots.map((root, index): LocatedSkillRoot => {
    const real = reals[index]!;
    if (!('path' in real)) {
      if (real.error !== undefined) {
        diagnostics.push({
          code: 'skill_root_unreadable',
          severity: 'warning',
          message: `cannot open ${root.sourceType} skill folder: ${real.error.message}`,
          file: root.directory,
        });
        return { root, status: 'failed', allowedRoots: [] };
      }
      return { root, status: 'missing', allowedRoots: [] };
    }
    if (root.sourceType === 'project' && !loadProject) {
      untrustedExisting++;
      return { root, status: 'untrusted', realDirectory: real.path, allowedRoots: [] };
    }
    const allowedRoots = allowedByType.get(root.sourceType) ?? [real.path];
    if (seen.has(real.path)) return { root, status: 'duplicate', realDirectory: real.path, allowedRoots };
    seen.add(real.path);
    return { root, status: 'pending', realDirectory: real.path, allowedRoots };
  });
  if (untrustedExisting > 0) {
    diagnostics.push({
      code: 'project_untrusted',
      severity: 'warning',
      message:
        `project skills were not loaded because the workspace ${projectRoot ?? ''} is not trusted; ` +
        'trust it with `skilldock trust` (or run with --trust / SKILLDOCK_TRUST=1)',
      ...(projectRoot === undefined ? {} : { file: resolve(projectRoot) }),
    });
  }
  return { roots: located, diagnostics };
}

type RealDirectory = { readonly path: string } | { readonly error?: Error };

async function realDirectoryOf(directory: string): Promise<RealDirectory> {
  try {
    // Synchronous (`realpath(3)`, the same call and messages as fs/promises): planning runs before
    // every agent-loop request, and a thread-pool round trip per root was most of its time on a
    // busy machine (issue 9 §7).
    return { path: realpathSync.native(directory) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return {};
    return { error: error as Error };
  }
}
