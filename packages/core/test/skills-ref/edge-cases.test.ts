import { execFileSync } from 'node:child_process';
import { mkdir, open, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skillsRefReadProperties } from '../../src/format/skills-ref/skills-ref-read-properties.js';
import { skillsRefValidate } from '../../src/format/skills-ref/skills-ref-validate.js';
import {
  validateSkillsRef,
  validateSkillsRefDiagnostics,
} from '../../src/format/skills-ref/validate-skills-ref.js';
import { temporaryRoot, writeSkill } from './skill-folders.js';

async function errorsFor(
  folder: string,
  content: string | Uint8Array,
  fileName = 'SKILL.md',
): Promise<readonly string[]> {
  const root = await temporaryRoot();
  return (await validateSkillsRef(await writeSkill(root, folder, content, fileName))).errors;
}

describe('skills-ref edge cases', () => {
  it('S3 skills-ref: NFKC folds full-width letters before the checks and the folder match', async () => {
    expect(await errorsFor('pdf', '---\nname: ｐｄｆ\ndescription: d\n---\n')).toEqual([]);
    expect(await errorsFor('ｐｄｆ', '---\nname: pdf\ndescription: d\n---\n')).toEqual([]);
  });

  it('S3 skills-ref: combining marks that NFKC cannot compose are invalid characters', async () => {
    expect(await errorsFor('x\u0301', '---\nname: x\u0301\ndescription: d\n---\n')).toEqual([
      "Skill name 'x\u0301' contains invalid characters. Only letters, digits, and hyphens are allowed.",
    ]);
  });

  it('S3 skills-ref: lengths count code points, so 1000 emoji fit and 1025 do not', async () => {
    expect(await errorsFor('pdf', `---\nname: pdf\ndescription: ${'😀'.repeat(1000)}\n---\n`)).toEqual([]);
    expect(await errorsFor('pdf', `---\nname: pdf\ndescription: ${'😀'.repeat(1025)}\n---\n`)).toEqual([
      'Description exceeds 1024 character limit (1025 chars)',
    ]);
  });

  it('S3 skills-ref: a literal block keeps its final newline in the description length', async () => {
    expect(await errorsFor('pdf', `---\nname: pdf\ndescription: |\n  ${'x'.repeat(1024)}\n---\n`)).toEqual([
      'Description exceeds 1024 character limit (1025 chars)',
    ]);
  });

  it('S3 skills-ref: a byte-order mark means the file does not start with ---', async () => {
    expect(await errorsFor('pdf', '\ufeff---\nname: pdf\ndescription: d\n---\n')).toEqual([
      'SKILL.md must start with YAML frontmatter (---)',
    ]);
    expect(await errorsFor('pdf', '\n---\nname: pdf\ndescription: d\n---\n')).toEqual([
      'SKILL.md must start with YAML frontmatter (---)',
    ]);
  });

  it('S3 skills-ref: CRLF line endings read like LF (universal newlines)', async () => {
    expect(
      await errorsFor('pdf', '---\r\nname: pdf\r\ndescription: |\r\n  two\r\n  lines\r\n---\r\nBody\r\n'),
    ).toEqual([]);
  });

  it('S3 skills-ref: --- anywhere ends the frontmatter', async () => {
    const root = await temporaryRoot();
    await writeSkill(root, 'pdf', '---\nname: pdf\ndescription: a --- b\n---\n');
    expect(JSON.parse((await skillsRefReadProperties('pdf', { cwd: root })).stdout).description).toBe('a');
    expect(await errorsFor('a---b', '---\nname: a---b\ndescription: d\n---\n')).toEqual([
      "Directory name 'a---b' must match skill name 'a'",
      'Missing required field in frontmatter: description',
    ]);
  });

  it('S3 skills-ref: skill.md is used when SKILL.md is absent and a Skill.md path stands for its folder', async () => {
    const root = await temporaryRoot();
    await writeSkill(root, 'pdf', '---\nname: pdf\ndescription: d\n---\n', 'skill.md');
    await writeSkill(root, 'csv', '---\nname: csv\ndescription: d\n---\n', 'Skill.md');
    expect(await skillsRefValidate('pdf/skill.md', { cwd: root })).toMatchObject({
      stdout: 'Valid skill: pdf\n',
      exitCode: 0,
    });
    expect(await skillsRefValidate('csv/Skill.md', { cwd: root })).toMatchObject({
      stderr: 'Validation failed for csv:\n  - Missing required file: SKILL.md\n',
    });
  });

  it('S3 skills-ref: missing fields are all reported, in order', async () => {
    expect(await errorsFor('pdf', '---\nother: x\n---\n')).toEqual([
      "Unexpected fields in frontmatter: other. Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed.",
      'Missing required field in frontmatter: name',
      'Missing required field in frontmatter: description',
    ]);
  });

  it('S3 skills-ref: non-string name, description and compatibility are refused', async () => {
    expect(await errorsFor('pdf', '---\nname:\n  - a\ndescription:\ncompatibility:\n  k: v\n---\n')).toEqual([
      "Field 'name' must be a non-empty string",
      "Field 'description' must be a non-empty string",
      "Field 'compatibility' must be a string",
    ]);
  });

  it('S3 skills-ref: diagnostics carry codes, the file, and the line and column of the field', async () => {
    const root = await temporaryRoot();
    await writeSkill(root, 'pdf', `---\nname: pdf\ndescription: d\ncompatibility: ${'x'.repeat(501)}\n---\n`);
    expect(await validateSkillsRefDiagnostics('pdf/', { cwd: root })).toEqual([
      {
        code: 'compatibility_too_long',
        severity: 'error',
        message: 'Compatibility exceeds 500 character limit (501 chars)',
        file: 'pdf/SKILL.md',
        line: 4,
        column: 16,
        path: ['compatibility'],
      },
    ]);
    await writeSkill(root, 'bad', '---\nname: bad\n\ndescription: [x]\n---\n');
    const [yaml] = await validateSkillsRefDiagnostics('bad', { cwd: root });
    expect(yaml).toMatchObject({ code: 'yaml_invalid', file: 'bad/SKILL.md', line: 4, column: 14 });
  });
});

describe('skills-ref hostile input', () => {
  it('S3 skills-ref: NUL bytes in the frontmatter give a diagnostic, and the crash line the reference prints', async () => {
    const root = await temporaryRoot();
    await writeSkill(root, 'pdf', '---\nname: p\u0000df\ndescription: d\n---\n');
    expect(await skillsRefValidate('pdf', { cwd: root })).toEqual({
      stdout: '',
      stderr: "AttributeError: 'ReaderError' object has no attribute 'context_mark'\n",
      exitCode: 1,
    });
    const [diagnostic] = await validateSkillsRefDiagnostics('pdf', { cwd: root });
    expect(diagnostic).toMatchObject({ code: 'yaml_invalid', line: 2, column: 8 });
  });

  it('S3 skills-ref: invalid UTF-8 fails like Python decoding does', async () => {
    const root = await temporaryRoot();
    await writeSkill(root, 'pdf', new Uint8Array([0x2d, 0x2d, 0x2d, 0x0a, 0xff, 0x0a]));
    expect(await skillsRefReadProperties('pdf', { cwd: root })).toEqual({
      stdout: '',
      stderr: "UnicodeDecodeError: 'utf-8' codec can't decode byte 0xff in position 4: invalid start byte\n",
      exitCode: 1,
    });
  });

  it('S3 skills-ref: a 100 MB SKILL.md is refused without being read', async () => {
    const root = await temporaryRoot();
    const directory = await writeSkill(root, 'pdf', '---\n');
    const handle = await open(join(directory, 'SKILL.md'), 'r+');
    await handle.truncate(100 * 1024 * 1024);
    await handle.close();
    expect(await validateSkillsRef(directory)).toEqual({
      errors: [`${directory}/SKILL.md is 104857600 bytes, more than the 4194304 bytes allowed`],
    });
  });

  it('S3 skills-ref: a FIFO named SKILL.md does not hang', async () => {
    const root = await temporaryRoot();
    const directory = join(root, 'pdf');
    await mkdir(directory);
    execFileSync('mkfifo', [join(directory, 'SKILL.md')]);
    expect(await skillsRefValidate('pdf', { cwd: root })).toEqual({
      stdout: '',
      stderr: 'Validation failed for pdf:\n  - pdf/SKILL.md is not a regular file\n',
      exitCode: 1,
    });
  });

  it('S3 skills-ref: a SKILL.md linked to /etc/passwd is read like the reference, without echoing it', async () => {
    const root = await temporaryRoot();
    const directory = join(root, 'pdf');
    await mkdir(directory);
    await symlink('/etc/passwd', join(directory, 'SKILL.md'));
    const result = await skillsRefValidate('pdf', { cwd: root });
    expect(result).toEqual({
      stdout: '',
      stderr: 'Validation failed for pdf:\n  - SKILL.md must start with YAML frontmatter (---)\n',
      exitCode: 1,
    });
  });

  it('S3 skills-ref: a folder named SKILL.md fails like the reference (IsADirectoryError)', async () => {
    const root = await temporaryRoot();
    await mkdir(join(root, 'pdf', 'SKILL.md'), { recursive: true });
    await writeFile(join(root, 'pdf', 'skill.md'), '---\nname: pdf\ndescription: d\n---\n');
    expect(await skillsRefValidate('pdf', { cwd: root })).toEqual({
      stdout: '',
      stderr: "IsADirectoryError: [Errno 21] Is a directory: 'pdf/SKILL.md'\n",
      exitCode: 1,
    });
  });
});
