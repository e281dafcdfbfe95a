/**
 * Learning (SPEC L1, L2): the guard every run that generates skills writes through, and
 * `skilldock learn` — a source (page, files, text, video) distilled by a restricted run into a
 * `learned-skill-<name>` for review.
 */

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
