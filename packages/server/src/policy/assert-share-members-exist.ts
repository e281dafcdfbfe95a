import { inArray } from 'drizzle-orm';
import type { SkilldockTransaction } from '../db/database.js';
import { departments, users } from '../db/schema.js';
import { HttpError } from '../http/http-error.js';
import type { ShareConfig } from './share-config.js';

/** Refuses (422 `invalid_share_scope`) department or user ids that do not exist, before a foreign key would. */
export async function assertShareMembersExist(tx: SkilldockTransaction, config: ShareConfig): Promise<void> {
  const wanted = { departments: new Set<string>(), users: new Set<string>() };
  for (const scope of [config.readScope, config.manageScope]) {
    if (scope.kind === 'departments') for (const id of scope.departmentIds) wanted.departments.add(id);
    if (scope.kind === 'users') for (const id of scope.userIds) wanted.users.add(id);
  }
  const found = async (table: typeof departments | typeof users, ids: Set<string>) =>
    ids.size === 0
      ? new Set<string>()
      : new Set(
          (
            await tx
              .select({ id: table.id })
              .from(table)
              .where(inArray(table.id, [...ids]))
          ).map((row) => row.id),
        );
  const knownDepartments = await found(departments, wanted.departments);
  const knownUsers = await found(users, wanted.users);
  const unknown = {
    departmentIds: [...wanted.departments].filter((id) => !knownDepartments.has(id)),
    userIds: [...wanted.users].filter((id) => !knownUsers.has(id)),
  };
  if (unknown.departmentIds.length + unknown.userIds.length > 0)
    throw new HttpError(
      422,
      'invalid_share_scope',
      'The share scope names departments or users that do not exist',
      {
        details: unknown,
      },
    );
}
