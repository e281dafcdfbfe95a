import { describe, expect, it } from 'vitest';
import { hasErrors } from '../../src/format/diagnostic.js';
import { MAX_FRONTMATTER_BYTES, MAX_SKILL_FILE_BYTES } from '../../src/format/limits.js';
import { parseSkill } from '../../src/format/parse-skill.js';
import { skillText } from './format-test-helpers.js';

const codes = (result: ReturnType<typeof parseSkill>) =>
  result.diagnostics.map((diagnostic) => diagnostic.code);
const errorCodes = (result: ReturnType<typeof parseSkill>) =>
  result.diagnostics
    .filter((diagnostic) => diagnostic.severity === 'error')
    .map((diagnostic) => diagnostic.code);

describe('S2 YAML parsing of the frontmatter', () => {
  it.each(['spec', 'lenient'] as const)('S2 %s: a duplicate key is an error at the second key', (profile) => {
    const result = parseSkill(skillText(['name: pdf', 'description: one', 'description: two']), {
      profile,
      file: 'pdf/SKILL.md',
    });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: 'yaml_duplicate_key', severity: 'error', line: 4, column: 1 }),
    ]);
  });

  it('S2 a duplicate key after a block value is still caught (not hidden by the fast path)', () => {
    const result = parseSkill(
      skillText(['name: pdf', 'metadata:', '  a: b', 'metadata: c', 'description: d']),
    );
    expect(errorCodes(result)).toEqual(['yaml_duplicate_key']);
  });

  it('S2 spec: anchors and aliases are errors', () => {
    const result = parseSkill(skillText(['name: &n pdf', 'description: *n']), {
      profile: 'spec',
      folderName: 'pdf',
    });
    expect(result.ok).toBe(false);
    expect(errorCodes(result).sort()).toEqual(['yaml_alias_forbidden', 'yaml_anchor_forbidden']);
  });

  it('S2 lenient: anchors and aliases are allowed and resolved', () => {
    const result = parseSkill(skillText(['name: &n pdf', 'description: *n']));
    expect(result.ok && result.skill.description).toBe('pdf');
  });

  it('S2 spec: explicit tags are errors; lenient reads them', () => {
    const text = skillText(['name: !!str pdf', 'description: d']);
    expect(errorCodes(parseSkill(text, { profile: 'spec', folderName: 'pdf' }))).toEqual([
      'yaml_tag_forbidden',
    ]);
    const lenient = parseSkill(text);
    expect(lenient.ok && lenient.skill.name).toBe('pdf');
  });

  it('S2 an unknown custom tag never executes anything: warning in lenient, error in spec', () => {
    const text = skillText([
      'name: pdf',
      'description: d',
      'run: !!js/function "function () { globalThis.pwned = 1 }"',
    ]);
    const lenient = parseSkill(text);
    expect(lenient.ok).toBe(true);
    expect(lenient.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'yaml_unknown_tag', severity: 'warning', line: 4, column: 6 }),
    );
    expect(lenient.ok && typeof lenient.skill.frontmatter.run).toBe('string');
    expect((globalThis as { pwned?: number }).pwned).toBeUndefined();
    expect(errorCodes(parseSkill(text, { profile: 'spec', folderName: 'pdf' }))).toContain(
      'yaml_unknown_tag',
    );
  });

  it('S2 spec: flow collections are errors; lenient reads them', () => {
    const text = skillText(['name: pdf', 'description: d', 'metadata: {author: me}', 'paths: [src/*.ts]']);
    const spec = parseSkill(text, { profile: 'spec', folderName: 'pdf' });
    expect(spec.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toMatchInlineSnapshot(`
      [
        {
          "code": "yaml_flow_collection_forbidden",
          "column": 11,
          "line": 4,
          "message": "flow collections ({…} or […]) are not allowed; use block style",
          "severity": "error",
        },
        {
          "code": "yaml_flow_collection_forbidden",
          "column": 8,
          "line": 5,
          "message": "flow collections ({…} or […]) are not allowed; use block style",
          "severity": "error",
        },
      ]
    `);
    const lenient = parseSkill(text);
    expect(lenient.ok && lenient.skill.fields.metadata).toEqual({ author: 'me' });
    expect(lenient.ok && lenient.skill.fields.paths).toEqual(['src/*.ts']);
  });

  it('S2 unparseable YAML is reported with its position in the file', () => {
    const result = parseSkill(skillText(['name: pdf', 'description: "unterminated', 'license: MIT']), {
      file: 'pdf/SKILL.md',
    });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toMatchInlineSnapshot(`
      [
        {
          "code": "yaml_syntax",
          "column": 1,
          "file": "pdf/SKILL.md",
          "line": 5,
          "message": "Missing closing "quote",
          "severity": "error",
        },
      ]
    `);
  });

  it('S2 a frontmatter that is not a mapping is an error', () => {
    expect(codes(parseSkill(skillText(['- a', '- b'])))).toEqual(['frontmatter_not_mapping']);
    expect(codes(parseSkill(skillText(['just a string'])))).toEqual(['frontmatter_not_mapping']);
    expect(codes(parseSkill(skillText([])))).toEqual(['frontmatter_not_mapping']);
  });
});

describe('S2 size limits', () => {
  const padding = (bytes: number) => {
    // One unknown block field of `bytes` bytes in total (key line plus lines of 63 'x' and a newline).
    const lines = ['notes: |'];
    let size = 'notes: |\n'.length;
    while (size + 66 <= bytes) {
      lines.push(`  ${'x'.repeat(63)}`);
      size += 66;
    }
    lines.push(`  ${'y'.repeat(Math.max(0, bytes - size - 3))}`);
    return lines;
  };

  it('S2 frontmatter of exactly 64 KiB is read; one byte more is rejected before YAML sees it', () => {
    const base = ['name: pdf', 'description: d'];
    const baseBytes = Buffer.byteLength(`${base.join('\n')}\n`);
    const atLimit = skillText([...base, ...padding(MAX_FRONTMATTER_BYTES - baseBytes)]);
    const yaml = atLimit.slice(4, atLimit.indexOf('\n---\n') + 1);
    expect(Buffer.byteLength(yaml)).toBe(MAX_FRONTMATTER_BYTES);
    expect(parseSkill(atLimit).ok).toBe(true);

    const overLimit = skillText([...base, ...padding(MAX_FRONTMATTER_BYTES - baseBytes + 1)]);
    const result = parseSkill(overLimit, { file: 'SKILL.md' });
    expect(result.diagnostics).toMatchInlineSnapshot(`
      [
        {
          "code": "frontmatter_too_large",
          "column": 1,
          "file": "SKILL.md",
          "line": 2,
          "message": "frontmatter is 65537 bytes; at most 65536 bytes (64 KiB) are allowed",
          "severity": "error",
        },
      ]
    `);
  });

  it('S2 a SKILL.md of exactly 4 MiB is read; one byte more is rejected', () => {
    const head = skillText(['name: pdf', 'description: d'], '');
    const atLimit = head + 'b'.repeat(MAX_SKILL_FILE_BYTES - Buffer.byteLength(head));
    expect(parseSkill(atLimit).ok).toBe(true);
    const result = parseSkill(new TextEncoder().encode(`${atLimit}b`), { file: 'SKILL.md' });
    expect(result.diagnostics).toMatchInlineSnapshot(`
      [
        {
          "code": "file_too_large",
          "column": 1,
          "file": "SKILL.md",
          "line": 1,
          "message": "file is 4194305 bytes; a SKILL.md may be at most 4194304 bytes (4 MiB)",
          "severity": "error",
        },
      ]
    `);
  });

  it('S2 the 4 MiB limit counts bytes, not UTF-16 units', () => {
    const head = skillText(['name: pdf', 'description: d'], '');
    // 1.5 M three-byte characters: 4.5 MB of UTF-8 but only 1.5 M string units.
    const text = head + '文'.repeat(1_500_000);
    expect(codes(parseSkill(text))).toEqual(['file_too_large']);
  });
});

describe('S2 diagnostics: code, severity, message, file and a position in the file', () => {
  it('S2 spec: every finding is collected, each at its line and column in the file', () => {
    const text = skillText(
      [
        'name: PDF--Tools',
        'description: ""',
        'compatibility: ""',
        'metadata:',
        '  author: 7',
        'allowed-tools: 3',
        'extra: yes',
      ],
      'Body\n',
    );
    const result = parseSkill(text, {
      profile: 'spec',
      folderName: 'pdf-tools',
      file: 'skills/pdf-tools/SKILL.md',
    });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toMatchInlineSnapshot(`
      [
        {
          "code": "field_unknown",
          "column": 1,
          "file": "skills/pdf-tools/SKILL.md",
          "line": 8,
          "message": "unknown field 'extra'",
          "path": [
            "extra",
          ],
          "severity": "warning",
        },
        {
          "code": "name_not_lowercase",
          "column": 1,
          "file": "skills/pdf-tools/SKILL.md",
          "line": 2,
          "message": "name 'PDF--Tools' must be lowercase",
          "path": [
            "name",
          ],
          "severity": "error",
        },
        {
          "code": "name_consecutive_hyphens",
          "column": 1,
          "file": "skills/pdf-tools/SKILL.md",
          "line": 2,
          "message": "name must not contain consecutive hyphens ('--')",
          "path": [
            "name",
          ],
          "severity": "error",
        },
        {
          "code": "name_folder_mismatch",
          "column": 1,
          "file": "skills/pdf-tools/SKILL.md",
          "line": 2,
          "message": "name 'PDF--Tools' must match its folder name 'pdf-tools'",
          "path": [
            "name",
          ],
          "severity": "error",
        },
        {
          "code": "description_empty",
          "column": 1,
          "file": "skills/pdf-tools/SKILL.md",
          "line": 3,
          "message": "'description' must not be empty",
          "path": [
            "description",
          ],
          "severity": "error",
        },
        {
          "code": "compatibility_empty",
          "column": 1,
          "file": "skills/pdf-tools/SKILL.md",
          "line": 4,
          "message": "'compatibility' must not be empty",
          "path": [
            "compatibility",
          ],
          "severity": "error",
        },
        {
          "code": "field_type",
          "column": 11,
          "file": "skills/pdf-tools/SKILL.md",
          "line": 6,
          "message": "metadata 'author' must be a string",
          "path": [
            "metadata",
            "author",
          ],
          "severity": "error",
        },
        {
          "code": "field_type",
          "column": 1,
          "file": "skills/pdf-tools/SKILL.md",
          "line": 7,
          "message": "'allowed-tools' must be a space-separated string",
          "path": [
            "allowed-tools",
          ],
          "severity": "error",
        },
      ]
    `);
  });

  it('S2 positions count from the start of the file, not the frontmatter, across CRLF and a BOM', () => {
    const text = `\uFEFF${skillText(['name: pdf', '', 'description: d', 'priority: high'], 'Body\r\n', '\r\n')}`;
    const result = parseSkill(text, { file: 'SKILL.md' });
    expect(result.ok).toBe(true);
    expect(result.diagnostics).toMatchInlineSnapshot(`
      [
        {
          "code": "priority_invalid",
          "column": 1,
          "file": "SKILL.md",
          "line": 5,
          "message": "'priority' must be a finite number; ignored",
          "path": [
            "priority",
          ],
          "severity": "warning",
        },
      ]
    `);
  });

  it('S2 columns count code points: an emoji before an error moves the column by one', () => {
    const result = parseSkill(skillText(['name: pdf', 'description: d', 'metadata:', '  🎉: [1]']), {
      file: 'SKILL.md',
    });
    const finding = result.diagnostics.find((diagnostic) => diagnostic.code === 'field_type');
    expect(finding).toMatchObject({ line: 5, column: 6, path: ['metadata', '🎉'] });
  });

  it('S2 a nested field is positioned at its value', () => {
    const result = parseSkill(
      skillText(['name: pdf', 'description: d', 'paths:', '  - src/*.ts', '  - ../escape']),
      {
        file: 'SKILL.md',
      },
    );
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: 'paths_invalid',
        severity: 'error',
        line: 6,
        column: 5,
        path: ['paths', 1],
      }),
    ]);
  });

  it('S2 a result with errors is not ok and hasErrors agrees', () => {
    const result = parseSkill(skillText(['name: pdf']));
    expect(result.ok).toBe(false);
    expect(hasErrors(result.diagnostics)).toBe(true);
  });
});
