import { describe, expect, it } from 'vitest';
import { UserInputError } from '../../src/errors.js';
import { defineSkill } from '../../src/format/define-skill.js';
import { MAX_SKILL_FILE_BYTES } from '../../src/format/limits.js';
import { parseSkill } from '../../src/format/parse-skill.js';
import { skillMarkdown } from '../../src/format/skill-markdown.js';

const base = {
  name: 'refunds',
  description: 'Handle refunds. Use when a customer asks for money back.',
  instructions: '1. Check the order.\n',
};

function thrown(work: () => unknown): UserInputError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(UserInputError);
    return error as UserInputError;
  }
  throw new Error('expected a UserInputError');
}

describe('defineSkill: inline session skills (D1, I1)', () => {
  it('S3 a valid definition becomes a frozen Skill with origin session', () => {
    const skill = defineSkill({
      ...base,
      files: { 'POLICY.md': '# Policy\n', 'scripts/check.sh': 'echo ok\n' },
    });
    expect(skill).toMatchObject({
      id: 'refunds',
      name: 'refunds',
      description: base.description,
      body: base.instructions,
      origin: { sourceType: 'session' },
      files: [
        { path: 'POLICY.md', size: 9 },
        { path: 'scripts/check.sh', size: 8 },
      ],
      inlineFiles: { 'POLICY.md': '# Policy\n', 'scripts/check.sh': 'echo ok\n' },
      diagnostics: [],
    });
    expect(skill.directory).toBeUndefined();
    expect(Object.isFrozen(skill)).toBe(true);
    expect(Object.isFrozen(skill.fields)).toBe(true);
    expect(Object.isFrozen(skill.files)).toBe(true);
    expect(Object.isFrozen(skill.origin)).toBe(true);
    expect(() => {
      (skill as { name: string }).name = 'other';
    }).toThrow(TypeError);
  });

  it('S3 host fields given to defineSkill are validated and typed', () => {
    const skill = defineSkill({ ...base, fields: { slug: 'refund-desk', skill_dependencies: ['orders'] } });
    expect(skill.id).toBe('refund-desk');
    expect(skill.fields.skillDependencies).toEqual(['orders']);
  });

  it.each([
    ['an uppercase name', { name: 'Refunds' }],
    ['a name with consecutive hyphens', { name: 'refund--desk' }],
    ['a name over 64 characters', { name: 'r'.repeat(65) }],
    ['an empty description', { description: '' }],
    ['a description over 1024 characters', { description: 'd'.repeat(1025) }],
    ['an invalid slug field', { fields: { slug: 'Bad Slug' } }],
  ])('S3 %s throws UserInputError invalid_skill_definition', (_label, change) => {
    const error = thrown(() => defineSkill({ ...base, ...change }));
    expect(error.code).toBe('invalid_skill_definition');
    expect(error.message).toContain('defineSkill');
  });

  it('S3 every problem is named in one error', () => {
    const error = thrown(() => defineSkill({ ...base, name: 'Bad--Name', description: '' }));
    expect(error.message).toContain('name_not_lowercase');
    expect(error.message).toContain('name_consecutive_hyphens');
    expect(error.message).toContain('description_empty');
    expect(error.details.field).toBe('name');
  });

  it.each([
    ['a parent segment', '../evil.md'],
    ['a nested parent segment', 'docs/../../evil.md'],
    ['a backslash', 'docs\\evil.md'],
    ['a NUL byte', 'evil\0.md'],
    ['an absolute path', '/etc/passwd'],
    ['a drive letter', 'C:/evil.md'],
    ['the skill file itself', 'SKILL.md'],
    ['an empty path', ''],
    ['an empty segment', 'docs//a.md'],
    ['a dot segment', './a.md'],
  ])('S3 a supporting file path with %s is rejected', (_label, filePath) => {
    const error = thrown(() => defineSkill({ ...base, files: { [filePath]: 'x' } }));
    expect(error.code).toBe('invalid_skill_file_path');
    expect(error.details.path).toBe(filePath);
  });

  it('S3 SKILL.md inside a subfolder is an ordinary supporting file', () => {
    expect(defineSkill({ ...base, files: { 'examples/SKILL.md': 'x' } }).files).toEqual([
      { path: 'examples/SKILL.md', size: 1 },
    ]);
  });

  it('I1 a plain Markdown string is the instructions, kept byte for byte', () => {
    const runbook = '# Incident runbook\n\n---\nname: not-frontmatter\n---\n1. Page the on-call.\n';
    const skill = defineSkill({ ...base, name: 'incidents', instructions: runbook });
    expect(skill.body).toBe(runbook);
    expect(Object.isFrozen(skill)).toBe(true);
  });

  it('I1 S2 instructions over the 4 MiB a SKILL.md may take are refused', () => {
    const error = thrown(() => defineSkill({ ...base, instructions: 'x'.repeat(MAX_SKILL_FILE_BYTES + 1) }));
    expect(error.code).toBe('skill_file_too_large');
    expect(error.details).toMatchObject({ limit: MAX_SKILL_FILE_BYTES, actual: MAX_SKILL_FILE_BYTES + 1 });
    expect(thrown(() => defineSkill({ ...base, instructions: 42 as unknown as string })).code).toBe(
      'invalid_skill_definition',
    );
  });

  it('I1 S3 the SKILL.md is written when first asked for, once, with spec-valid frontmatter', () => {
    const skill = defineSkill({
      ...base,
      description: 'Refunds: "quoted", #hash, and a colon: here. Use when asked.',
      instructions: '---\nStill the body.\n',
      fields: { metadata: { team: 'support' }, skill_dependencies: ['policy'] },
    });
    const text = skillMarkdown(skill);
    expect(skillMarkdown(skill)).toBe(text);
    const parsed = parseSkill(text, { profile: 'spec' });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.skill).toMatchObject({ name: 'refunds', description: skill.description, body: skill.body });
    expect(parsed.skill.frontmatter).toMatchObject({ metadata: { team: 'support' } });
    expect(text.startsWith('---\nname: refunds\ndescription: ')).toBe(true);
  });
});
