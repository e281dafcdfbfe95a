import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildCatalog } from '../../src/catalog/build-catalog.js';
import { defineSkill } from '../../src/format/define-skill.js';
import { createSkillSession } from '../../src/runtime/create-skill-session.js';
import { copyRuntimeProject, type RuntimeProject, readSkillResource } from './runtime-project.js';

let project: RuntimeProject;
beforeEach(async () => {
  project = await copyRuntimeProject();
});
afterEach(() => project.remove());

const read = (args: Record<string, unknown>) => readSkillResource(project, args);

describe('read_skill_resource', () => {
  it('R4 reads a supporting file at its virtual path', async () => {
    const result = await read({ path: '/.skills/pdf-forms/references/FIELDS.md' });
    expect(result).toEqual({
      isError: false,
      content:
        '# Field names\n\nUse the exact field name shown by `inspect`.\nCheckboxes take "Yes" or "Off".\n',
    });
  });

  it('R4 accepts the percent-encoded and the decoded spelling of the same file', async () => {
    const encoded = await read({ path: '/.skills/pdf-forms/references/release%20notes.md' });
    const decoded = await read({ path: '/.skills/pdf-forms/references/release notes.md' });
    expect(encoded.isError).toBe(false);
    expect(encoded.content).toContain('space in its name');
    expect(decoded).toEqual(encoded);
  });

  it('R4 accepts a path relative to the skill folder together with an id', async () => {
    const result = await read({ id: 'pdf-forms', path: 'scripts/fill_form.py' });
    expect(result.content).toContain('print("filling"');
  });

  it.each([
    ['../traversal', '/.skills/pdf-forms/../charts/SKILL.md'],
    ['encoded traversal', '/.skills/pdf-forms/%2e%2e/charts/SKILL.md'],
    ['an absolute real path', '/etc/passwd'],
    ['a NUL byte', '/.skills/pdf-forms/references/FIELDS.md\u0000.txt'],
    ['an encoded NUL byte', '/.skills/pdf-forms/references/FIELDS.md%00'],
  ])('R4 refuses %s', async (_label, hostile) => {
    const result = await read({ path: hostile });
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/^Cannot read /);
  });

  it('R4 refuses the absolute real path of a file that is inside the skill', async () => {
    const real = path.join(project.skillsDirectory, 'pdf-forms', 'references', 'FIELDS.md');
    expect((await read({ path: real })).isError).toBe(true);
  });

  it('R4 refuses a symlink inside the skill that points out of it, and a symlinked folder', async () => {
    const secret = await project.writeFile('secret.txt', 'TOP SECRET');
    await symlink(secret, path.join(project.skillsDirectory, 'pdf-forms', 'references', 'leak.md'));
    await symlink(path.dirname(secret), path.join(project.skillsDirectory, 'pdf-forms', 'outside'));
    const file = await read({ path: '/.skills/pdf-forms/references/leak.md' });
    const folder = await read({ path: '/.skills/pdf-forms/outside/secret.txt' });
    for (const result of [file, folder]) {
      expect(result.isError).toBe(true);
      expect(result.content).toContain('Symbolic links');
      expect(result.content).not.toContain('TOP SECRET');
    }
  });

  it('R4 refuses a symlink even when it points at another file of the same skill', async () => {
    await symlink('FIELDS.md', path.join(project.skillsDirectory, 'pdf-forms', 'references', 'alias.md'));
    expect((await read({ path: '/.skills/pdf-forms/references/alias.md' })).isError).toBe(true);
  });

  it('R4 reads a huge file in pages of 2000 lines and tells how to continue', async () => {
    const lines = Array.from({ length: 4500 }, (_, index) => `row ${index + 1}`);
    await project.writeFile('.agents/skills/pdf-forms/references/big.csv', `${lines.join('\n')}\n`);
    const first = await read({ path: '/.skills/pdf-forms/references/big.csv' });
    expect(first.content.startsWith('row 1\nrow 2\n')).toBe(true);
    expect(first.content).toContain('row 2000\n');
    expect(first.content).not.toContain('row 2001\n');
    expect(first.content).toContain(
      '[Showing lines 1-2000. The file continues: call read_skill_resource with path "/.skills/pdf-forms/references/big.csv" and offset 2001 to read more.]',
    );
    const third = await read({ path: '/.skills/pdf-forms/references/big.csv', offset: 4001 });
    expect(third).toEqual({ isError: false, content: `${lines.slice(4000).join('\n')}\n` });
    const small = await read({ path: '/.skills/pdf-forms/references/big.csv', offset: 10, limit: 3 });
    expect(small.content).toContain('row 10\nrow 11\nrow 12\n\n[Showing lines 10-12.');
    const capped = await read({ path: '/.skills/pdf-forms/references/big.csv', limit: 999_999 });
    expect(capped.content).toContain('offset 2001');
  });

  it('R4 caps a page at 50 KB even when it has fewer than 2000 lines', async () => {
    const line = `${'x'.repeat(999)}\n`;
    await project.writeFile('.agents/skills/pdf-forms/references/wide.txt', line.repeat(200));
    const result = await read({ path: '/.skills/pdf-forms/references/wide.txt' });
    const shown = result.content.slice(0, result.content.indexOf('\n\n['));
    expect(Buffer.byteLength(shown)).toBeLessThanOrEqual(50 * 1024);
    expect(result.content).toContain('offset 52 to read more');
  });

  it('R4 describes a binary file instead of dumping it', async () => {
    const result = await read({ path: '/.skills/pdf-forms/assets/logo.png' });
    expect(result.isError).toBe(false);
    expect(result.content).toContain('/.skills/pdf-forms/assets/logo.png is a binary file (33 bytes)');
    expect(result.content).not.toContain('PNG');
  });

  it('R4 reports a missing file and a folder as errors the model can read', async () => {
    expect(await read({ path: '/.skills/pdf-forms/references/none.md' })).toEqual({
      isError: true,
      content: 'Cannot read /.skills/pdf-forms/references/none.md: No such file in this skill.',
    });
    expect((await read({ path: '/.skills/pdf-forms/references' })).content).toContain('a folder');
    expect((await read({ path: '/.skills/ghost/x.md' })).content).toContain('There is no skill named ghost');
  });

  it('R4 D4 refuses the files of a skill the model may not see', async () => {
    await mkdir(path.join(project.skillsDirectory, 'deploy', 'scripts'), { recursive: true });
    await writeFile(path.join(project.skillsDirectory, 'deploy', 'scripts', 'ship.sh'), 'echo ship\n');
    const result = await read({ path: '/.skills/deploy/scripts/ship.sh' });
    expect(result.isError).toBe(true);
    expect(result.content).toContain('disable-model-invocation');
  });

  it('R4 serves the files of an inline skill from memory', async () => {
    const inline = defineSkill({
      name: 'refunds',
      description: 'Handle refunds.',
      instructions: 'Read POLICY.md first.',
      files: { 'POLICY.md': 'Refund within 30 days.\n' },
    });
    const session = await createSkillSession({ catalog: buildCatalog([inline]) });
    const activation = await session.handleToolCall('activate_skill', { name: 'refunds' });
    expect(activation.content).toContain('Base directory: /.skills/refunds');
    expect(activation.content).toContain('- /.skills/refunds/POLICY.md');
    expect(
      await session.handleToolCall('read_skill_resource', { path: '/.skills/refunds/POLICY.md' }),
    ).toEqual({
      isError: false,
      content: 'Refund within 30 days.\n',
    });
  });

  it('R4 R5 an inline skill serves a SKILL.md written from its fields, and reading it activates the skill', async () => {
    const inline = defineSkill({
      name: 'escalation',
      description: 'Hand over to a human.',
      instructions: 'Summarise the case.\n',
    });
    const session = await createSkillSession({ catalog: buildCatalog([inline]) });
    // No skill has files, so no read_skill_resource: the host's read_file asks the session the same way.
    const read = await session.readSkillResource({ path: '/.skills/escalation/SKILL.md' });
    expect(read).toEqual({
      isError: false,
      content: '---\nname: escalation\ndescription: Hand over to a human.\n---\nSummarise the case.\n',
    });
    expect(session.isActive('escalation')).toBe(true);
  });

  it('R4 serves in-memory bytes (base64) read-only: binary described, text paged, a host gets a copy', async () => {
    const inline = defineSkill({
      name: 'logos',
      description: 'Brand logos.',
      instructions: 'See the files.',
    });
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]);
    const skill = Object.freeze({
      ...inline,
      files: Object.freeze([
        { path: 'logo.png', size: png.length },
        { path: 'notes.txt', size: 12 },
      ]),
      inlineFiles: Object.freeze({
        'logo.png': { encoding: 'base64' as const, data: Buffer.from(png).toString('base64') },
        'notes.txt': {
          encoding: 'base64' as const,
          data: Buffer.from('one\ntwo\nthree\n').toString('base64'),
        },
      }),
    });
    const session = await createSkillSession({ catalog: buildCatalog([skill]) });
    await session.handleToolCall('activate_skill', { name: 'logos' });
    expect(await session.handleToolCall('read_skill_resource', { path: '/.skills/logos/logo.png' })).toEqual({
      isError: false,
      content: '/.skills/logos/logo.png is a binary file (8 bytes); its contents are not shown.',
    });
    const page = await session.handleToolCall('read_skill_resource', {
      path: '/.skills/logos/notes.txt',
      offset: 2,
      limit: 1,
    });
    expect(page.content).toMatch(
      /^two\n\n\[Showing lines 2-2\. The file continues: .* offset 3 to read more\.\]$/,
    );
    const resolved = await session.resolveSkillResourcePath('/.skills/logos/logo.png');
    expect(resolved.ok && resolved.bytes).toEqual(png);
    if (resolved.ok && resolved.bytes) resolved.bytes[0] = 0;
    const again = await session.resolveSkillResourcePath('/.skills/logos/logo.png');
    expect(again.ok && again.bytes?.[0]).toBe(0x89);
  });

  it('R4 lets a host read_file resolve the same virtual paths and get the same answer', async () => {
    const session = await createSkillSession({ catalog: await project.catalog() });
    const resolved = await session.resolveSkillResourcePath(
      '/.skills/pdf-forms/references/release%20notes.md',
    );
    expect(resolved).toEqual({
      ok: true,
      skillId: 'pdf-forms',
      file: 'references/release notes.md',
      virtualPath: '/.skills/pdf-forms/references/release notes.md',
      absolutePath: path.join(project.skillsDirectory, 'pdf-forms', 'references', 'release notes.md'),
    });
    const viaHost = await session.readSkillResource({ path: '/.skills/pdf-forms/references/FIELDS.md' });
    const viaTool = await session.handleToolCall('read_skill_resource', {
      path: '/.skills/pdf-forms/references/FIELDS.md',
    });
    expect(viaHost).toEqual(viaTool);
    expect(await session.resolveSkillResourcePath('/.skills/pdf-forms/../../x')).toMatchObject({
      ok: false,
      code: 'skill_path_traversal',
    });
  });

  it('R4 never writes: the tool has no write mode and unknown arguments are ignored', async () => {
    const before = await read({ path: '/.skills/pdf-forms/references/FIELDS.md' });
    await read({ path: '/.skills/pdf-forms/references/FIELDS.md', content: 'overwritten', mode: 'w' });
    expect(await read({ path: '/.skills/pdf-forms/references/FIELDS.md' })).toEqual(before);
  });

  it('SEC4 R4 a 50 KB line is cut with a note, the lines after it still show, and byte_offset reads the rest', async () => {
    const file = path.join(project.root, '.agents', 'skills', 'pdf-forms', 'references', 'long.md');
    await writeFile(file, `# Long\n${'é'.repeat(25_000)}\nafter the long line\n`);
    const page = await read({ path: '/.skills/pdf-forms/references/long.md' });
    expect(page.isError).toBe(false);
    expect(page.content).toContain('after the long line');
    expect(page.content).toContain(
      'Line 2 continues for 45904 more bytes (50000 in all); call read_skill_resource with path "/.skills/pdf-forms/references/long.md" and byte_offset 4103 to read on.',
    );
    const rest = await read({ path: '/.skills/pdf-forms/references/long.md', byte_offset: 4103 });
    expect(rest.isError).toBe(false);
    expect(rest.content.startsWith('é'.repeat(100))).toBe(true);
    expect(rest.content).toContain('[Bytes 4103-');
    // Inside a character: the text starts at the next whole one.
    const inside = await read({ path: '/.skills/pdf-forms/references/long.md', byte_offset: 4104 });
    expect(inside.content).toMatch(/^é/);
    expect(inside.content).toContain('[Bytes 4105-');
  });

  it('R4 serves a unique case-insensitive match (FIELDS.md asked as fields.md)', async () => {
    const exact = await read({ path: '/.skills/pdf-forms/references/FIELDS.md' });
    const lower = await read({ path: '/.skills/pdf-forms/references/fields.md' });
    expect(lower).toEqual(exact);
    const upperFolder = await read({ path: '/.skills/pdf-forms/REFERENCES/Fields.md' });
    expect(upperFolder).toEqual(exact);
  });

  it('R4 lists the close names when no file matches, or several match ignoring case', async () => {
    expect(await read({ path: '/.skills/pdf-forms/reference/FIELD.md' })).toEqual({
      isError: true,
      content:
        'Cannot read /.skills/pdf-forms/reference/FIELD.md: No such file in this skill. Close names: /.skills/pdf-forms/references/FIELDS.md.',
    });
    const folder = path.join(project.root, '.agents', 'skills', 'pdf-forms', 'references');
    await writeFile(path.join(folder, 'Notes.md'), 'capital\n');
    await writeFile(path.join(folder, 'notes.MD'), 'other\n');
    expect(await read({ path: '/.skills/pdf-forms/references/NOTES.md' })).toEqual({
      isError: true,
      content:
        'Cannot read /.skills/pdf-forms/references/NOTES.md: No such file in this skill. Close names: /.skills/pdf-forms/references/Notes.md, /.skills/pdf-forms/references/notes.MD.',
    });
  });

  it('R4 a case-insensitive match never follows a link', async () => {
    const folder = path.join(project.root, '.agents', 'skills', 'pdf-forms', 'references');
    await writeFile(path.join(project.root, 'secret.txt'), 'TOP SECRET\n');
    await symlink(path.join(project.root, 'secret.txt'), path.join(folder, 'Linked.md'));
    const result = await read({ path: '/.skills/pdf-forms/references/linked.md' });
    expect(result.isError).toBe(true);
    expect(result.content).toContain('No such file in this skill.');
    expect(result.content).not.toContain('TOP SECRET');
  });
});
