import { realpath } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { skillsRefReadProperties } from '../../src/format/skills-ref/skills-ref-read-properties.js';
import { skillsRefToPrompt } from '../../src/format/skills-ref/skills-ref-to-prompt.js';
import { skillsRefValidate } from '../../src/format/skills-ref/skills-ref-validate.js';

const cwd = fileURLToPath(new URL('../fixtures/skills-ref/', import.meta.url));

describe('skills-ref fixtures', () => {
  it('S3 skills-ref: the valid fixture validates and prints its properties in order', async () => {
    expect(await skillsRefValidate('./valid-skill/', { cwd })).toEqual({
      stdout: 'Valid skill: valid-skill\n',
      stderr: '',
      exitCode: 0,
    });
    expect((await skillsRefReadProperties('valid-skill/SKILL.md', { cwd })).stdout).toBe(
      [
        '{',
        '  "name": "valid-skill",',
        '  "description": "Extracts text from PDF files. Use when the user mentions PDFs.",',
        '  "license": "Apache-2.0",',
        '  "compatibility": "Requires poppler-utils",',
        '  "allowed-tools": "Bash(pdftotext:*) Read",',
        '  "metadata": {',
        '    "author": "example-org",',
        '    "version": "1.0"',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
  });

  it('S3 skills-ref: the skill.md fixture validates', async () => {
    expect(await skillsRefValidate('lowercase-file', { cwd })).toMatchObject({
      stdout: 'Valid skill: lowercase-file\n',
      exitCode: 0,
    });
  });

  it('S3 skills-ref: the escaping fixture renders escaped XML with its resolved location', async () => {
    const location = `${await realpath(`${cwd}escaped-prompt`)}/SKILL.md`;
    expect((await skillsRefToPrompt(['escaped-prompt'], { cwd })).stdout).toBe(
      `<available_skills>\n<skill>\n<name>\nescaped-prompt\n</name>\n<description>\nUse &lt;tags&gt; &amp; &quot;quotes&quot; and &#x27;apostrophes&#x27;\n</description>\n<location>\n${location}\n</location>\n</skill>\n</available_skills>\n`,
    );
  });

  it('S3 skills-ref: the invalid fixture lists every error in order and exits 1', async () => {
    expect(await skillsRefValidate('invalid-name', { cwd })).toEqual({
      stdout: '',
      stderr: [
        'Validation failed for invalid-name:',
        "  - Unexpected fields in frontmatter: version. Only ['allowed-tools', 'compatibility', 'description', 'license', 'metadata', 'name'] are allowed.",
        "  - Skill name 'Invalid_Name' must be lowercase",
        "  - Skill name 'Invalid_Name' contains invalid characters. Only letters, digits, and hyphens are allowed.",
        "  - Directory name 'invalid-name' must match skill name 'Invalid_Name'",
        '',
      ].join('\n'),
      exitCode: 1,
    });
  });
});
