import type { z } from '@hono/zod-openapi';
import type { Account } from '../users/account-records.js';
import type { userSchema } from './schemas.js';

/** The API view of an account: its public fields and departments. */
export function userToJson(account: Account): z.infer<typeof userSchema> {
  return {
    id: account.id,
    username: account.username,
    displayName: account.displayName,
    role: account.role,
    disabled: account.disabled,
    departmentIds: [...account.departmentIds],
    createdAt: account.createdAt.toISOString(),
  };
}
