import { asc, eq, inArray } from 'drizzle-orm';
import type { Role } from '../auth/roles.js';
import type { SkilldockDatabase, SkilldockTransaction } from '../db/database.js';
import { memberships, users } from '../db/schema.js';

type Reader = SkilldockDatabase | SkilldockTransaction;

/** An account's public fields and the departments it belongs to (sorted): what the API shows of a user. */
export interface Account {
  readonly id: string;
  readonly username: string;
  readonly displayName: string;
  readonly role: Role;
  readonly disabled: boolean;
  readonly departmentIds: readonly string[];
  readonly createdAt: Date;
}

/** An account row's public columns, before its departments are read. */
export type AccountRow = Omit<Account, 'departmentIds'>;

const ACCOUNT_COLUMNS = {
  id: users.id,
  username: users.username,
  displayName: users.displayName,
  role: users.role,
  disabled: users.disabled,
  createdAt: users.createdAt,
};

/** `rows` with their departments, in the order given: one query for all of them. */
export async function withDepartments(db: Reader, rows: readonly AccountRow[]): Promise<Account[]> {
  const ids = rows.map((row) => row.id);
  const links =
    ids.length === 0 ? [] : await db.select().from(memberships).where(inArray(memberships.userId, ids));
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    role: row.role,
    disabled: row.disabled,
    createdAt: row.createdAt,
    departmentIds: links
      .filter((link) => link.userId === row.id)
      .map((link) => link.departmentId)
      .sort(),
  }));
}

/** Every account, by username. */
export async function listAccounts(db: Reader): Promise<Account[]> {
  return withDepartments(db, await db.select(ACCOUNT_COLUMNS).from(users).orderBy(asc(users.username)));
}

/** The account `id`, or undefined when there is none. */
export async function loadAccount(db: Reader, id: string): Promise<Account | undefined> {
  const [account] = await withDepartments(
    db,
    await db.select(ACCOUNT_COLUMNS).from(users).where(eq(users.id, id)),
  );
  return account;
}

/** The account named `username` (already lower-cased) with its password hash, for a login; undefined when none. */
export async function findLoginAccount(
  db: Reader,
  username: string,
): Promise<(AccountRow & { readonly passwordHash: string }) | undefined> {
  const [row] = await db
    .select({ ...ACCOUNT_COLUMNS, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.username, username));
  return row;
}

/** The password hash of the account `id`, or undefined when the account is gone. */
export async function accountPasswordHash(db: Reader, id: string): Promise<string | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id));
  return row?.passwordHash;
}
