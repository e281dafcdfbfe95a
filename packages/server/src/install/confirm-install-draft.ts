import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../audit/record-audit.js';
import type { Viewer } from '../auth/principal.js';
import {
  type ContentDraft,
  confirmPersonalDraft,
  confirmSharedDraft,
  contentLayout,
  isBoundSkillId,
} from '../content/index.js';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { isUniqueViolation } from '../db/is-unique-violation.js';
import { departments, drafts, skills, users } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import { type ShareConfig, shareConfigProblem } from '../policy/share-config.js';
import { writeShareConfig } from '../policy/write-share-config.js';
import { referencedRevisions } from '../skill-content/referenced-revisions.js';
import { skillIndexColumns } from '../skill-content/skill-index-columns.js';

/** One skill a confirm installed, as the API answers it. */
export interface InstalledSkill {
  readonly id: string;
  /** The id the draft asked for (a shared install may get `-v2`, `-v3`, …). */
  readonly requestedId: string;
  readonly kind: 'personal' | 'shared';
  readonly name: string;
  readonly description: string;
  readonly revision: string;
}

/** Who confirms which draft, as what. */
export interface ConfirmRequest {
  readonly dataDir: string;
  readonly viewer: Viewer;
  readonly draft: ContentDraft;
  readonly ids: readonly string[] | '*';
  readonly now: Date;
  readonly requestId: string;
}

/** How often a shared confirm that lost a race on an id picks the next free one. */
const SHARED_CONFIRM_ATTEMPTS = 10;

/**
 * Removes the caller's draft row in the commit's transaction: of two confirms of one draft racing
 * (in one process or two), exactly one commits, and the other rolls back what it wrote.
 */
async function claimDraftRow(tx: SkilldockTransaction, draftId: string, userId: string): Promise<void> {
  const claimed = await tx
    .delete(drafts)
    .where(and(eq(drafts.id, draftId), eq(drafts.userId, userId)))
    .returning({ id: drafts.id });
  if (claimed.length === 0) throw new HttpError(404, 'draft_not_found', 'No such install draft');
}

function installAudit(request: ConfirmRequest, skill: InstalledSkill, scope?: ShareConfig) {
  return {
    actor: request.viewer,
    action: skill.kind === 'shared' ? 'skill.installed' : 'personal_skill.installed',
    targetType: skill.kind === 'shared' ? 'skill' : 'personal_skill',
    targetId: skill.id,
    details: {
      draftId: request.draft.id,
      source: request.draft.source.lockSource,
      sourceType: request.draft.source.type,
      requestedId: skill.requestedId,
      revision: skill.revision,
      ...(scope === undefined
        ? {}
        : { readScope: scope.readScope.kind, manageScope: scope.manageScope.kind }),
    },
    requestId: request.requestId,
  };
}

/**
 * Confirms a draft into the caller's workspace (SPEC Y4, P8): files only, no skill row; a folder
 * that exists fails the whole confirm with 409 `skill_exists` and keeps the draft. The draft row
 * goes, and the audit entry is written, once the files are in place.
 */
export async function confirmPersonalInstall(
  db: SkilldockDatabase,
  request: ConfirmRequest,
): Promise<InstalledSkill[]> {
  const installed = await confirmPersonalDraft(contentLayout(request.dataDir), {
    draftId: request.draft.id,
    userId: request.viewer.id,
    ids: request.ids,
    now: request.now,
  });
  const result = installed.map(
    (skill): InstalledSkill => ({
      id: skill.id,
      requestedId: skill.id,
      kind: 'personal',
      name: skill.index.name,
      description: skill.index.description,
      revision: skill.revision,
    }),
  );
  await db.transaction(async (tx) => {
    await tx.delete(drafts).where(eq(drafts.id, request.draft.id));
    for (const skill of result) await recordAudit(tx, installAudit(request, skill));
  });
  return result;
}

/** Refuses a share config that breaks manage ⊆ read or names departments or users that do not exist (422). */
async function assertShareConfigUsable(db: SkilldockDatabase, config: ShareConfig): Promise<void> {
  const problem = shareConfigProblem(config);
  if (problem !== null) throw new HttpError(422, 'invalid_share_scope', `Invalid share scope: ${problem}`);
  const scopes = [config.readScope, config.manageScope];
  const departmentIds = [
    ...new Set(scopes.flatMap((scope) => (scope.kind === 'departments' ? scope.departmentIds : []))),
  ];
  const userIds = [...new Set(scopes.flatMap((scope) => (scope.kind === 'users' ? scope.userIds : [])))];
  const knownDepartments =
    departmentIds.length === 0
      ? []
      : await db
          .select({ id: departments.id })
          .from(departments)
          .where(inArray(departments.id, departmentIds));
  const knownUsers =
    userIds.length === 0
      ? []
      : await db.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
  if (knownDepartments.length !== departmentIds.length || knownUsers.length !== userIds.length)
    throw new HttpError(
      422,
      'invalid_share_scope',
      'Invalid share scope: it names departments or users that do not exist',
    );
}

/**
 * Confirms a draft as shared skills (SPEC Y4, P8; admins only — the route checks): the scope is
 * validated first (manage ⊆ read, members exist), then each skill gets a free id (`-v2`, `-v3`
 * on a collision with any skill row), its package is written, and one transaction claims the
 * draft row, inserts the rows with owner, index fields and scopes, and writes the audit entries.
 * A confirm that lost a race for an id (a unique violation) has its packages removed and tries
 * the next free id; any other failure removes the packages and keeps the draft.
 */
export async function confirmSharedInstall(
  db: SkilldockDatabase,
  request: ConfirmRequest,
  share: ShareConfig,
): Promise<{ installed: InstalledSkill[]; warnings: readonly string[] }> {
  await assertShareConfigUsable(db, share);
  for (let attempt = 1; ; attempt++) {
    try {
      const confirmed = await confirmSharedDraft(contentLayout(request.dataDir), {
        draftId: request.draft.id,
        ids: request.ids,
        now: request.now,
        // `self-<8 hex>` is reserved for agent-bound skills: a shared one asking for it gets `-v2`.
        isIdTaken: async (id) =>
          isBoundSkillId(id) ||
          (await db.select({ id: skills.id }).from(skills).where(eq(skills.id, id))).length > 0,
        referencedRevisions: referencedRevisions(db),
        commit: (publications) =>
          db.transaction(async (tx) => {
            await claimDraftRow(tx, request.draft.id, request.viewer.id);
            const installed: InstalledSkill[] = [];
            for (const publication of publications) {
              const { index } = publication;
              await tx.insert(skills).values({
                id: publication.id,
                kind: 'shared',
                ...skillIndexColumns(index),
                ownerId: request.viewer.id,
                contentRef: publication.revision,
                contentHash: publication.revision,
              });
              await writeShareConfig(tx, publication.id, share);
              const skill: InstalledSkill = {
                id: publication.id,
                requestedId: publication.requestedId,
                kind: 'shared',
                name: index.name,
                description: index.description,
                revision: publication.revision,
              };
              await recordAudit(tx, installAudit(request, skill, share));
              installed.push(skill);
            }
            return installed;
          }),
      });
      return { installed: confirmed.result, warnings: confirmed.warnings };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= SHARED_CONFIRM_ATTEMPTS)
        throw new HttpError(
          409,
          'skill_exists',
          'Another install took these skill ids at the same time; try again',
          {
            details: { draftId: request.draft.id },
          },
        );
    }
  }
}
