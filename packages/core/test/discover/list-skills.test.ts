import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogFromDiscovery } from '../../src/discover/catalog-from-discovery.js';
import { discoverSkills } from '../../src/discover/discover-skills.js';
import { listSkills } from '../../src/discover/list-skills.js';
import { temporaryDirectory, writeJson, writeSkill } from './skill-tree.js';

describe('listSkills', () => {
  it('D1 gives each skill its listing status: active, hidden-from-model, then disabled and shadowed with all', async () => {
    const home = await temporaryDirectory();
    const project = await temporaryDirectory();
    await writeSkill(join(project, '.agents', 'skills', 'deploy'), { extra: 'priority: 5' });
    await writeSkill(join(project, '.agents', 'skills', 'internal'), {
      extra: 'disable-model-invocation: true',
    });
    await writeSkill(join(project, '.agents', 'skills', 'legacy'));
    await writeSkill(join(home, '.agents', 'skills', 'deploy'));
    await writeJson(join(project, '.skilldock', 'settings.json'), { skills: { disabled: ['legacy'] } });
    const discovery = await discoverSkills({ projectRoot: project, homeDirectory: home, trusted: true });
    const catalog = catalogFromDiscovery(discovery);

    const listed = listSkills({ catalog, discovery });
    expect(listed.map(({ skill, status }) => [skill.id, status])).toEqual([
      ['deploy', 'active'],
      ['internal', 'hidden-from-model'],
    ]);
    expect(listed[0]?.overrides.map((reference) => reference.sourceType)).toEqual(['personal']);

    const all = listSkills({ catalog, discovery, all: true });
    expect(all.map(({ skill, status }) => [skill.id, status])).toEqual([
      ['deploy', 'active'],
      ['internal', 'hidden-from-model'],
      ['legacy', 'disabled'],
      ['deploy', 'shadowed'],
    ]);
    expect(all[3]).toMatchObject({
      skill: { origin: { sourceType: 'personal' } },
      shadowedBy: { sourceType: 'project' },
    });
  });
});
