import type { Skill } from '../format/types.js';
import { isPathGated } from './skill-matches-path.js';

type InvocationSubject = Pick<Skill, 'id' | 'fields'>;

/** Whether the model may see and activate a skill (SPEC D3, D4). */
export type ModelVisibility =
  | { readonly allowed: true }
  | {
      readonly allowed: false;
      readonly reason: 'disable-model-invocation' | 'path-gated';
      /** One sentence for whoever tried (the model or a user asking why). */
      readonly message: string;
    };

/** Options of {@link modelVisibility}. */
export interface ModelVisibilityOptions {
  /** A file matching the skill's `paths:` has been touched this session (SPEC D3). */
  readonly pathActivated?: boolean;
}

/**
 * Decides whether the model sees a skill, for every combination of `disable-model-invocation`,
 * `user-invocable` and `paths` (SPEC D4): `disable-model-invocation: true` hides it whatever the
 * gate; otherwise a path-gated skill is hidden until `pathActivated`.
 */
export function modelVisibility(
  skill: InvocationSubject,
  { pathActivated = false }: ModelVisibilityOptions = {},
): ModelVisibility {
  const { fields } = skill;
  if (fields.disableModelInvocation) {
    const message = fields.userInvocable
      ? `The skill '${skill.id}' is not available to the model (disable-model-invocation: true); the user can run it with /${skill.id}.`
      : `The skill '${skill.id}' is switched off for both routes: the model may not use it (disable-model-invocation: true) and it has no slash command (user-invocable: false).`;
    return { allowed: false, reason: 'disable-model-invocation', message };
  }
  if (isPathGated(skill) && !pathActivated) {
    const globs = fields.paths!.join(', ');
    const userRoute = fields.userInvocable ? ` The user can run it now with /${skill.id}.` : '';
    return {
      allowed: false,
      reason: 'path-gated',
      message: `The skill '${skill.id}' becomes available once a file matching ${globs} is read or edited.${userRoute}`,
    };
  }
  return { allowed: true };
}
