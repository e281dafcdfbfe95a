import type { Diagnostic } from '@skilldock/core/format';
import type { ResolvedSubagent, SubagentRegistry } from './subagent-types.js';
import { SUBAGENT_LEVELS } from './subagent-types.js';

/**
 * A registry of definitions given in code (the SPEC A1 `session` level), for hosts that define
 * their agents themselves and for tests. Names match case-insensitively; the first of two
 * definitions with one name wins and the other is reported.
 * @example const registry = createSessionSubagentRegistry([{ name: 'reviewer', … }]);
 */
export function createSessionSubagentRegistry(definitions: readonly ResolvedSubagent[]): SubagentRegistry {
  const byName = new Map<string, ResolvedSubagent>();
  const diagnostics: Diagnostic[] = [];
  for (const definition of definitions) {
    const key = definition.name.toLowerCase();
    if (byName.has(key)) {
      diagnostics.push({
        code: 'subagent_shadowed',
        severity: 'warning',
        message: `Two subagents are named ${definition.name}; the first one is used.`,
        ...(definition.file === undefined ? {} : { file: definition.file }),
      });
      continue;
    }
    byName.set(key, definition);
  }
  const listed = [...byName.values()].sort(
    (first, second) =>
      SUBAGENT_LEVELS.indexOf(first.level) - SUBAGENT_LEVELS.indexOf(second.level) ||
      first.name.localeCompare(second.name),
  );
  return {
    list: () => listed,
    get: async (name) => byName.get(name.toLowerCase()),
    diagnostics: () => diagnostics,
  };
}
