import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSkill } from '../../src/format/parse-skill.js';
import { FIXTURES, skillText } from './format-test-helpers.js';

const parseLenient = (fields: readonly string[], folderName?: string) =>
  parseSkill(skillText(fields), folderName === undefined ? {} : { folderName });

const codes = (result: ReturnType<typeof parseSkill>) =>
  result.diagnostics.map((diagnostic) => `${diagnostic.severity}:${diagnostic.code}`);

describe('S3 lenient profile: what a client loads', () => {
  it('S3 lenient is the default profile', () => {
    const result = parseSkill(skillText(['name: Some Name', 'description: d']));
    expect(result.ok).toBe(true);
  });

  it.each([
    ['missing', ['name: pdf']],
    ['empty', ['name: pdf', 'description: ""']],
    ['null', ['name: pdf', 'description:']],
  ])('S3 lenient: skips a skill with a %s description and reports it', (_label, fields) => {
    const result = parseLenient(fields);
    expect(result.ok).toBe(false);
    expect(result.diagnostics.some((diagnostic) => diagnostic.severity === 'error')).toBe(true);
  });

  it('S3 lenient: reports unparseable YAML instead of loading', () => {
    const result = parseLenient(['name: pdf', 'description: a: b']);
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toMatchInlineSnapshot(`
      [
        {
          "code": "yaml_syntax",
          "column": 14,
          "line": 3,
          "message": "Nested mappings are not allowed in compact mappings",
          "severity": "error",
        },
      ]
    `);
  });

  it('S3 lenient: loads a name/folder mismatch with a warning', () => {
    const result = parseLenient(['name: pdf', 'description: d'], 'pdf-tools');
    expect(result.ok).toBe(true);
    expect(codes(result)).toEqual(['warning:name_folder_mismatch']);
  });

  it('S3 lenient: loads an over-long name (65–128) with a warning and derives a 64-character id', () => {
    const name = 'a'.repeat(100);
    const result = parseLenient([`name: ${name}`, 'description: d'], name);
    expect(codes(result)).toEqual(['warning:name_too_long']);
    expect(result.ok && result.skill.name).toBe(name);
    expect(result.ok && result.skill.id).toBe(name);
  });

  it('S3 lenient: a missing name falls back to the folder name with a warning', () => {
    const result = parseLenient(['description: d'], 'pdf');
    expect(result.ok && result.skill.name).toBe('pdf');
    expect(codes(result)).toEqual(['warning:name_missing', 'warning:name_from_folder']);
  });

  it('S3 lenient: a missing name without a folder to fall back on is an error, not a silent skip', () => {
    const result = parseLenient(['description: d']);
    expect(result.ok).toBe(false);
    expect(codes(result)).toEqual(['error:name_missing']);
  });

  it('S3 lenient: a number or boolean where text is expected is read as its source text, with a warning', () => {
    const result = parseLenient(['name: pdf', 'description: d', 'license: 2.0']);
    expect(result.ok && result.skill.fields.license).toBe('2.0');
    expect(codes(result)).toEqual(['warning:field_not_string']);
  });

  it('S3 lenient: unknown fields are warnings, errors with strict', () => {
    expect(codes(parseLenient(['name: pdf', 'description: d', 'colour: blue']))).toEqual([
      'warning:field_unknown',
    ]);
    const strict = parseSkill(skillText(['name: pdf', 'description: d', 'colour: blue']), { strict: true });
    expect(strict.ok).toBe(false);
  });

  it('S3 lenient: host extension fields are known, not unknown', () => {
    const result = parseLenient(['name: pdf', 'description: d', 'priority: 3', 'when_to_use: often']);
    expect(result.diagnostics).toEqual([]);
  });
});

describe('S3 host name rule', () => {
  it.each([
    ['a Unicode name', '文档整理', 'wen-dang-zheng-li'],
    ['an owner-prefixed name', 'rust:pdf', 'rust-pdf'],
    ['dots and underscores', 'my_skill.v2', 'my-skill-v2'],
  ])('S3 host: accepts %s without warnings', (_label, name, id) => {
    const result = parseLenient([`name: ${name}`, 'description: d'], name);
    expect(result.diagnostics).toEqual([]);
    expect(result.ok && { name: result.skill.name, id: result.skill.id }).toEqual({ name, id });
  });

  it('S3 host: a name with spaces or slashes breaks the host rule: warning, derived id', () => {
    const result = parseLenient(['name: PDF Tools/v2', 'description: d']);
    expect(codes(result)).toEqual(['warning:name_invalid_characters']);
    expect(result.ok && result.skill.id).toBe('pdf-tools-v2');
  });

  it('S3 host: a name over 128 characters breaks the host rule', () => {
    const result = parseLenient([`name: ${'n'.repeat(129)}`, 'description: d']);
    expect(codes(result)).toEqual(['warning:name_too_long', 'warning:name_invalid_characters']);
    expect(result.ok && result.skill.id).toHaveLength(64);
  });
});

describe('S3 host extension fields', () => {
  it('S3 host: reads every host field of the host-extensions fixture', async () => {
    const text = await readFile(path.join(FIXTURES, 'skills/host-extensions/SKILL.md'));
    const result = parseSkill(text, { folderName: 'host-extensions' });
    expect(result.diagnostics).toEqual([]);
    expect(result.ok && result.skill.id).toBe('host-ext');
    expect(result.ok && result.skill.fields).toEqual({
      name: 'host-extensions',
      description: 'Uses every host extension field. Use when testing the lenient profile.',
      priority: 7.5,
      paths: ['src/**/*.ts', 'docs/*.md'],
      userInvocable: false,
      disableModelInvocation: true,
      argumentHint: '[file]',
      whenToUse: 'When a TypeScript file changes.',
      model: 'openai:gpt-4.1',
      source: 'learned',
      extractedAt: '2024-06-01T12:00:00Z',
      slug: 'host-ext',
      version: '2.1',
      toolDependencies: ['Read'],
      mcpDependencies: ['github'],
      skillDependencies: ['pdf-tools'],
    });
  });

  it('S3 host: defaults — user-invocable true, model invocation on, version "1.0.0", empty dependency lists', () => {
    const result = parseLenient(['name: pdf', 'description: d']);
    expect(result.ok && result.skill.fields).toEqual({
      name: 'pdf',
      description: 'd',
      userInvocable: true,
      disableModelInvocation: false,
      version: '1.0.0',
      toolDependencies: [],
      mcpDependencies: [],
      skillDependencies: [],
    });
  });

  it.each([
    ['1.0', '1.0'],
    ['1.10', '1.10'],
    ['2', '2'],
    ['"1.0.0-beta"', '1.0.0-beta'],
  ])('S3 host: version %s is kept as "%s"', (source, version) => {
    const result = parseLenient(['name: pdf', 'description: d', `version: ${source}`]);
    expect(result.ok && result.skill.fields.version).toBe(version);
  });

  it.each(['.inf', '-.inf', '.nan', '"5"', 'high', 'true'])(
    'S3 host: priority %s is ignored with a warning',
    (priority) => {
      const result = parseLenient(['name: pdf', 'description: d', `priority: ${priority}`]);
      expect(result.ok).toBe(true);
      expect(result.ok && result.skill.fields.priority).toBeUndefined();
      expect(codes(result)).toEqual(['warning:priority_invalid']);
    },
  );

  it.each(['-3', '0', '2.5'])('S3 host: a finite priority %s is kept', (priority) => {
    const result = parseLenient(['name: pdf', 'description: d', `priority: ${priority}`]);
    expect(result.ok && result.skill.fields.priority).toBe(Number(priority));
  });

  it.each([
    ['an absolute path', '/etc/**'],
    ['a home path', '~/secrets/*'],
    ['a drive letter', 'C:/Users/*'],
    ['a lowercase drive letter', 'c:foo'],
    ['a parent segment', 'src/../../etc'],
    ['a leading parent segment', '../sibling/*.ts'],
    ['a backslash', 'src\\*.ts'],
    ['an empty glob', '""'],
  ])('S3 host: paths rejects %s', (_label, glob) => {
    const result = parseLenient(['name: pdf', 'description: d', 'paths:', '  - src/**', `  - ${glob}`]);
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: 'paths_invalid', severity: 'error', path: ['paths', 1], line: 6 }),
    ]);
  });

  it('S3 host: paths must be a list of strings', () => {
    expect(codes(parseLenient(['name: pdf', 'description: d', 'paths: src/**']))).toEqual([
      'error:field_type',
    ]);
  });

  it('S3 host: a glob with .. inside a name is not a parent segment', () => {
    const result = parseLenient(['name: pdf', 'description: d', 'paths:', '  - docs/v1..v2/*.md']);
    expect(result.ok && result.skill.fields.paths).toEqual(['docs/v1..v2/*.md']);
  });

  it.each(['user-invocable', 'disable-model-invocation'])('S3 host: %s must be a boolean', (field) => {
    expect(codes(parseLenient(['name: pdf', 'description: d', `${field}: "false"`]))).toEqual([
      'error:field_type',
    ]);
    expect(codes(parseLenient(['name: pdf', 'description: d', `${field}: yes`]))).toEqual([
      'error:field_type',
    ]);
    expect(parseLenient(['name: pdf', 'description: d', `${field}: false`]).ok).toBe(true);
  });

  it.each(['tool_dependencies', 'mcp_dependencies', 'skill_dependencies'])(
    'S3 host: %s is a list of strings',
    (field) => {
      const ok = parseLenient(['name: pdf', 'description: d', `${field}:`, '  - a', '  - b']);
      expect(ok.ok).toBe(true);
      expect(codes(parseLenient(['name: pdf', 'description: d', `${field}: a`]))).toEqual([
        'error:field_type',
      ]);
      expect(codes(parseLenient(['name: pdf', 'description: d', `${field}:`, '  - 1']))).toEqual([
        'error:field_type',
      ]);
    },
  );

  it('S3 host: source is learned or auto-skill; anything else is ignored with a warning', () => {
    for (const source of ['learned', 'auto-skill']) {
      const result = parseLenient(['name: pdf', 'description: d', `source: ${source}`]);
      expect(result.ok && result.skill.fields.source).toBe(source);
    }
    const other = parseLenient(['name: pdf', 'description: d', 'source: manual']);
    expect(other.ok && other.skill.fields.source).toBeUndefined();
    expect(codes(other)).toEqual(['warning:source_invalid']);
  });

  it.each(['Bad', 'bad_slug', 'bad--slug', '-bad', 'bad-', 'bad slug', `s${'a'.repeat(128)}`])(
    'S3 host: slug %s breaks ^[a-z0-9]+(-[a-z0-9]+)*$ (or 128 characters) and is rejected',
    (slug) => {
      const result = parseLenient(['name: pdf', 'description: d', `slug: "${slug}"`]);
      expect(result.ok).toBe(false);
      expect(codes(result)).toEqual(['error:slug_invalid']);
    },
  );
});
