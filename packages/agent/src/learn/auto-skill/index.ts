/**
 * Auto skill (SPEC L2): after a busy session, a background review agent may propose
 * `auto-skill-<name>` skills, written through the generated-skill guard, pending review when
 * `memory.autoSkillConfirm` is on.
 */
// The agent's error codes (core's registry, augmented) travel with this entry's declarations.
import '../../error-codes.js';

export {
  AUTO_SKILL_PREFIX,
  type AutoSkillPaths,
  autoSkillPaths,
  autoSkillSettings,
  PENDING_SKILLS_PATH,
} from './auto-skill-paths.js';
export {
  type AutoSkillSession,
  type OpenAutoSkillSessionOptions,
  openAutoSkillSession,
} from './auto-skill-session.js';
export { type AutoSkillTrigger, createAutoSkillTrigger } from './auto-skill-trigger.js';
export { AUTO_SKILL_GITIGNORE_RULE, ensureAutoSkillGitignore } from './ensure-auto-skill-gitignore.js';
export {
  acceptPendingAutoSkill,
  listPendingAutoSkills,
  type PendingAutoSkill,
  rejectPendingAutoSkill,
} from './pending-auto-skills.js';
export { type AutoSkillReviewOptions, startAutoSkillReview } from './start-auto-skill-review.js';
