import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogFromDiscovery } from '../../src/discover/catalog-from-discovery.js';
import { discoverSkills } from '../../src/discover/discover-skills.js';
import { defineSkill } from '../../src/format/define-skill.js';
import { temporaryDirectory, writeJson, writeSkill } from './skill-tree.js';

const fixtures = join(import.meta.dirname, '..', 'fixtures', 'discover');

async function workspace() {
  return { project: await temporaryDirectory(), home: await temporaryDirectory() };
}

describe('discoverSkills', () => {
  it('D1 lists skills from every source in precedence order, losers included', async () => {
    const { project, home } = await workspace();
    const extension = await temporaryDirectory();
    const shared = await temporaryDirectory();
    const builtin = await temporaryDirectory();
    await writeSkill(join(project, '.claude', 'skills', 'from-claude'));
    await writeSkill(join(project, '.agents', 'skills', 'pdf'));
    await writeSkill(join(home, '.agents', 'skills', 'pdf'));
    await writeSkill(join(extension, 'pdf'));
    await writeSkill(join(shared, 'pdf'));
    await writeSkill(join(builtin, 'pdf'));
    const session = defineSkill({
      name: 'inline',
      description: 'Inline skill. Use in tests.',
      instructions: 'Go.',
    });
    const result = await discoverSkills({
      projectRoot: project,
      homeDirectory: home,
      trusted: true,
      sessionSkills: [session],
      extensions: [{ owner: 'acme', directory: extension }],
      sharedDirectories: [shared],
      builtinDirectories: [builtin],
    });
    expect(result.skills.map((skill) => [skill.id, skill.origin.sourceType])).toEqual([
      ['inline', 'session'],
      ['pdf', 'project'],
      ['from-claude', 'project'],
      ['pdf', 'personal'],
      ['acme:pdf', 'extension'],
      ['pdf', 'shared'],
      ['pdf', 'builtin'],
    ]);
    expect(result.invalid).toEqual([]);
    expect(
      result.roots
        .filter((root) => root.status === 'loaded')
        .map((root) => [root.sourceType, root.skillCount]),
    ).toEqual([
      ['project', 1],
      ['project', 1],
      ['personal', 1],
      ['extension', 1],
      ['shared', 1],
      ['builtin', 1],
    ]);
  });

  it('D1 registers extension skills as <owner>:<id> and keeps the authored name', async () => {
    const { home } = await workspace();
    const extension = await temporaryDirectory();
    await writeSkill(join(extension, 'Report Writer'), { name: 'Report Writer' });
    const result = await discoverSkills({
      homeDirectory: home,
      extensions: [{ owner: 'docs', directory: extension }],
    });
    const [skill] = result.skills;
    expect(skill).toMatchObject({ id: 'docs:report-writer', name: 'Report Writer' });
    expect(skill!.origin).toEqual({ sourceType: 'extension', sourceScope: 'docs', sourceDir: extension });
  });

  it('D1 an invalid skill (name: "PDF Tools") never takes the id from a valid one, in the same root or a higher source; it stays reported with its diagnostics', async () => {
    const { project, home } = await workspace();
    // "PDF Tools" sorts before "pdf-tools" in the same root, and the project outranks the personal one.
    await writeSkill(join(project, '.agents', 'skills', 'PDF Tools'), { name: 'PDF Tools' });
    await writeSkill(join(project, '.claude', 'skills', 'pdf-tools'));
    await writeSkill(join(home, '.agents', 'skills', 'pdf-tools'));
    const discovery = await discoverSkills({ projectRoot: project, homeDirectory: home, trusted: true });
    const catalog = catalogFromDiscovery(discovery, { projectRoot: project });
    const winner = catalog.get('pdf-tools')!;
    expect(winner.name).toBe('pdf-tools');
    expect(winner.directory).toBe(join(project, '.claude', 'skills', 'pdf-tools'));
    expect(catalog.shadowed.map(({ skill }) => [skill.name, skill.directory])).toEqual([
      ['pdf-tools', join(home, '.agents', 'skills', 'pdf-tools')],
      ['PDF Tools', join(project, '.agents', 'skills', 'PDF Tools')],
    ]);
    const invalid = catalog.shadowed[1]!.skill;
    expect(invalid.diagnostics.map((diagnostic) => diagnostic.code)).toContain('name_invalid_characters');
    expect(catalog.diagnostics).toContainEqual(
      expect.objectContaining({
        code: 'skill_shadowed',
        file: join(project, '.agents', 'skills', 'PDF Tools', 'SKILL.md'),
        message: expect.stringContaining("its name 'PDF Tools' is not a valid name"),
      }),
    );

    // Alone, the skill with the invalid name still loads under its derived id (lenient).
    const alone = await workspace();
    await writeSkill(join(alone.project, '.agents', 'skills', 'PDF Tools'), { name: 'PDF Tools' });
    const only = catalogFromDiscovery(
      await discoverSkills({ projectRoot: alone.project, homeDirectory: alone.home, trusted: true }),
    );
    expect(only.get('pdf-tools')?.name).toBe('PDF Tools');
  });

  it('D2 skips project skills in an untrusted workspace and says why', async () => {
    const { project, home } = await workspace();
    await writeSkill(join(project, '.agents', 'skills', 'deploy'));
    await writeSkill(join(home, '.agents', 'skills', 'notes'));
    const result = await discoverSkills({ projectRoot: project, homeDirectory: home });
    expect(result.skills.map((skill) => skill.id)).toEqual(['notes']);
    expect(result.roots[0]).toMatchObject({ sourceType: 'project', status: 'untrusted', skillCount: 0 });
    expect(result.diagnostics).toMatchObject([
      { code: 'project_untrusted', severity: 'warning', file: project },
    ]);
    expect(result.diagnostics[0]!.message).toContain('not trusted');
  });

  it('D2 reads project skills for listing even when the workspace is untrusted', async () => {
    const { project, home } = await workspace();
    await writeSkill(join(project, '.agents', 'skills', 'deploy'));
    const result = await discoverSkills({
      projectRoot: project,
      homeDirectory: home,
      includeUntrustedProject: true,
    });
    expect(result.skills.map((skill) => skill.id)).toEqual(['deploy']);
    expect(result.diagnostics).toEqual([]);
  });

  it('D2 says nothing about trust when an untrusted project has no skill folders', async () => {
    const { project, home } = await workspace();
    const result = await discoverSkills({ projectRoot: project, homeDirectory: home });
    expect(result.diagnostics).toEqual([]);
  });

  it('D1 searches configured folders from settings after the standard ones', async () => {
    const { project, home } = await workspace();
    const absolute = await temporaryDirectory();
    await writeSkill(join(project, 'tools', 'skills', 'lint'));
    await writeSkill(join(absolute, 'format'));
    await writeSkill(join(home, 'my-skills', 'journal'));
    await writeJson(join(project, '.skilldock', 'settings.json'), {
      skills: { directories: ['tools/skills', absolute] },
    });
    await writeJson(join(home, '.skilldock', 'settings.json'), {
      skills: { personalDirectories: ['my-skills'] },
    });
    const result = await discoverSkills({ projectRoot: project, homeDirectory: home, trusted: true });
    expect(
      result.skills.map((skill) => [skill.id, skill.origin.sourceType, skill.origin.sourceScope]),
    ).toEqual([
      ['lint', 'project', 'settings'],
      ['format', 'project', 'settings'],
      ['journal', 'personal', 'settings'],
    ]);
    expect(result.settings.skills?.directories).toEqual(['tools/skills', absolute]);
  });

  it('D2 applies maxDepth and maxFolders from settings', async () => {
    const { project, home } = await workspace();
    await writeSkill(join(project, '.agents', 'skills', 'a', 'b', 'deep'));
    await writeSkill(join(project, '.agents', 'skills', 'top'));
    const result = await discoverSkills({
      projectRoot: project,
      homeDirectory: home,
      trusted: true,
      settings: { skills: { maxDepth: 1 } },
    });
    expect(result.skills.map((skill) => skill.id)).toEqual(['top']);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['depth_limit_reached']);
  });

  it('D2 reports invalid skills separately and keeps loading the others', async () => {
    const { project, home } = await workspace();
    await writeSkill(join(project, '.agents', 'skills', 'good'));
    await writeSkill(join(project, '.agents', 'skills', 'bad'), { description: '' });
    const result = await discoverSkills({ projectRoot: project, homeDirectory: home, trusted: true });
    expect(result.skills.map((skill) => skill.id)).toEqual(['good']);
    expect(result.invalid).toMatchObject([
      {
        directory: join(project, '.agents', 'skills', 'bad'),
        sourceType: 'project',
        diagnostics: [{ severity: 'error' }],
      },
    ]);
    expect(result.diagnostics).toEqual(result.invalid[0]!.diagnostics);
    expect(result.roots[0]).toMatchObject({ skillCount: 1, invalidCount: 1 });
  });

  it('D2 loads a folder linked from two agent folders once', async () => {
    const { project, home } = await workspace();
    await writeSkill(join(project, '.agents', 'skills', 'shared-skill'));
    await mkdir(join(project, '.claude'), { recursive: true });
    await symlink(join(project, '.agents', 'skills'), join(project, '.claude', 'skills'));
    await mkdir(join(project, '.qwen', 'skills'), { recursive: true });
    await symlink(
      join(project, '.agents', 'skills', 'shared-skill'),
      join(project, '.qwen', 'skills', 'shared-skill'),
    );
    const result = await discoverSkills({ projectRoot: project, homeDirectory: home, trusted: true });
    expect(result.skills.map((skill) => skill.directory)).toEqual([
      join(project, '.agents', 'skills', 'shared-skill'),
    ]);
    expect(result.roots.map((root) => root.status).slice(0, 3)).toEqual(['loaded', 'loaded', 'duplicate']);
  });

  it('D2 refuses a project skill linked from outside the project', async () => {
    const { project, home } = await workspace();
    const outside = await temporaryDirectory();
    await writeSkill(join(outside, 'stolen'));
    await mkdir(join(project, '.agents', 'skills'), { recursive: true });
    await symlink(join(outside, 'stolen'), join(project, '.agents', 'skills', 'stolen'));
    const result = await discoverSkills({ projectRoot: project, homeDirectory: home, trusted: true });
    expect(result.skills).toEqual([]);
    expect(result.diagnostics.map((d) => d.code)).toEqual(['symlink_outside_root']);
  });

  it('D2 reads the checked-in fixture project with its shadowing and invalid skill', async () => {
    const home = await temporaryDirectory();
    const result = await discoverSkills({
      projectRoot: join(fixtures, 'project'),
      homeDirectory: home,
      includeUntrustedProject: true,
    });
    expect(
      result.skills.map((skill) => [skill.id, skill.name, skill.origin.sourceDir?.slice(fixtures.length)]),
    ).toEqual([
      ['pdf', 'pdf', '/project/.agents/skills'],
      ['release', 'release', '/project/.agents/skills'],
      ['pdf', 'pdf', '/project/.claude/skills'],
    ]);
    expect(result.invalid.map((entry) => entry.directory.slice(fixtures.length))).toEqual([
      '/project/.qwen/skills/no-description',
    ]);
  });
});
