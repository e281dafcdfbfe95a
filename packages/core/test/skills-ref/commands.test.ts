import { mkdir, realpath, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skillsRefReadProperties } from '../../src/format/skills-ref/skills-ref-read-properties.js';
import { skillsRefToPrompt } from '../../src/format/skills-ref/skills-ref-to-prompt.js';
import { skillsRefValidate } from '../../src/format/skills-ref/skills-ref-validate.js';
import { temporaryRoot, writeSkill } from './skill-folders.js';

const VALID = '---\nname: pdf\ndescription: Reads PDFs\n---\nBody\n';

describe('skills-ref commands', () => {
  it('S3 skills-ref: validate prints Valid skill with the path as typed, normalised like pathlib', async () => {
    const cwd = await temporaryRoot();
    await writeSkill(cwd, 'pdf', VALID);
    for (const typed of ['pdf', 'pdf/', './pdf', 'pdf//', 'pdf/SKILL.md', './pdf/SKILL.md']) {
      expect(await skillsRefValidate(typed, { cwd })).toEqual({
        stdout: 'Valid skill: pdf\n',
        stderr: '',
        exitCode: 0,
      });
    }
  });

  it('S3 skills-ref: validate lists every error on stderr and exits 1', async () => {
    const cwd = await temporaryRoot();
    await writeSkill(cwd, 'pdf', '---\nname: PDF--x\ndescription: Reads PDFs\nversion: 1\n---\n');
    expect(await skillsRefValidate('pdf/', { cwd })).toEqual({
      stdout: '',
      stderr:
        "Validation failed for pdf:\n  - Unexpected fields in frontmatter: version. Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed.\n  - Skill name 'PDF--x' must be lowercase\n  - Skill name cannot contain consecutive hyphens\n  - Directory name 'pdf' must match skill name 'PDF--x'\n",
      exitCode: 1,
    });
  });

  it('S3 skills-ref: a missing path is a click-shaped usage error with exit 2', async () => {
    const cwd = await temporaryRoot();
    expect(await skillsRefValidate('nope/', { cwd })).toEqual({
      stdout: '',
      stderr:
        "Usage: skilldock skills validate [OPTIONS] SKILL_PATH\nTry 'skilldock skills validate --help' for help.\n\nError: Invalid value for 'SKILL_PATH': Path 'nope/' does not exist.\n",
      exitCode: 2,
    });
    expect((await skillsRefReadProperties('nope', { cwd })).exitCode).toBe(2);
    const prompt = await skillsRefToPrompt(['nope'], { cwd });
    expect(prompt.stderr).toContain("Error: Invalid value for 'SKILL_PATHS...': Path 'nope' does not exist.");
    expect(prompt).toMatchObject({ stdout: '', exitCode: 2 });
    expect((await skillsRefToPrompt([], { cwd })).stderr).toContain(
      "Error: Missing argument 'SKILL_PATHS...'.",
    );
  });

  it('S3 skills-ref: validate of "." compares against an empty folder name, as pathlib does', async () => {
    const cwd = await temporaryRoot();
    const directory = await writeSkill(cwd, 'pdf', VALID);
    expect(await skillsRefValidate('.', { cwd: directory })).toMatchObject({
      stderr: "Validation failed for .:\n  - Directory name '' must match skill name 'pdf'\n",
      exitCode: 1,
    });
    expect(await skillsRefValidate('SKILL.md', { cwd: directory })).toMatchObject({
      stderr: expect.stringContaining('Validation failed for .:'),
    });
  });

  it('S3 skills-ref: a file that is not SKILL.md is not a directory', async () => {
    const cwd = await temporaryRoot();
    await writeSkill(cwd, 'pdf', VALID, 'notes.txt');
    expect(await skillsRefValidate('pdf/notes.txt', { cwd })).toMatchObject({
      stderr: 'Validation failed for pdf/notes.txt:\n  - Not a directory: pdf/notes.txt\n',
      exitCode: 1,
    });
    expect(await skillsRefReadProperties('pdf/notes.txt', { cwd })).toMatchObject({
      stderr: 'Error: SKILL.md not found in pdf/notes.txt\n',
      exitCode: 1,
    });
  });

  it('S3 skills-ref: read-properties prints ordered, ASCII-escaped JSON', async () => {
    const cwd = await temporaryRoot();
    await writeSkill(
      cwd,
      'pdf',
      '---\nmetadata:\n  zeta: 1\n  nested:\n    - a\nallowed-tools: Read\ncompatibility: ~\nlicense: MIT\ndescription: "  Lit \u00e9 😀  "\nname: " pdf "\n---\n',
    );
    expect(await skillsRefReadProperties('pdf', { cwd })).toEqual({
      stdout:
        '{\n  "name": "pdf",\n  "description": "Lit \\u00e9 \\ud83d\\ude00",\n  "license": "MIT",\n  "compatibility": "~",\n  "allowed-tools": "Read",\n  "metadata": {\n    "zeta": "1",\n    "nested": "[\'a\']"\n  }\n}\n',
      stderr: '',
      exitCode: 0,
    });
  });

  it('S3 skills-ref: read-properties leaves out absent fields and empty metadata', async () => {
    const cwd = await temporaryRoot();
    await writeSkill(cwd, 'pdf', '---\nname: pdf\ndescription: d\nmetadata:\n---\n');
    expect((await skillsRefReadProperties('pdf', { cwd })).stdout).toBe(
      '{\n  "name": "pdf",\n  "description": "d"\n}\n',
    );
  });

  it('S3 skills-ref: read-properties errors print Error: and exit 1', async () => {
    const cwd = await temporaryRoot();
    await writeSkill(cwd, 'pdf', '---\nname: "  "\ndescription: d\n---\n');
    expect(await skillsRefReadProperties('pdf', { cwd })).toEqual({
      stdout: '',
      stderr: "Error: Field 'name' must be a non-empty string\n",
      exitCode: 1,
    });
  });

  it('S3 skills-ref: to-prompt escapes quotes, resolves symlinks and keeps invalid names', async () => {
    const cwd = await temporaryRoot();
    const directory = await writeSkill(
      cwd,
      'real',
      `---\nname: Not_Valid\ndescription: It's "quoted" & <b>\n---\n`,
      'skill.md',
    );
    await symlink(directory, join(cwd, 'link'));
    const { stdout, exitCode } = await skillsRefToPrompt(['link/'], { cwd });
    expect(exitCode).toBe(0);
    expect(stdout).toContain('<name>\nNot_Valid\n</name>');
    expect(stdout).toContain('<description>\nIt&#x27;s &quot;quoted&quot; &amp; &lt;b&gt;\n</description>');
    expect(stdout).toContain(`<location>\n${await realpath(directory)}/skill.md\n</location>`);
  });

  it('S3 skills-ref: to-prompt stops at the first unreadable skill with nothing on stdout', async () => {
    const cwd = await temporaryRoot();
    await writeSkill(cwd, 'good', VALID);
    await mkdir(join(cwd, 'empty'));
    const resolved = await realpath(join(cwd, 'empty'));
    expect(await skillsRefToPrompt(['good', 'empty'], { cwd })).toEqual({
      stdout: '',
      stderr: `Error: SKILL.md not found in ${resolved}\n`,
      exitCode: 1,
    });
  });

  it('S3 skills-ref: the command path in usage errors can be set', async () => {
    const cwd = await temporaryRoot();
    const result = await skillsRefValidate('missing', { cwd, commandPath: 'skills-ref validate' });
    expect(result.stderr.split('\n').slice(0, 2)).toEqual([
      'Usage: skills-ref validate [OPTIONS] SKILL_PATH',
      "Try 'skills-ref validate --help' for help.",
    ]);
  });
});
