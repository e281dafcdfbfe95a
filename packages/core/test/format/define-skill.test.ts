import { describe, expect, it } from 'vitest';
import { UserInputError } from '../../src/errors.js';
import { defineSkill } from '../../src/format/define-skill.js';

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
});
