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
  return [...skills].sort((left, right) => {
    const leftPriority = left.fields.priority;
    const rightPriority = right.fields.priority;
    const group = priorityGroup(leftPriority) - priorityGroup(rightPriority);
    if (group !== 0) return group;
    if (leftPriority !== undefined && rightPriority !== undefined && leftPriority !== rightPriority) {
      return rightPriority - leftPriority;
    }
    return compareText(left.name, right.name) || compareText(left.id, right.id);
  });
}
