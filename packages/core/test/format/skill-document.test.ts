import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UserInputError } from '../../src/errors.js';
import { parseSkill } from '../../src/format/parse-skill.js';
import { editSkillDocument, readSkillDocument, writeSkillDocument } from '../../src/format/skill-document.js';
import { createSkillTemplate } from '../../src/format/skill-template.js';
import { FIXTURES } from './format-test-helpers.js';

const ROUND_TRIP = path.join(FIXTURES, 'skills/round-trip/SKILL.md');

/** The round-trip fixture rewritten with CRLF line endings and a BOM. */
async function crlfWithBom(): Promise<Buffer> {
  const text = (await readFile(ROUND_TRIP, 'utf8')).replace(/\n/g, '\r\n');
  return Buffer.from(`\uFEFF${text}`, 'utf8');
}

describe('S5 round trip of a SKILL.md', () => {
  it('S5 reading then writing the round-trip fixture is byte-identical', async () => {
    const bytes = await readFile(ROUND_TRIP);
    const written = writeSkillDocument(readSkillDocument(bytes));
    expect(Buffer.from(written, 'utf8').equals(bytes)).toBe(true);
  });

  it('S5 reading then writing a CRLF file with a BOM is byte-identical', async () => {
    const bytes = await crlfWithBom();
    const written = writeSkillDocument(readSkillDocument(bytes));
    expect(Buffer.from(written, 'utf8').equals(bytes)).toBe(true);
  });

  it('S5 the round-trip fixture is a valid lenient skill whose version 1.0 stays "1.0"', async () => {
    const result = parseSkill(await readFile(ROUND_TRIP), { folderName: 'round-trip' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.skill.fields.version).toBe('1.0');
    expect(Object.keys(result.skill.frontmatter)).toEqual([
      'description',
      'name',
      'x-internal-owner',
      'metadata',
      'paths',
      'version',
      'unknown_list',
    ]);
    expect(result.skill.body).toBe('# Round trip\n\nBody text with trailing spaces   \nand no final newline');
  });

  it('S5 editing one field changes only that field: other values, unknown fields, order, comments and body stay', async () => {
    const original = await readFile(ROUND_TRIP, 'utf8');
    const edited = writeSkillDocument(
      editSkillDocument(readSkillDocument(original), { fields: { 'x-internal-owner': 'team-docs' } }),
    );
    const before = parseSkill(original, { folderName: 'round-trip' });
    const after = parseSkill(edited, { folderName: 'round-trip' });
    expect(before.ok && after.ok).toBe(true);
    if (!before.ok || !after.ok) return;
    expect(after.skill.frontmatter).toEqual({ ...before.skill.frontmatter, 'x-internal-owner': 'team-docs' });
    expect(Object.keys(after.skill.frontmatter)).toEqual(Object.keys(before.skill.frontmatter));
    expect(after.skill.body).toBe(before.skill.body);
    expect(after.skill.fields.version).toBe('1.0');
    expect(edited).toContain('# A comment before the first field');
    expect(edited).toContain('# trailing comment');
  });

  it('S5 on a plainly formatted file an edit changes exactly the edited line', () => {
    const text = [
      '---',
      '# owner: docs team',
      'name: pdf',
      'description: Reads PDFs. # short',
      'x-team: a',
      'metadata:',
      '  author: me',
      'paths:',
      '  - src/**',
      '---',
      'Body  ',
      '',
    ].join('\n');
    const edited = writeSkillDocument(
      editSkillDocument(readSkillDocument(text), { fields: { 'x-team': 'b' } }),
    );
    expect(edited).toBe(text.replace('x-team: a', 'x-team: b'));
  });

  it('S5 editing keeps CRLF line endings, the BOM and the body bytes', async () => {
    const bytes = await crlfWithBom();
    const edited = writeSkillDocument(
      editSkillDocument(readSkillDocument(bytes), { fields: { 'x-internal-owner': 'team-docs' } }),
    );
    expect(edited.startsWith('\uFEFF---\r\n')).toBe(true);
    expect(edited.replace(/\r\n/g, '')).not.toContain('\n');
    expect(edited).toContain('x-internal-owner: team-docs\r\n');
    expect(
      edited.endsWith('---\r\n# Round trip\r\n\r\nBody text with trailing spaces   \r\nand no final newline'),
    ).toBe(true);
  });

  it('S5 a new field goes last and a field set to undefined is removed', () => {
    const text = '---\nname: pdf\ndescription: d # why\nlicense: MIT\n---\nBody\n';
    const edited = writeSkillDocument(
      editSkillDocument(readSkillDocument(text), { fields: { license: undefined, priority: 2 } }),
    );
    expect(edited).toBe('---\nname: pdf\ndescription: d # why\npriority: 2\n---\nBody\n');
  });

  it('S5 editing the body changes only the body', () => {
    const text = '---\nname: pdf\ndescription: d\n---\nOld body\n';
    const document = readSkillDocument(text);
    const edited = writeSkillDocument(editSkillDocument(document, { body: 'New body\n' }));
    expect(edited).toBe('---\nname: pdf\ndescription: d\n---\nNew body\n');
    // The document that was edited from is unchanged.
    expect(writeSkillDocument(document)).toBe(text);
  });

  it('S5 reading a file without frontmatter or with broken YAML throws UserInputError with a code', () => {
    expect(() => readSkillDocument('# no frontmatter\n')).toThrow(
      expect.objectContaining({ code: 'frontmatter_missing' }),
    );
    try {
      readSkillDocument('---\nname: [\n---\n');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(UserInputError);
      expect((error as UserInputError).code).toBe('yaml_syntax');
    }
  });
});

describe('S5 skills new <name> writes a valid template', () => {
  it('S5 the template for my-skill passes the spec profile with strict, without any finding', () => {
    const result = parseSkill(createSkillTemplate('my-skill'), {
      profile: 'spec',
      strict: true,
      folderName: 'my-skill',
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.ok && result.skill.name).toBe('my-skill');
    expect(result.ok && result.skill.body).toContain('# my-skill');
  });

  it('S5 a given description with YAML-special characters survives the template', () => {
    const description = 'Use when: the user says "#1" — or asks about {braces}';
    const result = parseSkill(createSkillTemplate('my-skill', description), {
      profile: 'spec',
      folderName: 'my-skill',
    });
    expect(result.ok && result.skill.description).toBe(description);
  });

  it('S5 the template round-trips byte for byte', () => {
    const template = createSkillTemplate('my-skill');
    expect(writeSkillDocument(readSkillDocument(template))).toBe(template);
  });
});

describe('S2 S5 reading a hostile document for editing', () => {
  it('S2 S5 refuses 10,000-deep nesting before the YAML parser recurses into it', () => {
    const text = `---\nname: deep\ndescription: d\nx: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n---\n`;
    expect(() => readSkillDocument(text)).toThrow(expect.objectContaining({ code: 'yaml_too_deep' }));
  });
});
