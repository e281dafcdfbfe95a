/**
 * The error codes `@skilldock/build` throws, added to core's registry so the CLI and hosts can
 * table them like core's own.
 */
declare module '@skilldock/core/errors' {
  interface SkilldockErrorCodes {
    /** The imported SKILL.md does not validate. */
    readonly skill_import_invalid: true;
    /** The skill folder holds a secret, a symbolic link or a special file (SPEC P2). */
    readonly skill_import_refused_file: true;
    /** `import()` of a SKILL.md: skill imports must be static. */
    readonly skill_import_dynamic: true;
    /** A package SKILL.md subpath that the package's `exports` do not export, or that does not exist. */
    readonly skill_import_unresolved: true;
    /** A SKILL.md import whose path climbs out of its package or the project root. */
    readonly skill_import_outside: true;
  }
}

export {};
