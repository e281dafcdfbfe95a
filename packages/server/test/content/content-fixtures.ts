import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ConflictError, SkilldockError } from '@skilldock/core/errors';
import { expect } from 'vitest';
import { useTempDirectories, writeTree } from '../../../core/test/package/package-test-helpers.js';
import {
  type ContentLayout,
  contentLayout,
  type PackagePublishStep,
  packageDirectory,
  publishPackages,
  type SkillEdit,
  saveSkillPackage,
} from '../../src/content/index.js';

/** A fresh data folder per call (inside one of core's test temp folders), removed after the current test. */
export function useDataFolders(): () => Promise<ContentLayout> {
  const newTemp = useTempDirectories();
  return async () => contentLayout(path.join(await newTemp(), 'data'));
}

/** A temp folder outside any data folder, removed after the current test. */
export const useTempFolders = useTempDirectories;

/** The `code` of the Skilldock error a promise rejects with (failing the test if it resolves or throws something else). */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(SkilldockError.isInstance(error), String(error)).toBe(true);
  return (error as SkilldockError).code;
}

/** The text of a SKILL.md with the given name (and optional extra frontmatter lines). */
export function skillText(name: string, extra = '', body = `# ${name}\n\nDo the thing.\n`): string {
  return `---\nname: ${name}\ndescription: The ${name} skill. Use it for ${name} work.\n${extra}---\n${body}`;
}

/** Writes a skill folder: `SKILL.md` plus files (a path ending in `/` is an empty folder), with core's `writeTree`. */
export function writeSkillFolder(
  directory: string,
  name: string,
  files: Record<string, string | Buffer> = {},
): string {
  mkdirSync(directory, { recursive: true });
  return writeTree(directory, { 'SKILL.md': skillText(name), ...files });
}

/**
 * The database's side of a skill row, in memory: one current reference per skill id, swapped with a
 * compare-and-swap exactly like `UPDATE skills SET revision = $new WHERE id = $id AND revision = $base`.
 */
export class ReferenceTable {
  readonly #rows = new Map<string, string>();

  get(id: string): string | undefined {
    return this.#rows.get(id);
  }

  insert(id: string, revision: string): void {
    if (this.#rows.has(id)) throw new ConflictError('skill_exists', `${id} exists`);
    this.#rows.set(id, revision);
  }

  /** The compare-and-swap; a lost race throws, as a route does when no row was updated. */
  swap(id: string, base: string, revision: string): void {
    if (this.#rows.get(id) !== base)
      throw new ConflictError('revision_conflict', `${id} is no longer at ${base}`, {
        details: { baseRevision: base },
      });
    this.#rows.set(id, revision);
  }

  referenced = (): ReadonlySet<string> => new Set(this.#rows.values());
}

/** Publishes `source` as the first package of skill `id` and records the reference. */
export async function publishFirst(
  layout: ContentLayout,
  table: ReferenceTable,
  id: string,
  source: string,
): Promise<string> {
  const { revisions } = await publishPackages(layout, {
    sources: [source],
    commit: async ([revision]) => table.insert(id, revision!),
    referencedRevisions: table.referenced,
  });
  return revisions[0]!;
}

/** The names in the packages folder, leases and locks left out (what a reader could see). */
export function visiblePackages(layout: ContentLayout): string[] {
  try {
    return readdirSync(layout.packagesDirectory)
      .filter((name) => !name.startsWith('.store') && name !== '.leases')
      .sort();
  } catch {
    return [];
  }
}

/** Lease files left in the packages folder. */
export function leftoverLeases(layout: ContentLayout): string[] {
  try {
    return readdirSync(path.join(layout.packagesDirectory, '.leases'));
  } catch {
    return [];
  }
}

/** Entries left in the staging folder. */
export function leftoverStaging(layout: ContentLayout): string[] {
  try {
    return readdirSync(layout.stagingDirectory);
  } catch {
    return [];
  }
}

/** A shared skill `pdf` with `files`, published as its first package and referenced in a fresh table. */
export async function publishedSkill(
  newData: () => Promise<ContentLayout>,
  newTemp: () => Promise<string>,
  files: Record<string, string>,
) {
  const layout = await newData();
  const table = new ReferenceTable();
  const base = await publishFirst(
    layout,
    table,
    'pdf',
    writeSkillFolder(path.join(await newTemp(), 'pdf'), 'pdf', files),
  );
  return { layout, table, base, folder: await packageDirectory(layout, base) };
}

/**
 * Saves `edits` over a {@link publishedSkill} from its base (or `extra.base`), the commit swapping
 * `pdf`'s revision in its reference table; `extra.faults` fails a step of the publish.
 */
export function saveOnTable(
  context: Awaited<ReturnType<typeof publishedSkill>>,
  edits: readonly SkillEdit[],
  extra: { faults?: { before(step: PackagePublishStep): void }; base?: string } = {},
) {
  const base = extra.base ?? context.base;
  return saveSkillPackage(context.layout, {
    baseRevision: base,
    edits,
    commit: async (saved) => context.table.swap('pdf', saved.baseRevision, saved.revision),
    referencedRevisions: context.table.referenced,
    ...(extra.faults === undefined ? {} : { faults: extra.faults }),
  });
}
