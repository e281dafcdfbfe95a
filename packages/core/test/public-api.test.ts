import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as core from '../src/index.js';

function makeProject(): { projectRoot: string; homeDirectory: string } {
  const base = mkdtempSync(path.join(tmpdir(), 'skilldock-api-'));
  const projectRoot = path.join(base, 'project');
  const homeDirectory = path.join(base, 'home');
  const skill = path.join(projectRoot, '.agents', 'skills', 'refunds');
  mkdirSync(path.join(skill, 'references'), { recursive: true });
  mkdirSync(homeDirectory);
  writeFileSync(
    path.join(skill, 'SKILL.md'),
    '---\nname: refunds\ndescription: Handle refund requests. Use when a customer asks for money back.\n---\nRead references/policy.md first.\n',
  );
  writeFileSync(path.join(skill, 'references', 'policy.md'), 'Refunds within 30 days.\n');
  return { projectRoot, homeDirectory };
}

describe('the public API of @skilldock/core', () => {
  it('I1 exports every entry point the spec names', () => {
    for (const name of [
      'parseSkill',
      'validateSkill',
      'discoverSkills',
      'buildCatalog',
      'defineSkill',
      'createSkillSession',
    ]) {
      expect(typeof (core as Record<string, unknown>)[name], name).toBe('function');
    }
  });

  it('I1 parse, validate, discover, catalog and activate work together through the index', async () => {
    const { projectRoot, homeDirectory } = makeProject();
    const parsed = core.parseSkill('---\nname: x\ndescription: y\n---\n', {
      folderName: 'x',
      profile: 'spec',
    });
    expect(parsed.ok).toBe(true);
    const validation = await core.validateSkill(path.join(projectRoot, '.agents', 'skills', 'refunds'), {
      profile: 'spec',
    });
    expect(validation).toEqual({ valid: true, diagnostics: [] });

    const inline = core.defineSkill({
      name: 'greeting',
      description: 'Greet people. Use when saying hello.',
      instructions: 'Say hello.',
    });
    const discovery = await core.discoverSkills({
      projectRoot,
      homeDirectory,
      trusted: true,
      sessionSkills: [inline],
    });
    const catalog = core.buildCatalog(discovery.skills, { projectRoot });
    expect(catalog.skills.map((skill) => skill.id)).toEqual(['greeting', 'refunds']);

    const session = await core.createSkillSession({ catalog, mode: 'stable' });
    expect(session.tools.map((tool) => tool.name)).toEqual(['activate_skill', 'read_skill_resource']);
    const activation = await session.handleToolCall('activate_skill', { name: 'refunds' });
    expect(activation.isError).toBe(false);
    expect(activation.content).toContain('Read references/policy.md first.');
    expect(activation.content).toContain('/.skills/refunds/references/policy.md');
    const resource = await session.handleToolCall('read_skill_resource', {
      path: '/.skills/refunds/references/policy.md',
    });
    expect(resource.content).toContain('Refunds within 30 days.');
  });

  it('I1 a broken skill is data, not an exception, at every stage', async () => {
    const { projectRoot, homeDirectory } = makeProject();
    const broken = path.join(projectRoot, '.agents', 'skills', 'broken');
    mkdirSync(broken);
    writeFileSync(path.join(broken, 'SKILL.md'), '---\nname: broken\n---\n');
    const validation = await core.validateSkill(broken);
    expect(validation.valid).toBe(false);
    expect(validation.diagnostics.map((diagnostic) => diagnostic.code)).toContain('description_missing');
    const discovery = await core.discoverSkills({ projectRoot, homeDirectory, trusted: true });
    expect(discovery.invalid.map((item) => path.basename(item.directory))).toEqual(['broken']);
    expect(core.buildCatalog(discovery.skills).skills.map((skill) => skill.id)).toEqual(['refunds']);
  });
});
