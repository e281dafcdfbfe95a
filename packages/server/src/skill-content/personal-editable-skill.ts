import { SkilldockError } from '@skilldock/core/errors';
import { computeDirectoryRevision } from '@skilldock/core/package';
import { recordAudit } from '../audit/record-audit.js';
import {
  type ContentLayout,
  checkContentTree,
  listContentTree,
  personalSkillDirectory,
  publishPackages,
  readContentFile,
  type SavedSkillContent,
  type SkillEdit,
  savePersonalSkill,
} from '../content/index.js';
import type { SkilldockDatabase } from '../db/database.js';
import {
  type EditableSkill,
  editSummary,
  type SaveActor,
  type SaveOutcome,
  type SkillHistory,
} from './editable-skill.js';
import { referencedRevisions } from './referenced-revisions.js';
import {
  assertInHistory,
  hasSkillHistory,
  latestSkillRevision,
  leaseHistoryRevision,
  listSkillHistory,
  recordSkillRevision,
  type SkillHistoryKey,
  type SkillRevisionAction,
} from './skill-history.js';

const WRITE_ATTEMPTS = 3;

/**
 * One of the caller's personal skills (SPEC Y2: a folder in its own workspace, no row): the folder
 * is found from the caller's id only, so another user's personal skill is simply not there (404).
 * Saves go through `savePersonalSkill` (a per-skill lock and the folder's revision as the base);
 * each changing save writes an audit entry (SPEC Y14) and is snapshotted, under the same lock, as a
 * stored package named in the skill's history (the content before the first recorded save too).
 */
export async function personalEditableSkill(
  db: SkilldockDatabase,
  layout: ContentLayout,
  userId: string,
  skillId: string,
): Promise<EditableSkill> {
  const directory = await personalSkillDirectory(layout, userId, skillId);
  // Refused whole (a link, a secret anywhere) before anything is answered about it; its revision
  // is hashed only when a route asks for it.
  await checkContentTree(directory);
  const key: PersonalHistoryKey = { kind: 'personal', userId, skillId };
  const record = recordPersonalRevisions(db, layout, key);
  const audited = async (
    saved: SavedSkillContent,
    actor: SaveActor,
    action: string,
    details: Record<string, unknown>,
  ): Promise<SaveOutcome> => {
    if (saved.changed)
      await recordAudit(db, {
        actor: actor.viewer,
        action,
        targetType: 'personal_skill',
        targetId: skillId,
        requestId: actor.requestId,
        details: { ...details, baseRevision: saved.baseRevision, revision: saved.revision },
      });
    return saved;
  };
  return {
    id: skillId,
    directory,
    currentRevision: () => computeDirectoryRevision(directory),
    save: async (baseRevision, edits, actor) =>
      audited(
        await savePersonalSkill(layout, {
          userId,
          skillId,
          baseRevision,
          edits,
          record: record(actor, 'saved'),
        }),
        actor,
        'personal_skill.saved',
        editSummary(edits),
      ),
    history: personalSkillHistory(db, layout, key, record),
    writeFile: async (write, actor) => {
      for (let attempt = 1; ; attempt++) {
        // The file's SHA-256 decides; a save of another file meanwhile only moves the base on.
        const base = await computeDirectoryRevision(directory);
        try {
          const saved = await savePersonalSkill(layout, {
            userId,
            skillId,
            baseRevision: base,
            edits: [{ type: 'write', path: write.path, content: write.content, sha256: write.sha256 }],
            record: record(actor, 'saved'),
          });
          return await audited(saved, actor, 'personal_skill.file_written', { path: write.path });
        } catch (error) {
          if (
            attempt >= WRITE_ATTEMPTS ||
            !SkilldockError.isInstance(error) ||
            error.code !== 'revision_conflict'
          )
            throw error;
        }
      }
    },
  };
}

type PersonalHistoryKey = Extract<SkillHistoryKey, { readonly kind: 'personal' }>;

type RecordRevisions = (
  actor: SaveActor,
  action: SkillRevisionAction,
) => (step: 'before' | 'after', directory: string) => Promise<void>;

/**
 * The `record` hook of a personal save: before the first recorded save, the folder as it is becomes
 * the history's `baseline`; after a changing save, the new folder is published as a package and
 * recorded with its author. Both run under the skill's lock, so what is recorded is what was saved.
 */
function recordPersonalRevisions(
  db: SkilldockDatabase,
  layout: ContentLayout,
  key: SkillHistoryKey,
): RecordRevisions {
  const snapshot = (directory: string, action: SkillRevisionAction, authorId: string | null) =>
    publishPackages(layout, {
      sources: [directory],
      commit: ([revision]) =>
        db.transaction(async (tx) => {
          if (revision === undefined)
            throw new SkilldockError('skill_history_failed', 'A published folder has no revision');
          if (action !== 'baseline' && (await latestSkillRevision(tx, key)) === revision) return;
          await recordSkillRevision(tx, key, { revision, action, authorId });
        }),
      referencedRevisions: referencedRevisions(db),
      // A snapshot adds a reference and replaces none; aged-out history goes with the next full prune.
      pruneAfterCommit: false,
    });
  return (actor, action) => async (step, directory) => {
    if (step === 'before') {
      if (!(await hasSkillHistory(db, key))) await snapshot(directory, 'baseline', null);
      return;
    }
    await snapshot(directory, action, actor.viewer.id);
  };
}

/**
 * A personal skill's history. A restore is one save whose edits replace every entry of the folder
 * with the revision's files (so it takes the save's lock, base check, budget and SKILL.md checks),
 * recorded as `restored` and audited.
 */
function personalSkillHistory(
  db: SkilldockDatabase,
  layout: ContentLayout,
  key: PersonalHistoryKey,
  record: RecordRevisions,
): SkillHistory {
  const { skillId, userId } = key;
  return {
    list: () => listSkillHistory(db, key),
    read: async (revision, work) => {
      await assertInHistory(db, key, revision);
      const { leased } = await leaseHistoryRevision(layout, revision, false);
      try {
        return await work(leased.directory);
      } finally {
        await leased.lease.release();
      }
    },
    restore: async (revision, baseRevision, actor) => {
      await assertInHistory(db, key, revision);
      const { leased } = await leaseHistoryRevision(layout, revision, true);
      try {
        const directory = await personalSkillDirectory(layout, userId, skillId);
        const edits = await replacementEdits(directory, leased.directory);
        const saved = await savePersonalSkill(layout, {
          userId,
          skillId,
          baseRevision,
          edits,
          record: record(actor, 'restored'),
        });
        if (saved.changed)
          await recordAudit(db, {
            actor: actor.viewer,
            action: 'personal_skill.revision_restored',
            targetType: 'personal_skill',
            targetId: skillId,
            requestId: actor.requestId,
            details: { baseRevision: saved.baseRevision, revision: saved.revision, restored: revision },
          });
        return saved;
      } finally {
        await leased.lease.release();
      }
    },
  };
}

/**
 * The edits that turn the folder `current` into a copy of `target`: every top entry but SKILL.md
 * deleted (the root file cannot be), SKILL.md overwritten, every other entry of `target` recreated.
 */
async function replacementEdits(current: string, target: string): Promise<SkillEdit[]> {
  const now = await listContentTree(current);
  const wanted = await listContentTree(target);
  const edits: SkillEdit[] = now.entries
    .filter((entry) => !entry.path.includes('/') && entry.path !== SKILL_FILE)
    .map((entry) => ({ type: 'delete', path: entry.path }));
  for (const entry of wanted.entries) {
    if (entry.type === 'directory') {
      edits.push({ type: 'mkdir', path: entry.path });
      continue;
    }
    const file = await readContentFile(target, entry.path);
    edits.push({
      type: entry.path === SKILL_FILE ? 'write' : 'create',
      path: entry.path,
      content: file.bytes,
      executable: file.executable,
    });
  }
  return edits;
}

const SKILL_FILE = 'SKILL.md';
