/**
 * `@skilldock/core/format` — the bottom stage: one SKILL.md (or subagent file) to a `Skill`.
 * Parsing and validating under a profile (`spec`, `lenient`, `skills-ref` parity), the frontmatter
 * schemas, diagnostics, skill ids, `defineSkill` for inline skills, and the round-trip document
 * editor. It reads files; it never walks sources or decides precedence (that is `discover`).
 */

export { BUNDLED_SKILL_MARKER, type BundledSkill, isBundledSkill } from './bundled-skill.js';
export { compareText } from './compare-text.js';
export { compileGitignore, type GitignoreRules, type GitignoreVerdict } from './compile-gitignore.js';
export {
  type CompileGlobOptions,
  type CompileGlobResult,
  compileGlob,
  type GlobMatcher,
} from './compile-glob.js';
export { type DefineSkillInput, defineSkill } from './define-skill.js';
export { type Diagnostic, formatDiagnostic, hasErrors, type Severity } from './diagnostic.js';
export { isPathInside, isPathInsideAny, relativePathInside } from './is-path-inside.js';
export { MAX_FRONTMATTER_BYTES, MAX_SKILL_FILE_BYTES, SKILL_FILE_NAME } from './limits.js';
export { IGNORED_FOLDER_NAMES, listSkillFiles } from './list-skill-files.js';
export { type LoadSkillOptions, loadSkill, loadSkillSync } from './load-skill.js';
export {
  type NeutralizedPart,
  type NeutralizeTextOptions,
  neutralizeText,
  neutralizeTextParts,
} from './neutralize-text.js';
export {
  type ForkProfile,
  forkProfileSchema,
  type ParseForkProfileResult,
  parseForkProfile,
} from './parse-fork-profile.js';
export { MAX_GLOB_LENGTH } from './parse-glob-pattern.js';
export { type ParseSkillOptions, parseSkill } from './parse-skill.js';
export {
  KNOWN_MODEL_PROVIDERS,
  type ModelSelector,
  type ParseSubagentResult,
  parseModelSelector,
  parseSubagent,
  type SubagentDefinition,
} from './parse-subagent.js';
export {
  type ReadRegularFileFailure,
  type ReadRegularFileResult,
  readRegularFile,
} from './read-regular-file.js';
export {
  editSkillDocument,
  readSkillDocument,
  type SkillDocument,
  writeSkillDocument,
} from './skill-document.js';
export {
  deriveSkillId,
  isSkillId,
  type PinyinFunction,
  pinyinAvailable,
  providePinyin,
  SKILL_ID_PATTERN,
} from './skill-id.js';
export { skillMarkdown } from './skill-markdown.js';
export {
  HOST_SKILL_FIELDS,
  type SkillFrontmatter,
  SPEC_SKILL_FIELDS,
  skillFrontmatterSchema,
} from './skill-schema.js';
export { createSkillTemplate } from './skill-template.js';
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
} from './skills-ref/index.js';
export {
  APPROVAL_MODES,
  CLAUDE_PERMISSION_MODES,
  EXECUTOR_INCOMPATIBLE_FIELDS,
  RESERVED_SUBAGENT_NAMES,
  SUBAGENT_FIELDS,
  type SubagentFrontmatter,
  subagentSchema,
} from './subagent-schema.js';
export { createSubagentTemplate, type SubagentTemplateInput } from './subagent-template.js';
export type { TextPosition } from './text-position.js';
export type * from './types.js';
export { unsafeRelativePathReason } from './unsafe-relative-path-reason.js';
export { type SkillValidation, validateSkill } from './validate-skill.js';
export {
  type SkillFolderValidation,
  summarizeValidation,
  type ValidateSkillFoldersOptions,
  type ValidationSummary,
  validateSkillFolders,
} from './validate-skill-folders.js';
