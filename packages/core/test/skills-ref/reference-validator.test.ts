import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateSkillsRef } from '../../src/format/skills-ref/validate-skills-ref.js';
import { temporaryRoot, writeSkill } from './skill-folders.js';

/** Writes `<folder>/SKILL.md` with a name and extra frontmatter lines, then validates the folder. */
async function validateWith(folder: string, frontmatter: string): Promise<readonly string[]> {
  const root = await temporaryRoot();
  const directory = await writeSkill(root, folder, `---\n${frontmatter}\n---\nBody\n`);
  return (await validateSkillsRef(directory)).errors;
}

// Ports of the reference's tests/test_validator.py, one `it` per Python test.
describe('skills-ref validator (reference test_validator.py)', () => {
  it('S3 skills-ref: a valid skill has no errors', async () => {
    expect(await validateWith('my-skill', 'name: my-skill\ndescription: A test skill')).toEqual([]);
  });

  it('S3 skills-ref: a nonexistent path does not exist', async () => {
    const root = await temporaryRoot();
    const missing = join(root, 'nonexistent');
    expect((await validateSkillsRef(missing)).errors).toEqual([`Path does not exist: ${missing}`]);
  });

  it('S3 skills-ref: a file is not a directory', async () => {
    const root = await temporaryRoot();
    const file = join(root, 'file.txt');
    await writeFile(file, 'test');
    expect((await validateSkillsRef(file)).errors).toEqual([`Not a directory: ${file}`]);
  });

  it('S3 skills-ref: a folder without SKILL.md misses the required file', async () => {
    const root = await temporaryRoot();
    await mkdir(join(root, 'my-skill'));
    expect((await validateSkillsRef(join(root, 'my-skill'))).errors).toEqual([
      'Missing required file: SKILL.md',
    ]);
  });

  it('S3 skills-ref: an uppercase name must be lowercase', async () => {
    const errors = await validateWith('MySkill', 'name: MySkill\ndescription: A test skill');
    expect(errors).toEqual(["Skill name 'MySkill' must be lowercase"]);
  });

  it('S3 skills-ref: a 70-character name exceeds the 64 character limit', async () => {
    const name = 'a'.repeat(70);
    expect(await validateWith(name, `name: ${name}\ndescription: A test skill`)).toEqual([
      `Skill name '${name}' exceeds 64 character limit (70 chars)`,
    ]);
  });

  it('S3 skills-ref: a leading hyphen is refused', async () => {
    expect(await validateWith('-my-skill', 'name: -my-skill\ndescription: A test skill')).toEqual([
      'Skill name cannot start or end with a hyphen',
    ]);
  });

  it('S3 skills-ref: consecutive hyphens are refused', async () => {
    expect(await validateWith('my--skill', 'name: my--skill\ndescription: A test skill')).toEqual([
      'Skill name cannot contain consecutive hyphens',
    ]);
  });

  it('S3 skills-ref: an underscore is an invalid character', async () => {
    expect(await validateWith('my_skill', 'name: my_skill\ndescription: A test skill')).toEqual([
      "Skill name 'my_skill' contains invalid characters. Only letters, digits, and hyphens are allowed.",
    ]);
  });

  it('S3 skills-ref: the folder name must match the skill name', async () => {
    expect(await validateWith('wrong-name', 'name: correct-name\ndescription: A test skill')).toEqual([
      "Directory name 'wrong-name' must match skill name 'correct-name'",
    ]);
  });

  it('S3 skills-ref: unknown fields are unexpected', async () => {
    expect(
      await validateWith(
        'my-skill',
        'name: my-skill\ndescription: A test skill\nunknown_field: should not be here',
      ),
    ).toEqual([
      "Unexpected fields in frontmatter: unknown_field. Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed.",
    ]);
  });

  it('S3 skills-ref: license and metadata are accepted', async () => {
    expect(
      await validateWith(
        'my-skill',
        'name: my-skill\ndescription: A test skill\nlicense: MIT\nmetadata:\n  author: Test',
      ),
    ).toEqual([]);
  });

  it('S3 skills-ref: allowed-tools is accepted', async () => {
    expect(
      await validateWith(
        'my-skill',
        'name: my-skill\ndescription: A test skill\nallowed-tools: Bash(jq:*) Bash(git:*)',
      ),
    ).toEqual([]);
  });

  it('S3 skills-ref: a Chinese name is valid', async () => {
    expect(await validateWith('技能', 'name: 技能\ndescription: A skill with Chinese name')).toEqual([]);
  });

  it('S3 skills-ref: a Russian name with hyphens is valid', async () => {
    expect(
      await validateWith('мой-навык', 'name: мой-навык\ndescription: A skill with Russian name'),
    ).toEqual([]);
  });

  it('S3 skills-ref: a lowercase Russian name is valid', async () => {
    expect(
      await validateWith('навык', 'name: навык\ndescription: A skill with Russian lowercase name'),
    ).toEqual([]);
  });

  it('S3 skills-ref: an uppercase Russian name must be lowercase', async () => {
    expect(
      await validateWith('НАВЫК', 'name: НАВЫК\ndescription: A skill with Russian uppercase name'),
    ).toEqual(["Skill name 'НАВЫК' must be lowercase"]);
  });

  it('S3 skills-ref: a 1100-character description exceeds 1024', async () => {
    expect(await validateWith('my-skill', `name: my-skill\ndescription: ${'x'.repeat(1100)}`)).toEqual([
      'Description exceeds 1024 character limit (1100 chars)',
    ]);
  });

  it('S3 skills-ref: a compatibility string is accepted', async () => {
    expect(
      await validateWith(
        'my-skill',
        'name: my-skill\ndescription: A test skill\ncompatibility: Requires Python 3.11+',
      ),
    ).toEqual([]);
  });

  it('S3 skills-ref: a 550-character compatibility exceeds 500', async () => {
    expect(
      await validateWith(
        'my-skill',
        `name: my-skill\ndescription: A test skill\ncompatibility: ${'x'.repeat(550)}`,
      ),
    ).toEqual(['Compatibility exceeds 500 character limit (550 chars)']);
  });

  it('S3 skills-ref: a decomposed name matches its composed folder after NFKC', async () => {
    expect(await validateWith('caf\u00e9', 'name: cafe\u0301\ndescription: A test skill')).toEqual([]);
  });
});
