import { describe, expect, it } from 'vitest';
import { parseSkill } from '../../src/format/parse-skill.js';
import { skillText } from './format-test-helpers.js';

/** Parses under `spec` with the folder named after the skill unless told otherwise. */
function parseSpec(fields: readonly string[], options: { folderName?: string; strict?: boolean } = {}) {
  const name = /^name: (.*)$/m.exec(fields.join('\n'))?.[1];
  return parseSkill(skillText(fields), {
    profile: 'spec',
    folderName: options.folderName ?? name?.replace(/^"|"$/g, '') ?? 'skill',
    ...(options.strict === undefined ? {} : { strict: options.strict }),
  });
}

const errorCodes = (result: ReturnType<typeof parseSkill>) =>
  result.diagnostics
    .filter((diagnostic) => diagnostic.severity === 'error')
    .map((diagnostic) => diagnostic.code);

describe('S3 spec profile: name', () => {
  it.each([
    ['a single letter', 'a'],
    ['digits and hyphens', 'pdf-2-text'],
    ['64 code points', 'a'.repeat(64)],
    ['only digits, quoted so YAML reads a string', '"123"'],
  ])('S3 spec: accepts %s', (_label, name) => {
    expect(parseSpec([`name: ${name}`, 'description: d']).ok).toBe(true);
  });

  it.each([
    ['rejects 65 code points', 'a'.repeat(65), 'name_too_long'],
    ['rejects uppercase', 'PDF', 'name_not_lowercase'],
    ['rejects a leading hyphen', '-pdf', 'name_hyphen_edge'],
    ['rejects a trailing hyphen', 'pdf-', 'name_hyphen_edge'],
    ['rejects consecutive hyphens', 'pdf--tools', 'name_consecutive_hyphens'],
    ['rejects an underscore', 'pdf_tools', 'name_invalid_characters'],
    ['rejects a colon', 'rust:pdf', 'name_invalid_characters'],
    ['rejects a dot', 'pdf.tools', 'name_invalid_characters'],
    ['rejects a space', '"pdf tools"', 'name_invalid_characters'],
    ['rejects an empty name', '""', 'name_empty'],
  ])('S3 spec: %s', (_label, name, code) => {
    const result = parseSpec([`name: ${name}`, 'description: d']);
    expect(result.ok).toBe(false);
    expect(errorCodes(result)).toContain(code);
  });

  it('S3 spec: a missing name is an error', () => {
    expect(errorCodes(parseSpec(['description: d'], { folderName: 'pdf' }))).toEqual(['name_missing']);
  });

  it('S3 spec: a name that is not a string is an error', () => {
    expect(errorCodes(parseSpec(['name: 12', 'description: d'], { folderName: '12' }))).toEqual([
      'field_type',
    ]);
  });

  it('S3 spec: the name must equal the folder name', () => {
    const result = parseSpec(['name: pdf', 'description: d'], { folderName: 'pdf-tools' });
    expect(errorCodes(result)).toEqual(['name_folder_mismatch']);
  });

  it('S3 spec: name and folder are compared after NFKC (composed vs decomposed é)', () => {
    const composed = 'caf\u00e9';
    const decomposed = 'cafe\u0301';
    expect(parseSpec([`name: ${composed}`, 'description: d'], { folderName: decomposed }).ok).toBe(true);
    expect(parseSpec([`name: ${decomposed}`, 'description: d'], { folderName: composed }).ok).toBe(true);
  });

  it('S3 spec: the name length counts code points, not UTF-16 units', () => {
    // 64 supplementary-plane letters are 128 UTF-16 units but 64 code points.
    const name = '\u{1D4B6}'.repeat(64);
    const result = parseSpec([`name: ${name}`, 'description: d']);
    expect(errorCodes(result)).not.toContain('name_too_long');
    expect(errorCodes(parseSpec([`name: ${'\u{1D4B6}'.repeat(65)}`, 'description: d']))).toContain(
      'name_too_long',
    );
  });
});

describe('S3 spec profile: description, compatibility, license, metadata, allowed-tools', () => {
  it('S3 spec: 1000 emoji pass (2000 UTF-16 units, 1000 code points)', () => {
    const result = parseSpec(['name: pdf', `description: ${'🎉'.repeat(1000)}`]);
    expect(result.ok).toBe(true);
  });

  it('S3 spec: 1024 code points pass and 1025 fail', () => {
    expect(parseSpec(['name: pdf', `description: ${'🎉'.repeat(1024)}`]).ok).toBe(true);
    const result = parseSpec(['name: pdf', `description: ${'d'.repeat(1025)}`]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: 'description_too_long', severity: 'error', line: 3, column: 1 }),
    ]);
  });

  it.each([
    ['missing', ['name: pdf'], 'description_missing'],
    ['empty', ['name: pdf', 'description: ""'], 'description_empty'],
    ['blank', ['name: pdf', 'description: "   "'], 'description_empty'],
    ['a list', ['name: pdf', 'description:', '  - a'], 'field_type'],
  ])('S3 spec: a %s description is an error', (_label, fields, code) => {
    expect(errorCodes(parseSpec(fields))).toEqual([code]);
  });

  it('S3 spec: compatibility is 1–500 code points', () => {
    expect(parseSpec(['name: pdf', 'description: d', `compatibility: ${'é'.repeat(500)}`]).ok).toBe(true);
    expect(
      errorCodes(parseSpec(['name: pdf', 'description: d', `compatibility: ${'c'.repeat(501)}`])),
    ).toEqual(['compatibility_too_long']);
    expect(errorCodes(parseSpec(['name: pdf', 'description: d', 'compatibility: ""']))).toEqual([
      'compatibility_empty',
    ]);
  });

  it('S3 spec: license must be a string', () => {
    expect(parseSpec(['name: pdf', 'description: d', 'license: MIT']).ok).toBe(true);
    expect(errorCodes(parseSpec(['name: pdf', 'description: d', 'license:', '  - MIT']))).toEqual([
      'field_type',
    ]);
  });

  it('S3 spec: metadata is a map of string to string, each bad entry positioned', () => {
    const ok = parseSpec(['name: pdf', 'description: d', 'metadata:', '  author: me', '  version: "2"']);
    expect(ok.ok && ok.skill.fields.metadata).toEqual({ author: 'me', version: '2' });
    const bad = parseSpec([
      'name: pdf',
      'description: d',
      'metadata:',
      '  author: me',
      '  version: 2',
      '  on: true',
    ]);
    expect(bad.diagnostics.map(({ code, path, line, column }) => ({ code, path, line, column }))).toEqual([
      { code: 'field_type', path: ['metadata', 'version'], line: 6, column: 12 },
      { code: 'field_type', path: ['metadata', 'on'], line: 7, column: 7 },
    ]);
    expect(errorCodes(parseSpec(['name: pdf', 'description: d', 'metadata: text']))).toEqual(['field_type']);
  });

  it('S3 spec: allowed-tools is a space-separated string, carried as a list', () => {
    const result = parseSpec(['name: pdf', 'description: d', 'allowed-tools: Read  Bash(git:*)   Write']);
    expect(result.ok && result.skill.fields.allowedTools).toEqual(['Read', 'Bash(git:*)', 'Write']);
    expect(errorCodes(parseSpec(['name: pdf', 'description: d', 'allowed-tools:', '  - Read']))).toEqual([
      'field_type',
    ]);
  });
});

describe('S3 spec profile: unknown fields', () => {
  it('S3 spec: an unknown field is a warning', () => {
    const result = parseSpec(['name: pdf', 'description: d', 'colour: blue']);
    expect(result.ok).toBe(true);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: 'field_unknown',
        severity: 'warning',
        line: 4,
        column: 1,
        path: ['colour'],
      }),
    ]);
  });

  it('S3 spec: an unknown field is an error with strict', () => {
    const result = parseSpec(['name: pdf', 'description: d', 'colour: blue'], { strict: true });
    expect(result.ok).toBe(false);
    expect(errorCodes(result)).toEqual(['field_unknown']);
  });

  it('S3 spec: host extension fields are unknown fields, warned about but never rejected', () => {
    const result = parseSpec([
      'name: pdf',
      'description: d',
      'user-invocable: "yes"',
      'slug: Not_A_Slug',
      'paths:',
      '  - /etc/*',
      'priority: high',
    ]);
    expect(result.ok).toBe(true);
    expect(result.diagnostics.every((diagnostic) => diagnostic.severity !== 'error')).toBe(true);
    expect(result.diagnostics.filter((diagnostic) => diagnostic.code === 'field_unknown')).toHaveLength(4);
    if (!result.ok) return;
    // A slug that is not a valid id never becomes the id; an unsafe glob never becomes a path.
    expect(result.skill.id).toBe('pdf');
    expect(result.skill.fields.slug).toBeUndefined();
    expect(result.skill.fields.paths).toBeUndefined();
  });

  it('S3 spec: host extension fields are errors with strict', () => {
    const result = parseSpec(['name: pdf', 'description: d', 'priority: 1'], { strict: true });
    expect(errorCodes(result)).toEqual(['field_unknown']);
  });
});
