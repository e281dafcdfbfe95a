import type { DiscoverableSkill } from './discoverable-skill.js';

/** The skills sorted by id in byte order, as both discovery indexes list them. */
export function sortedById(skills: readonly DiscoverableSkill[]): DiscoverableSkill[] {
  return [...skills].sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0));
}

/** Why a schema refused an entry, one clause per issue. */
export function schemaIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  return issues.map((issue) => `${issue.path.map(String).join('.') || 'entry'}: ${issue.message}`).join('; ');
}
