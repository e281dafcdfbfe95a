/** The three roles (SPEC Y1), most powerful first. */
export const ROLES = ['superadmin', 'admin', 'user'] as const;

/** A role (SPEC Y1). */
export type Role = (typeof ROLES)[number];
