/**
 * @skilldock/core — parse, validate, discover, catalog and activate Agent Skills.
 * Every export is deliberate; nothing else in this package is public.
 */

export * from './catalog/types.js';
export { ConflictError, type ErrorDetails, SecurityError, SkilldockError, UserInputError } from './errors.js';
export { type DefineSkillInput, defineSkill, unsafeRelativePathReason } from './format/define-skill.js';
export { type Diagnostic, formatDiagnostic, hasErrors, type Severity } from './format/diagnostic.js';
export { MAX_FRONTMATTER_BYTES, MAX_SKILL_FILE_BYTES, SKILL_FILE_NAME } from './format/limits.js';
export { IGNORED_FOLDER_NAMES, listSkillFiles } from './format/list-skill-files.js';
export { type LoadSkillOptions, loadSkill } from './format/load-skill.js';
export {
  type ForkProfile,
  forkProfileSchema,
  type ParseForkProfileResult,
  parseForkProfile,
} from './format/parse-fork-profile.js';
export { type ParseSkillOptions, parseSkill } from './format/parse-skill.js';
export {
  KNOWN_MODEL_PROVIDERS,
  type ModelSelector,
  type ParseSubagentResult,
  parseModelSelector,
  parseSubagent,
  type SubagentDefinition,
} from './format/parse-subagent.js';
export {
  editSkillDocument,
  readSkillDocument,
  type SkillDocument,
  writeSkillDocument,
} from './format/skill-document.js';
export { deriveSkillId, isSkillId, SKILL_ID_PATTERN } from './format/skill-id.js';
export {
  HOST_SKILL_FIELDS,
  type SkillFrontmatter,
  SPEC_SKILL_FIELDS,
  skillFrontmatterSchema,
} from './format/skill-schema.js';
export { createSkillTemplate } from './format/skill-template.js';
export {
  APPROVAL_MODES,
  RESERVED_SUBAGENT_NAMES,
  type SubagentFrontmatter,
  subagentSchema,
} from './format/subagent-schema.js';
export {
  isStrictYamlMapping,
  type ParseSkillsRefFrontmatterResult,
  parseSkillsRefFrontmatter,
  type ReadSkillsRefPropertiesResult,
  type ReadStrictYamlResult,
  readSkillsRefProperties,
  readStrictYaml,
  renderSkillsRefPrompt,
  type SkillsRefCommandOptions,
  type SkillsRefCommandResult,
  type SkillsRefFinding,
  type SkillsRefOptions,
  type SkillsRefPromptEntry,
  type SkillsRefProperties,
  type SkillsRefValidation,
  type StrictYamlKeyPosition,
  type StrictYamlMapping,
  type StrictYamlValue,
  skillsRefPropertiesToJson,
  skillsRefReadProperties,
  skillsRefToPrompt,
  skillsRefValidate,
  validateSkillsRef,
  validateSkillsRefDiagnostics,
  validateSkillsRefMetadata,
} from './format/skills-ref/index.js';
export type * from './format/types.js';
