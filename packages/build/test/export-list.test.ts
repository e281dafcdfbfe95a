import * as build from '@skilldock/build';
import { describe, expect, it } from 'vitest';

describe('the public API of @skilldock/build', () => {
  it('I5 exports exactly its pinned list of values, a plugin for each bundler among them', () => {
    expect(Object.keys(build).sort()).toEqual([
      'SkillImportError',
      'bundleSkillFolder',
      'findDynamicSkillImport',
      'isSkillSpecifier',
      'resolveSkillImport',
      'skilldockEsbuild',
      'skilldockRollup',
      'skilldockSkills',
      'skilldockVite',
    ]);
    expect(build.skilldockVite()).toMatchObject({ name: 'skilldock-skills', enforce: 'pre' });
    expect(build.skilldockRollup()).toMatchObject({ name: 'skilldock-skills' });
    expect(build.skilldockEsbuild()).toMatchObject({ name: 'skilldock-skills' });
  });
});
