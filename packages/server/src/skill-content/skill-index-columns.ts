import type { SkillIndexEntry } from '../content/index.js';

/**
 * The `skills` columns a content revision decides (SPEC Y5: synced on every save): name,
 * description, version and the three dependency lists, from the SKILL.md's index entry — what a
 * save, a confirm, a bound skill's creation and a history restore all write with the new reference.
 */
export function skillIndexColumns(index: SkillIndexEntry) {
  return {
    name: index.name,
    description: index.description,
    version: index.version,
    toolDependencies: [...index.dependencies.tools],
    mcpDependencies: [...index.dependencies.mcpServers],
    skillDependencies: [...index.dependencies.skills],
  };
}
