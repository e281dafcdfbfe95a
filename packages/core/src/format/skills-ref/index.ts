/**
 * The `skills-ref` validation profile (SPEC S3): parity with the Agent Skills reference validator
 * (`skills-ref`, Python, `agentskills/agentskills`). Commands return what to print; the functions
 * under them are usable on their own.
 */
export {
  type ParseSkillsRefFrontmatterResult,
  parseSkillsRefFrontmatter,
} from './parse-skills-ref-frontmatter.js';
export { type ReadSkillsRefPropertiesResult, readSkillsRefProperties } from './read-skills-ref-properties.js';
export { type ReadStrictYamlResult, readStrictYaml, type StrictYamlKeyPosition } from './read-strict-yaml.js';
export { renderSkillsRefPrompt, type SkillsRefPromptEntry } from './render-skills-ref-prompt.js';
export type { SkillsRefCommandOptions, SkillsRefCommandResult } from './skills-ref-command-result.js';
export { type SkillsRefProperties, skillsRefPropertiesToJson } from './skills-ref-properties.js';
export { skillsRefReadProperties } from './skills-ref-read-properties.js';
export { skillsRefToPrompt } from './skills-ref-to-prompt.js';
export { skillsRefValidate } from './skills-ref-validate.js';
export { isStrictYamlMapping, type StrictYamlMapping, type StrictYamlValue } from './strict-yaml-value.js';
export {
  type SkillsRefOptions,
  type SkillsRefValidation,
  validateSkillsRef,
  validateSkillsRefDiagnostics,
} from './validate-skills-ref.js';
export { type SkillsRefFinding, validateSkillsRefMetadata } from './validate-skills-ref-metadata.js';
