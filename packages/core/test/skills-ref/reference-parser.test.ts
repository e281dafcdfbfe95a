import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findSkillsRefSkillFile } from '../../src/format/skills-ref/find-skills-ref-skill-file.js';
import { parseSkillsRefFrontmatter } from '../../src/format/skills-ref/parse-skills-ref-frontmatter.js';
import { readSkillsRefProperties } from '../../src/format/skills-ref/read-skills-ref-properties.js';
import { skillsRefPropertiesToJson } from '../../src/format/skills-ref/skills-ref-properties.js';
import { temporaryRoot, writeSkill } from './skill-folders.js';

// Ports of the reference's tests/test_parser.py, one `it` per Python test.
describe('skills-ref parser (reference test_parser.py)', () => {
  it('S3 skills-ref: valid frontmatter yields the fields and the body', () => {
    const result = parseSkillsRefFrontmatter(
      '---\nname: my-skill\ndescription: A test skill\n---\n# My Skill\n\nInstructions here.\n',
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.metadata.get('name')).toBe('my-skill');
    expect(result.metadata.get('description')).toBe('A test skill');
    expect(result.body).toContain('# My Skill');
  });

  it('S3 skills-ref: missing frontmatter must start with ---', () => {
    const result = parseSkillsRefFrontmatter('# No frontmatter here');
    expect(result).toMatchObject({ ok: false, message: 'SKILL.md must start with YAML frontmatter (---)' });
  });

  it('S3 skills-ref: unclosed frontmatter is not properly closed', () => {
    const result = parseSkillsRefFrontmatter('---\nname: my-skill\ndescription: A test skill\n');
    expect(result).toMatchObject({ ok: false, message: 'SKILL.md frontmatter not properly closed with ---' });
  });

  it('S3 skills-ref: invalid YAML is reported as Invalid YAML in frontmatter', () => {
    const result = parseSkillsRefFrontmatter('---\nname: [invalid\ndescription: broken\n---\nBody here\n');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message.startsWith('Invalid YAML in frontmatter: ')).toBe(true);
  });

  it('S3 skills-ref: a frontmatter list is not a mapping', () => {
    const result = parseSkillsRefFrontmatter('---\n- just\n- a\n- list\n---\nBody\n');
    expect(result).toMatchObject({ ok: false, message: 'SKILL.md frontmatter must be a YAML mapping' });
  });

  it('S3 skills-ref: read-properties reads name, description and license', async () => {
    const root = await temporaryRoot();
    const directory = await writeSkill(
      root,
      'my-skill',
      '---\nname: my-skill\ndescription: A test skill\nlicense: MIT\n---\n# My Skill\n',
    );
    const result = await readSkillsRefProperties(directory);
    expect(result).toMatchObject({
      ok: true,
      properties: { name: 'my-skill', description: 'A test skill', license: 'MIT' },
    });
  });

  it('S3 skills-ref: read-properties turns metadata values into strings', async () => {
    const root = await temporaryRoot();
    const directory = await writeSkill(
      root,
      'my-skill',
      '---\nname: my-skill\ndescription: A test skill\nmetadata:\n  author: Test Author\n  version: 1.0\n---\nBody\n',
    );
    const result = await readSkillsRefProperties(directory);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.properties.metadata).toEqual(
      new Map([
        ['author', 'Test Author'],
        ['version', '1.0'],
      ]),
    );
  });

  it('S3 skills-ref: read-properties without a skill file says SKILL.md not found', async () => {
    const root = await temporaryRoot();
    const result = await readSkillsRefProperties(root);
    expect(result).toMatchObject({ ok: false, message: `SKILL.md not found in ${root}` });
  });

  it('S3 skills-ref: read-properties requires name', async () => {
    const root = await temporaryRoot();
    const directory = await writeSkill(root, 'my-skill', '---\ndescription: A test skill\n---\nBody\n');
    expect(await readSkillsRefProperties(directory)).toEqual({
      ok: false,
      code: 'skill_field_missing',
      message: 'Missing required field in frontmatter: name',
    });
  });

  it('S3 skills-ref: read-properties requires description', async () => {
    const root = await temporaryRoot();
    const directory = await writeSkill(root, 'my-skill', '---\nname: my-skill\n---\nBody\n');
    expect(await readSkillsRefProperties(directory)).toEqual({
      ok: false,
      code: 'skill_field_missing',
      message: 'Missing required field in frontmatter: description',
    });
  });

  it('S3 skills-ref: SKILL.md is preferred over skill.md', async () => {
    const root = await temporaryRoot();
    const directory = await writeSkill(root, 'my-skill', 'uppercase');
    await writeFile(join(directory, 'skill.md'), 'lowercase');
    expect(await findSkillsRefSkillFile(directory)).toBe('SKILL.md');
  });

  it('S3 skills-ref: skill.md is accepted when SKILL.md is absent', async () => {
    const root = await temporaryRoot();
    const directory = await writeSkill(root, 'my-skill', 'lowercase', 'skill.md');
    expect((await findSkillsRefSkillFile(directory))?.toLowerCase()).toBe('skill.md');
  });

  it('S3 skills-ref: no skill file is found in an empty folder', async () => {
    const root = await temporaryRoot();
    const directory = join(root, 'my-skill');
    await mkdir(directory);
    expect(await findSkillsRefSkillFile(directory)).toBeUndefined();
  });

  it('S3 skills-ref: read-properties works with a lowercase skill.md', async () => {
    const root = await temporaryRoot();
    const directory = await writeSkill(
      root,
      'my-skill',
      '---\nname: my-skill\ndescription: A test skill\n---\n# My Skill\n',
      'skill.md',
    );
    expect(await readSkillsRefProperties(directory)).toMatchObject({
      ok: true,
      properties: { name: 'my-skill', description: 'A test skill' },
    });
  });

  it('S3 skills-ref: allowed-tools is read and printed under its hyphenated key', async () => {
    const root = await temporaryRoot();
    const directory = await writeSkill(
      root,
      'my-skill',
      '---\nname: my-skill\ndescription: A test skill\nallowed-tools: Bash(jq:*) Bash(git:*)\n---\nBody\n',
    );
    const result = await readSkillsRefProperties(directory);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.properties.allowedTools).toBe('Bash(jq:*) Bash(git:*)');
    expect(JSON.parse(skillsRefPropertiesToJson(result.properties))['allowed-tools']).toBe(
      'Bash(jq:*) Bash(git:*)',
    );
  });
});
