/**
 * Loads `@skilldock/core` on first use. Importing it costs ~150 ms (zod, yaml, the watcher), which
 * `--help`, `--version` and usage errors never need; every later call returns the cached module.
 */
export function loadCore(): Promise<typeof import('@skilldock/core')> {
  return import('@skilldock/core');
}
