/**
 * Learning (SPEC L1, L2): the guard every run that generates skills writes through, and
 * `skilldock learn` — a source (page, files, text, video) distilled by a restricted run into a
 * `learned-skill-<name>` for review.
 */
// The agent's error codes (core's registry, augmented) travel with this entry's declarations.
import '../error-codes.js';

export { checkLearnedSkill, LEARNED_SKILL_SECTIONS } from './check-learned-skill.js';
export { discardLearnedSkill } from './discard-learned-skill.js';
export { type FetchLearnPageOptions, fetchLearnPage } from './fetch-learn-page.js';
export {
  createGeneratedSkillCallGate,
  type GeneratedSkillCallGateOptions,
} from './generated-skill-call-gate.js';
export {
  type CheckedSkillWrite,
  createGeneratedSkillGuard,
  type GeneratedSkillGuard,
  type GeneratedSkillGuardOptions,
  type GeneratedSkillRefusalCode,
  type GeneratedSkillSource,
  type GeneratedSkillWrite,
} from './generated-skill-guard.js';
export { type LearnInWorkspaceOptions, learnInWorkspace } from './learn-in-workspace.js';
export {
  DEFAULT_LEARN_LIMITS,
  type LearnLimits,
  type LearnMaterial,
  type LearnVideo,
  type SkippedLearnFile,
} from './learn-material.js';
export {
  type LearnedSkill,
  type LearnFailure,
  type LearnResult,
  type LearnSkillOptions,
  type LearnSourceSummary,
  type LearnSuccess,
  learnSkill,
} from './learn-skill.js';
export { modelTakesVideo } from './model-takes-video.js';
export { splitLearnInput } from './read-learn-source.js';
