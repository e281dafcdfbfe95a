/**
 * `@skilldock/core/catalog` — from skills to an immutable `CatalogSnapshot`: precedence and
 * shadowing, dependency closure, path gates, ordering, visibility to the model and the user, and
 * rendering the catalog a model reads (xml, markdown, skills-ref) within a budget.
 */

export { type BuildCatalogOptions, buildCatalog } from './build-catalog.js';
export type { CatalogFormat, RenderableSkill } from './catalog-formats.js';
export { countTokens } from './count-tokens.js';
export { escapeXml } from './escape-xml.js';
export type { RenderedCatalog } from './fit-catalog-budget.js';
export { type ModelVisibility, modelVisibility } from './model-visibility.js';
export { type RenderCatalogOptions, renderCatalog } from './render-catalog.js';
export {
  type ResolveSkillDependenciesResult,
  resolveSkillDependencies,
} from './resolve-skill-dependencies.js';
export { isPathGated, skillMatchesPath } from './skill-matches-path.js';
export { sortForListing } from './sort-for-listing.js';
export { sortForModel } from './sort-for-model.js';
export { SOURCE_PRECEDENCE } from './source-precedence.js';
export * from './types.js';
export { type UserInvocability, userInvocability } from './user-invocability.js';
