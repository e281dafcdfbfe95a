/**
 * Loads `@skilldock/core` on first use. Importing it costs ~150 ms (zod, yaml, the watcher), which
 * `--help`, `--version` and usage errors never need; every later call returns the cached module.
 */
export function loadCore(): Promise<typeof import('@skilldock/core')> {
  return import('@skilldock/core');
}

/**
 * Loads only the install part of `@skilldock/core` (`@skilldock/core/install`: sources, drafts,
 * targets, locks and the errors), which is all `skills add` and `skills import` need. It skips the
 * catalog, discovery watcher and runtime that the whole core loads (~100 ms of a ~1 s install of
 * 200 skills); when both are loaded they share one copy of every module they have in common.
 */
export function loadInstallCore(): Promise<typeof import('@skilldock/core/install')> {
  return import('@skilldock/core/install');
}
