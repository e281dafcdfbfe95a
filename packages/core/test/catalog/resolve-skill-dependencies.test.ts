import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../src/catalog/build-catalog.js';
import { resolveSkillDependencies } from '../../src/catalog/resolve-skill-dependencies.js';
import { makeSkill } from './make-skill.js';

const catalog = buildCatalog(
  [
    makeSkill('release', { extra: 'skill_dependencies: [changelog, git-tag]' }),
    makeSkill('changelog', { extra: 'skill_dependencies: [git-tag]' }),
    makeSkill('git-tag'),
    makeSkill('loop-a', { extra: 'skill_dependencies: [loop-b]' }),
    makeSkill('loop-b', { extra: 'skill_dependencies: [loop-a]' }),
    makeSkill('needs-missing', { extra: 'skill_dependencies: [changelog, nowhere]' }),
    makeSkill('needs-disabled', { extra: 'skill_dependencies: [legacy]' }),
    makeSkill('legacy'),
  ],
  { disabled: ['legacy'] },
);

describe('resolveSkillDependencies', () => {
  it('D6 expands dependencies transitively, each skill once', () => {
    expect(resolveSkillDependencies(catalog, ['release'])).toEqual({
      ids: ['release', 'changelog', 'git-tag'],
      diagnostics: [],
    });
  });

  it('D6 reports a cycle naming the chain and still returns the closure', () => {
    const result = resolveSkillDependencies(catalog, ['loop-a']);
    expect(result.ids).toEqual(['loop-a', 'loop-b']);
    expect(result.diagnostics.map((d) => [d.code, d.message, d.file])).toEqual([
      [
        'skill_dependency_cycle',
        'skill dependencies form a cycle: loop-a → loop-b → loop-a',
        '/skills/project/loop-b/SKILL.md',
      ],
    ]);
  });

  it('D6 reports a missing dependency naming the chain', () => {
    const result = resolveSkillDependencies(catalog, ['needs-missing']);
    expect(result.ids).toEqual(['needs-missing', 'changelog', 'git-tag']);
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      "missing skill dependency needs-missing → nowhere: 'nowhere' is not available",
    ]);
  });

  it('D6 says when a dependency is disabled rather than missing', () => {
    const result = resolveSkillDependencies(catalog, ['needs-disabled']);
    expect(result.ids).toEqual(['needs-disabled']);
    expect(result.diagnostics.map((d) => d.message)).toEqual([
      "missing skill dependency needs-disabled → legacy: 'legacy' is disabled",
    ]);
  });

  it('D6 reports a requested id that does not exist', () => {
    const result = resolveSkillDependencies(catalog, ['git-tag', 'unknown']);
    expect(result.ids).toEqual(['git-tag']);
    expect(result.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['skill_dependency_missing', "skill 'unknown' is not available"],
    ]);
  });
});
