import { compareText } from '../format/compare-text.js';
import type { Skill } from '../format/types.js';

/** 0: priority ≥ 0, 1: no priority, 2: negative priority. */
function priorityGroup(priority: number | undefined): number {
  if (priority === undefined) return 1;
  return priority >= 0 ? 0 : 2;
}

/**
 * Orders skills for people (SPEC D5): by `priority`, higher first, with skills without a priority
 * after every non-negative one and before every negative one; then by name, then by id. Returns a
 * new array.
 * @example sortForListing(skills) // priority 10, priority 0, (unset), priority -1, priority -5
 */
export function sortForListing<T extends Pick<Skill, 'id' | 'name' | 'fields'>>(skills: readonly T[]): T[] {
  // Each skill's keys read once, not once per comparison: a listing sorts 10,000 skills.
  const keyed = skills.map((skill) => {
    const priority = skill.fields.priority;
    return { skill, group: priorityGroup(priority), priority: priority ?? 0, name: skill.name, id: skill.id };
  });
  keyed.sort(
    (left, right) =>
      left.group - right.group ||
      right.priority - left.priority ||
      compareText(left.name, right.name) ||
      compareText(left.id, right.id),
  );
  return keyed.map((entry) => entry.skill);
}
