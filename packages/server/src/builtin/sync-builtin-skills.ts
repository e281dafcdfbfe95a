import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { UserInputError } from '@skilldock/core/errors';
import { formatDiagnostic, loadSkillSync } from '@skilldock/core/format';
import { computeDirectoryRevision } from '@skilldock/core/package';
import { eq, inArray, sql } from 'drizzle-orm';
import '../error-codes.js';
import { isBoundSkillId } from '../content/bound-skill-id.js';
import { AdvisoryLockKey } from '../db/advisory-lock-keys.js';
import type { Database } from '../db/database.js';
import { skills, systemEvents } from '../db/schema.js';

/** The builtin folder shipped with the server package (`packages/server/builtin`). */
export const DEFAULT_BUILTIN_DIRECTORY = new URL('../../builtin/', import.meta.url);

/** What a builtin sync found and changed. */
export interface BuiltinSyncResult {
  /** Every builtin id in the folder, sorted. */
  readonly skills: readonly string[];
  readonly added: readonly string[];
  readonly updated: readonly string[];
  readonly removed: readonly string[];
}

interface BuiltinSkill {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly version: string;
  readonly contentHash: string;
  readonly toolDependencies: string[];
  readonly mcpDependencies: string[];
  readonly skillDependencies: string[];
}

function invalid(folder: string, reason: string): UserInputError {
  return new UserInputError(
    'builtin_invalid',
    `Builtin skill ${JSON.stringify(folder)} is invalid: ${reason}`,
    {
      details: { path: folder },
    },
  );
}

/** Reads and validates every builtin skill folder (sorted by name; `_` and `.` folders ignored). */
async function readBuiltinFolder(directory: string): Promise<BuiltinSkill[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const found: BuiltinSkill[] = [];
  const names = entries
    .filter((entry) => !entry.name.startsWith('_') && !entry.name.startsWith('.'))
    .filter((entry) => entry.isDirectory() || entry.isSymbolicLink())
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of names) {
    // SPEC Y15: a builtin is a real folder; a link could lead anywhere.
    if (entry.isSymbolicLink()) throw invalid(entry.name, 'it is a symbolic link');
    const folder = path.join(directory, entry.name);
    const loaded = loadSkillSync(folder, { profile: 'lenient', listFiles: false });
    if (!loaded.ok) {
      const first =
        loaded.diagnostics.find((diagnostic) => diagnostic.severity === 'error') ?? loaded.diagnostics[0];
      throw invalid(entry.name, first === undefined ? 'it has no valid SKILL.md' : formatDiagnostic(first));
    }
    const { skill } = loaded;
    if (skill.id !== entry.name) {
      throw invalid(entry.name, `its id is ${JSON.stringify(skill.id)}; the folder name must equal the id`);
    }
    // `self-<8 hex>` says "agent-bound" by its shape alone (isBoundSkillId); a builtin with that id
    // would be taken for one agent's skill by every check that relies on the shape.
    if (isBoundSkillId(skill.id)) {
      throw invalid(entry.name, 'ids of the form self-<8 hex> are reserved for agent-bound skills');
    }
    let contentHash: string;
    try {
      contentHash = await computeDirectoryRevision(folder);
    } catch (error) {
      throw invalid(entry.name, error instanceof Error ? error.message : String(error));
    }
    found.push({
      id: skill.id,
      name: skill.name,
      description: skill.description,
      version: skill.fields.version,
      contentHash,
      toolDependencies: [...skill.fields.toolDependencies],
      mcpDependencies: [...skill.fields.mcpDependencies],
      skillDependencies: [...skill.fields.skillDependencies],
    });
  }
  return found;
}

function sameRow(a: BuiltinSkill, b: typeof skills.$inferSelect): boolean {
  return (
    a.name === b.name &&
    a.description === b.description &&
    a.version === b.version &&
    a.contentHash === b.contentHash &&
    JSON.stringify([a.toolDependencies, a.mcpDependencies, a.skillDependencies]) ===
      JSON.stringify([b.toolDependencies, b.mcpDependencies, b.skillDependencies])
  );
}

/**
 * Builtin sync (SPEC Y10): reads every subfolder of `directory` (sorted by name, ignoring those
 * starting with `_` or `.`), validates it (the folder name must equal the id; version defaults to
 * `1.0.0`), and brings the index rows of kind `builtin` in line — new ones added enabled, changed
 * ones updated with their enable state preserved, vanished ones removed. It runs in one
 * transaction under its own advisory lock, so processes starting together sync one after another
 * and only the first finds anything to change (a `builtin_sync` system event records each sync
 * that changed rows). Any invalid builtin throws `builtin_invalid` naming the folder and the
 * reason, before anything is written: start-up fails.
 */
export async function syncBuiltinSkills(database: Database, directory: string): Promise<BuiltinSyncResult> {
  const found = await readBuiltinFolder(directory);
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AdvisoryLockKey.builtinSync})`);
    const ids = found.map((skill) => skill.id);
    if (ids.length > 0) {
      const clashes = await tx
        .select({ id: skills.id })
        .from(skills)
        .where(sql`${inArray(skills.id, ids)} and ${skills.kind} <> 'builtin'`);
      if (clashes.length > 0)
        throw invalid(clashes[0]!.id, 'a shared or agent-bound skill already has this id');
    }
    const existing = new Map(
      (await tx.select().from(skills).where(eq(skills.kind, 'builtin'))).map((row) => [row.id, row] as const),
    );
    const added: string[] = [];
    const updated: string[] = [];
    for (const skill of found) {
      const row = existing.get(skill.id);
      if (row === undefined) {
        await tx
          .insert(skills)
          .values({ ...skill, kind: 'builtin', readScope: 'global', manageScope: 'users' });
        added.push(skill.id);
      } else if (!sameRow(skill, row)) {
        // The enable state is the superadmin's; a sync never touches it.
        await tx
          .update(skills)
          .set({ ...skill, updatedAt: new Date() })
          .where(eq(skills.id, skill.id));
        updated.push(skill.id);
      }
    }
    const removed = [...existing.keys()].filter((id) => !ids.includes(id)).sort();
    if (removed.length > 0) await tx.delete(skills).where(inArray(skills.id, removed));
    if (added.length + updated.length + removed.length > 0) {
      await tx.insert(systemEvents).values({ kind: 'builtin_sync', details: { added, updated, removed } });
    }
    return { skills: ids, added, updated, removed };
  });
}
