import path from 'node:path';
import type { SkillPlacement } from '../targets/plan-skill-targets.js';
import { listSkillTree, type SkillTree } from './copy-skill-directory.js';
import { forEachConcurrent } from './for-each-concurrent.js';
import { type PublishFaults, PublishTransaction } from './publish-transaction.js';

/** Skills published at once; each copies its files in parallel too. */
const SKILL_CONCURRENCY = 8;

/** One skill to publish: its staged folder and where it goes. */
export interface SkillPublication {
  readonly id: string;
  /** The staged copy (inside the draft). */
  readonly directory: string;
  readonly placements: readonly SkillPlacement[];
  /** The staged copy's folders and files when the caller knows them; else they are listed. */
  readonly tree?: SkillTree;
}

/** What to write: the skills, how to treat existing folders, and the new lock. */
export interface PublishSkillsOptions {
  /** `false`: the caller checked nothing exists; `true` (update): existing folders are swapped out. */
  readonly replace: boolean;
  readonly lockFile: string;
  readonly lockContent: string;
  readonly faults?: PublishFaults;
  /** The project root every write must stay inside (project scope); see {@link PublishTransaction}. */
  readonly root?: string;
}

/**
 * Publishes skills all-or-nothing (SPEC P8): copy each staged folder beside its target and rename it
 * in (an existing one is moved aside first and kept until the end), then the agent links, then the
 * lock, then delete what was moved aside. Any failure undoes this run's writes in reverse.
 * @returns warnings about leftovers that could not be deleted after success.
 */
export async function publishSkills(
  publications: readonly SkillPublication[],
  { replace, lockFile, lockContent, faults, root }: PublishSkillsOptions,
): Promise<string[]> {
  return runTransaction(faults, root, async (transaction) => {
    // Every target is proven before the first write, so a refused one leaves nothing to undo.
    await transaction.assertAllWritable([
      ...publications.flatMap((publication) => publication.placements.map((placement) => placement.path)),
      lockFile,
    ]);
    // Parents first and one at a time, so the journal creates (and undoes) each folder once.
    const parents = new Set(
      publications.flatMap((publication) => publication.placements.map((p) => path.dirname(p.path))),
    );
    for (const parent of [...parents].sort()) await transaction.ensureDirectory(parent);
    await forEachConcurrent(publications, SKILL_CONCURRENCY, async (publication) => {
      const folders = publication.placements.filter((placement) => placement.kind === 'directory');
      const tree =
        folders.length > 1 ? (publication.tree ?? (await listSkillTree(publication.directory))) : undefined;
      // Copies first; the last folder takes the staged copy itself by rename when it can.
      for (const [index, placement] of folders.entries()) {
        await transaction.placeDirectory(publication.directory, placement.path, {
          replace,
          ...(tree === undefined ? {} : { tree }),
          move: index === folders.length - 1,
        });
      }
    });
    for (const publication of publications) {
      for (const placement of publication.placements) {
        if (placement.kind !== 'link' || placement.target === undefined) continue;
        if (replace && (await transaction.exists(placement.path)))
          await transaction.moveAside(placement.path);
        await transaction.placeLink(placement.target, placement.path);
      }
    }
    await transaction.writeFile(lockFile, lockContent);
  });
}

/**
 * Removes skill folders and links and rewrites the lock, all-or-nothing: everything is moved aside,
 * the lock is written, then what was moved aside is deleted.
 */
export async function unpublishPaths(
  paths: readonly string[],
  {
    lockFile,
    lockContent,
    faults,
    root,
  }: { lockFile: string; lockContent: string | undefined; faults?: PublishFaults; root?: string },
): Promise<string[]> {
  return runTransaction(faults, root, async (transaction) => {
    await transaction.assertAllWritable(paths);
    for (const target of paths) await transaction.moveAside(target);
    if (lockContent !== undefined) await transaction.writeFile(lockFile, lockContent);
  });
}

async function runTransaction(
  faults: PublishFaults | undefined,
  root: string | undefined,
  work: (transaction: PublishTransaction) => Promise<void>,
): Promise<string[]> {
  const transaction = new PublishTransaction(faults, root);
  try {
    await work(transaction);
    await transaction.commit();
  } catch (error) {
    await transaction.rollback();
    throw error;
  }
  return transaction.warnings;
}
