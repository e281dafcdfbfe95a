import type { Skill } from '../format/types.js';
import { isPathGated } from './skill-matches-path.js';

type InvocationSubject = Pick<Skill, 'id' | 'fields'>;

/** Whether the user may run a skill as `/<id>` (SPEC D4). */
export type UserInvocability =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly reason: 'user-invocable-false'; readonly message: string };

/**
 * Decides whether the user may run `/<id>` (SPEC D4): only `user-invocable: false` blocks it; path
 * gates and `disable-model-invocation` never do. The message says what still works.
 */
export function userInvocability(skill: InvocationSubject): UserInvocability {
  const { fields } = skill;
  if (fields.userInvocable) return { allowed: true };
  let rest: string;
  if (fields.disableModelInvocation)
    rest = 'The model may not use it either (disable-model-invocation: true).';
  else if (isPathGated(skill))
    rest = `The model uses it once a file matching ${fields.paths!.join(', ')} is touched.`;
  else rest = 'The model uses it when it is relevant; ask for the task instead.';
  return {
    allowed: false,
    reason: 'user-invocable-false',
    message: `The skill '${skill.id}' cannot be run as /${skill.id} (user-invocable: false). ${rest}`,
  };
}
