import { HttpError } from '../http/http-error.js';
import '../error-codes.js';

/** 404 `bound_skill_not_found`: the agent has no bound skill yet (create or import one). */
export function boundSkillNotFound(agentId: string): HttpError {
  return new HttpError(404, 'bound_skill_not_found', 'This agent has no bound skill yet', {
    details: { agentId },
  });
}

/** 404 `version_not_found`: no released version of this name (or it was deleted meanwhile). */
export function versionNotFound(name: string): HttpError {
  return new HttpError(404, 'version_not_found', `There is no version ${JSON.stringify(name)}`, {
    details: { name },
  });
}
