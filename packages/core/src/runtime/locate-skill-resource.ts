import type { CatalogSkill, CatalogSnapshot } from '../catalog/types.js';
import type { Skill } from '../format/types.js';
import { type Failure, failure } from '../result.js';
import { findSkillResource, type SkillResource } from './read-skill-resource.js';
import { parseSkillVirtualPath, skillVirtualPath } from './skill-virtual-path.js';
import type { SkillResourceProblem, SkillResourceRequest } from './types.js';

const ACCESS_PROBLEMS = {
  'disable-model-invocation': 'skill_not_model_invocable',
  'path-gated': 'skill_path_gated',
} as const;

/** A request matched to a skill and a checked file, or why not. */
export type LocatedSkillResource =
  | {
      readonly ok: true;
      readonly skill: CatalogSkill;
      readonly resource: SkillResource;
      readonly virtualPath: string;
    }
  | Failure<SkillResourceProblem>;

/** What the session decides for a located skill. */
export interface ResourceAccess {
  /** May the model read this skill's files? */
  readonly access: (skill: CatalogSkill) =>
    | { readonly allowed: true }
    | {
        readonly allowed: false;
        readonly reason: keyof typeof ACCESS_PROBLEMS;
        readonly message: string;
      };
  /** The version delivered at activation, when the skill is active (inline files come from it). */
  readonly delivered: (id: string) => Skill | undefined;
}

/**
 * Match a resource request to a catalog skill and a file inside it (SPEC R4): parse the path
 * (every spelling checked), refuse skills the model may not see, then find the first spelling that
 * names a file — never through a link, never outside the skill folder.
 */
export async function locateSkillResource(
  catalog: Pick<CatalogSnapshot, 'get'>,
  request: SkillResourceRequest,
  { access, delivered }: ResourceAccess,
): Promise<LocatedSkillResource> {
  const parsed = parseSkillVirtualPath(request.path, request.id === undefined ? {} : { id: request.id });
  if (!parsed.ok) return parsed;
  const skill = parsed.candidates
    .map((candidate) => catalog.get(candidate.skillId))
    .find((found) => found !== undefined);
  if (skill === undefined) {
    return failure('skill_not_found', `There is no skill named ${parsed.candidates[0]?.skillId}.`);
  }
  const decision = access(skill);
  if (!decision.allowed) return failure(ACCESS_PROBLEMS[decision.reason], decision.message);
  const files = parsed.candidates
    .filter((candidate) => candidate.skillId === skill.id)
    .map((candidate) => candidate.file);
  const found = await findSkillResource(delivered(skill.id) ?? skill, files);
  if (!found.ok) {
    if (found.closeNames === undefined) return found;
    const close = found.closeNames.map((file) => skillVirtualPath(skill.id, file)).join(', ');
    return failure(found.code, `${found.message} Close names: ${close}.`);
  }
  return {
    ok: true,
    skill,
    resource: found.resource,
    virtualPath: skillVirtualPath(skill.id, found.resource.file),
  };
}
