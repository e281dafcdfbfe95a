/**
 * The curator (SPEC L3): ages generated skills (`source: learned` / `auto-skill`) by their last use
 * and edit, archives the long-idle ones (`.qwen/archived-skills/` beside `.qwen/skills`, else
 * `.skilldock/archived-skills/`; nothing is deleted), and
 * keeps its versioned, locked state in `.skilldock/skill-curator.json`.
 */
// The agent's error codes (core's registry, augmented) travel with this entry's declarations.
import '../error-codes.js';

export {
  ARCHIVE_AFTER_DAYS,
  ageGeneratedSkill,
  isMaintenanceDue,
  MAINTENANCE_INTERVAL_DAYS,
  type SkillAge,
  STALE_AFTER_DAYS,
} from './age-generated-skill.js';
export {
  CURATOR_ARCHIVE_PATH,
  CURATOR_STATE_PATH,
  type CuratorPaths,
  curatorPaths,
} from './curator-paths.js';
export {
  CURATOR_STATE_VERSION,
  type CuratedSkillRecord,
  type CuratedSkillState,
  type CuratorState,
  MAX_CURATOR_STATE_BYTES,
} from './curator-state.js';
export { type CuratedSkillStatus, type CuratorStatus, readCuratorStatus } from './curator-status.js';
export {
  createGeneratedSkillUsage,
  type GeneratedSkillUsage,
  type GeneratedSkillUsageOptions,
} from './generated-skill-usage.js';
export type { CuratorFileSystem } from './move-folders.js';
export { type PinGeneratedSkillOptions, pinGeneratedSkill } from './pin-generated-skill.js';
export type { CurationChange } from './plan-curation.js';
export { readCuratorState } from './read-curator-state.js';
export { recordGeneratedSkillUse } from './record-generated-skill-use.js';
export { type RestoreArchivedSkillOptions, restoreArchivedSkill } from './restore-archived-skill.js';
export {
  type AutomaticCurationOptions,
  type AutomaticCurationResult,
  type CuratorRunReport,
  type RunCuratorOptions,
  runAutomaticCuration,
  runCurator,
} from './run-curator.js';
export type { UpdateCuratorStateOptions } from './write-curator-state.js';
