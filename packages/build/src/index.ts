/**
 * @skilldock/build — `import refunds from './skills/refunds/SKILL.md'` for Vite, Rollup and esbuild
 * (SPEC I5). Every export is deliberate; nothing else in this package is public.
 */

import { skilldockSkills } from './skill-import-plugin.js';

export { bundleSkillFolder, type SkillFolderBundle, type SkillImportProfile } from './bundle-skill-folder.js';
export { findDynamicSkillImport } from './find-dynamic-skill-import.js';
export {
  isSkillSpecifier,
  type ResolveSkillImportOptions,
  resolveSkillImport,
} from './resolve-skill-import.js';
export { SkillImportError, type SourceLocation } from './skill-import-error.js';
export { type SkillImportOptions, skilldockSkills } from './skill-import-plugin.js';

/** The plugin for Vite: `plugins: [skilldockVite()]`. */
export const skilldockVite = skilldockSkills.vite;
/** The plugin for Rollup: `plugins: [skilldockRollup()]`. */
export const skilldockRollup = skilldockSkills.rollup;
/** The plugin for esbuild: `plugins: [skilldockEsbuild()]`. */
export const skilldockEsbuild = skilldockSkills.esbuild;
