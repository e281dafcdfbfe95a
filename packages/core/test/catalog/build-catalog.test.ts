import { describe, expect, it } from 'vitest';
import { buildCatalog } from '../../src/catalog/build-catalog.js';
import { defineSkill } from '../../src/format/define-skill.js';
import { makeSkill } from './make-skill.js';

describe('buildCatalog', () => {
  it('D1 lets the higher source win and records overrides and shadowedBy', () => {
    const personal = makeSkill('pdf', { sourceType: 'personal' });
    const project = makeSkill('pdf', { sourceType: 'project' });
    const builtin = makeSkill('pdf', { sourceType: 'builtin' });
    const catalog = buildCatalog([builtin, personal, project]);
    const winner = catalog.get('pdf')!;
    expect(winner.origin.sourceType).toBe('project');
    expect(winner.overrides.map((reference) => reference.sourceType)).toEqual(['personal', 'builtin']);
    expect(winner.overrides[0]).toEqual({
      id: 'pdf',
      name: 'pdf',
      sourceType: 'personal',
      sourceDir: '/skills/personal',
      directory: '/skills/personal/pdf',
    });
    expect(
      catalog.shadowed.map((entry) => [entry.skill.origin.sourceType, entry.shadowedBy.sourceType]),
    ).toEqual([
      ['personal', 'project'],
      ['builtin', 'project'],
    ]);
    expect(catalog.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['skill_shadowed', 'info'],
      ['skill_shadowed', 'info'],
    ]);
  });

  it('D1 shadows both ways: whichever source is higher wins, whatever the input order', () => {
    const extension = makeSkill('lint', { sourceType: 'extension', sourceScope: 'acme' });
    const shared = makeSkill('lint', { sourceType: 'shared' });
    expect(buildCatalog([extension, shared]).get('lint')?.origin.sourceType).toBe('extension');
    expect(buildCatalog([shared, extension]).get('lint')?.origin.sourceType).toBe('extension');
    const shadowedShared = buildCatalog([shared, extension]).shadowed[0]!;
    expect(shadowedShared.skill).toBe(shared);
    expect(shadowedShared.shadowedBy).toMatchObject({ sourceType: 'extension', sourceScope: 'acme' });
  });

  it('D1 keeps the earlier skill of the same source', () => {
    const first = makeSkill('pdf', { base: '/p/.agents/skills' });
    const second = makeSkill('pdf', { base: '/p/.claude/skills' });
    const catalog = buildCatalog([first, second]);
    expect(catalog.get('pdf')?.directory).toBe('/p/.agents/skills/pdf');
    expect(catalog.shadowed[0]?.skill).toBe(second);
  });

  it('D1 restores the skill underneath when the overriding one is removed', () => {
    const project = makeSkill('pdf', { sourceType: 'project' });
    const personal = makeSkill('pdf', { sourceType: 'personal' });
    const before = buildCatalog([project, personal], { version: 1 });
    const after = buildCatalog([personal], { version: 2 });
    expect(before.get('pdf')?.origin.sourceType).toBe('project');
    expect(after.get('pdf')?.origin.sourceType).toBe('personal');
    expect(after.get('pdf')?.overrides).toEqual([]);
    expect(after.shadowed).toEqual([]);
    expect(after.version).toBe(2);
  });

  it('D1 reports a project skill colliding with a session skill as an error', () => {
    const session = defineSkill({
      name: 'refunds',
      description: 'Session refunds. Use in tests.',
      instructions: 'x',
    });
    const project = makeSkill('refunds', { sourceType: 'project' });
    const catalog = buildCatalog([project, session]);
    expect(catalog.get('refunds')).toMatchObject({ origin: { sourceType: 'session' } });
    expect(catalog.diagnostics).toMatchObject([
      { code: 'skill_id_collision', severity: 'error', file: '/skills/project/refunds/SKILL.md' },
    ]);
  });

  it('D1 treats a personal skill under a session skill as ordinary shadowing', () => {
    const session = defineSkill({
      name: 'refunds',
      description: 'Session refunds. Use in tests.',
      instructions: 'x',
    });
    const catalog = buildCatalog([session, makeSkill('refunds', { sourceType: 'personal' })]);
    expect(catalog.diagnostics.map((d) => d.code)).toEqual(['skill_shadowed']);
  });

  it('D5 orders the winners alphabetically by id and freezes everything', () => {
    const catalog = buildCatalog([makeSkill('zeta'), makeSkill('alpha'), makeSkill('Beta Tool')]);
    expect(catalog.skills.map((skill) => skill.id)).toEqual(['alpha', 'beta-tool', 'zeta']);
    expect(Object.isFrozen(catalog)).toBe(true);
    expect(Object.isFrozen(catalog.skills)).toBe(true);
    expect(Object.isFrozen(catalog.skills[0])).toBe(true);
    expect(() => (catalog.skills as unknown as unknown[]).push(1)).toThrow();
  });

  it('D1 leaves disabled ids out of the catalog and lists them', () => {
    const catalog = buildCatalog(
      [makeSkill('pdf'), makeSkill('deploy'), makeSkill('deploy', { sourceType: 'builtin' })],
      {
        disabled: ['deploy', 'unknown'],
      },
    );
    expect(catalog.skills.map((skill) => skill.id)).toEqual(['pdf']);
    expect(catalog.get('deploy')).toBeUndefined();
    expect(catalog.disabled).toEqual(['deploy', 'unknown']);
    expect(catalog.shadowed).toHaveLength(1);
  });

  it('D6 reports dependency cycles once and missing dependencies with their chain', () => {
    const catalog = buildCatalog([
      makeSkill('a', { extra: 'skill_dependencies: [b]' }),
      makeSkill('b', { extra: 'skill_dependencies: [a, c]' }),
      makeSkill('c', { extra: 'skill_dependencies: [ghost]' }),
    ]);
    expect(catalog.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['skill_dependency_cycle', 'skill dependencies form a cycle: a → b → a'],
      ['skill_dependency_missing', "missing skill dependency a → b → c → ghost: 'ghost' is not available"],
    ]);
  });

  it('D1 carries discovery diagnostics first and keeps the project root', () => {
    const diagnostic = { code: 'project_untrusted', severity: 'warning', message: 'not trusted' } as const;
    const catalog = buildCatalog([], { diagnostics: [diagnostic], projectRoot: '/repo' });
    expect(catalog.diagnostics).toEqual([diagnostic]);
    expect(catalog.projectRoot).toBe('/repo');
    expect(catalog.version).toBe(1);
    expect(catalog.skills).toEqual([]);
  });
});
