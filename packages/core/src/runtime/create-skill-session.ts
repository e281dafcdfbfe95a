import { resolveSkillDependencies } from '../catalog/resolve-skill-dependencies.js';
import { UserInputError } from '../errors.js';
import type { Skill } from '../format/types.js';
import { activationOrder } from './activation-order.js';
import { loadFreshSkill } from './load-fresh-skill.js';
import { SkillSession } from './skill-session.js';
import type { SkillSessionOptions } from './types.js';

/**
 * Start a skill session for one model conversation (SPEC R1–R10). Preloaded skills and their
 * dependency closure are read first (R8); a preloaded skill that is missing or whose SKILL.md cannot
 * be read throws a {@link UserInputError} — the session never falls back to starting without it.
 * @example
 * const session = await createSkillSession({ catalog, mode: 'stable', preload: ['house-style'] });
 * const system = `${basePrompt}\n\n${session.systemPromptSection}`;
 * const tools = [...hostTools, ...session.toOpenAITools()];
 */
export async function createSkillSession(options: SkillSessionOptions): Promise<SkillSession> {
  const preload = options.preload ?? [];
  const { catalog } = options;
  for (const id of preload) {
    if (catalog.get(id) !== undefined) continue;
    const why = catalog.disabled.includes(id)
      ? 'it is switched off in the settings'
      : 'there is no such skill';
    throw new UserInputError('preload_skill_missing', `Cannot preload the skill ${id}: ${why}.`, {
      details: { skillId: id },
    });
  }
  const missing = resolveSkillDependencies(catalog, preload).diagnostics.find(
    (diagnostic) => diagnostic.code === 'skill_dependency_missing',
  );
  if (missing !== undefined) {
    throw new UserInputError('preload_dependency_missing', `Cannot preload: ${missing.message}.`, {
      details: { preload: [...preload] },
    });
  }
  const preloaded: Skill[] = [];
  for (const id of activationOrder(catalog, preload)) {
    const skill = catalog.get(id);
    if (skill === undefined) continue;
    const loaded = await loadFreshSkill(skill);
    if (!loaded.ok) {
      throw new UserInputError('preload_skill_unreadable', `Cannot preload: ${loaded.message}`, {
        details: { skillId: id, ...(skill.skillFile === undefined ? {} : { path: skill.skillFile }) },
      });
    }
    preloaded.push(loaded.skill);
  }
  return new SkillSession({ ...options, preloaded });
}
