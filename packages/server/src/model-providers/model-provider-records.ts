import { asc, eq } from 'drizzle-orm';
import type { AuditActor } from '../audit/audit-actor.js';
import { recordAudit } from '../audit/record-audit.js';
import type { SkilldockDatabase } from '../db/database.js';
import { isUniqueViolation } from '../db/is-unique-violation.js';
import { modelProviders } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';

/** A model provider's row (SPEC Y18): where its requests go, its models and where its key comes from. */
export type ModelProviderRow = typeof modelProviders.$inferSelect;

/** The columns a new provider is stored with (`createdAt` and `updatedAt` default to now). */
export type NewModelProvider = Omit<
  ModelProviderRow,
  'createdAt' | 'updatedAt' | 'apiKeyEnv' | 'apiKeyCiphertext'
> &
  Partial<Pick<ModelProviderRow, 'apiKeyEnv' | 'apiKeyCiphertext'>>;

/** The columns a change sets; an absent one stays as it is. */
export type ModelProviderChanges = Partial<Omit<ModelProviderRow, 'id' | 'createdAt' | 'updatedAt'>>;

/** What a change of a provider writes: its columns and the details its audit entry records (never a key). */
export interface ModelProviderChange {
  readonly columns: ModelProviderChanges;
  readonly details: Record<string, unknown>;
}

/** Every model provider, by id. */
export function listModelProviders(db: SkilldockDatabase): Promise<ModelProviderRow[]> {
  return db.select().from(modelProviders).orderBy(asc(modelProviders.id));
}

/** The model provider `id`, or a 404 `not_found`. */
export async function loadModelProvider(db: SkilldockDatabase, id: string): Promise<ModelProviderRow> {
  const [row] = await db.select().from(modelProviders).where(eq(modelProviders.id, id));
  if (row === undefined) throw new HttpError(404, 'not_found', 'No such model provider');
  return row;
}

/**
 * Adds a model provider with its `model_provider.created` audit entry (`details`), in one
 * transaction; an id already taken is a 409 `model_provider_exists`.
 */
export async function createModelProvider(
  db: SkilldockDatabase,
  actor: AuditActor,
  provider: NewModelProvider,
  details: Record<string, unknown>,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await tx.insert(modelProviders).values(provider);
      await recordAudit(tx, {
        actor: actor.viewer,
        action: 'model_provider.created',
        targetType: 'model_provider',
        targetId: provider.id,
        requestId: actor.requestId,
        details,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(409, 'model_provider_exists', `A model provider ${provider.id} exists`);
    throw error;
  }
}

/**
 * Changes the model provider `id` with its `model_provider.updated` audit entry, in one transaction
 * holding the row's lock: `change` sees the current row (and may refuse by throwing) and says what
 * to write. A provider that is not there is a 404 `not_found`.
 */
export async function changeModelProvider(
  db: SkilldockDatabase,
  actor: AuditActor,
  id: string,
  change: (current: ModelProviderRow) => ModelProviderChange,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(modelProviders).where(eq(modelProviders.id, id)).for('update');
    if (current === undefined) throw new HttpError(404, 'not_found', 'No such model provider');
    const { columns, details } = change(current);
    await tx
      .update(modelProviders)
      .set({ ...columns, updatedAt: new Date() })
      .where(eq(modelProviders.id, id));
    await recordAudit(tx, {
      actor: actor.viewer,
      action: 'model_provider.updated',
      targetType: 'model_provider',
      targetId: id,
      requestId: actor.requestId,
      details,
    });
  });
}

/** Removes the model provider `id` with its `model_provider.deleted` audit entry; a 404 `not_found` when none. */
export async function deleteModelProvider(
  db: SkilldockDatabase,
  actor: AuditActor,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(modelProviders)
      .where(eq(modelProviders.id, id))
      .returning({ id: modelProviders.id });
    if (removed.length === 0) throw new HttpError(404, 'not_found', 'No such model provider');
    await recordAudit(tx, {
      actor: actor.viewer,
      action: 'model_provider.deleted',
      targetType: 'model_provider',
      targetId: id,
      requestId: actor.requestId,
    });
  });
}
