import { describe, expect, it } from 'vitest';
import {
  isSkillVirtualPath,
  parseSkillVirtualPath,
  skillVirtualPath,
} from '../../src/runtime/skill-virtual-path.js';

describe('parseSkillVirtualPath', () => {
  it('R4 reads /.skills/<id>/<file> as skill id and relative file', () => {
    expect(parseSkillVirtualPath('/.skills/pdf-forms/references/FIELDS.md')).toEqual({
      ok: true,
      candidates: [{ skillId: 'pdf-forms', file: 'references/FIELDS.md' }],
    });
  });

  it('R4 accepts the percent-encoded and the decoded form, literal spelling first', () => {
    expect(parseSkillVirtualPath('/.skills/pdf-forms/references/release%20notes.md')).toEqual({
      ok: true,
      candidates: [
        { skillId: 'pdf-forms', file: 'references/release%20notes.md' },
        { skillId: 'pdf-forms', file: 'references/release notes.md' },
      ],
    });
    expect(parseSkillVirtualPath('/.skills/pdf-forms/references/release notes.md')).toEqual({
      ok: true,
      candidates: [{ skillId: 'pdf-forms', file: 'references/release notes.md' }],
    });
  });

  it('R4 accepts a path relative to the skill folder when an id is given', () => {
    expect(parseSkillVirtualPath('scripts/fill_form.py', { id: 'pdf-forms' })).toEqual({
      ok: true,
      candidates: [{ skillId: 'pdf-forms', file: 'scripts/fill_form.py' }],
    });
  });

  it.each([
    ['/.skills/pdf-forms/../../etc/passwd', 'skill_path_traversal'],
    ['/.skills/pdf-forms/%2e%2e/%2e%2e/etc/passwd', 'skill_path_traversal'],
    ['/.skills/pdf-forms/%2E%2E%2Fsecret', 'skill_path_traversal'],
    ['/.skills/pdf-forms/./SKILL.md', 'skill_path_traversal'],
    ['/etc/passwd', 'skill_path_absolute'],
    ['C:/Windows/win.ini', 'skill_path_absolute'],
    ['~/.ssh/id_rsa', 'skill_path_absolute'],
    ['/.skills/pdf-forms/a\u0000b', 'skill_path_nul_byte'],
    ['/.skills/pdf-forms/a%00b', 'skill_path_nul_byte'],
    ['/.skills/pdf-forms\\..\\x', 'skill_path_backslash'],
    ['/.skills/pdf-forms/', 'skill_path_no_file'],
    ['   ', 'skill_path_empty'],
  ])('R4 refuses the hostile path %j (%s)', (input, code) => {
    const parsed = parseSkillVirtualPath(input);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.code).toBe(code);
  });

  it('R4 refuses traversal in a relative path given with an id', () => {
    const parsed = parseSkillVirtualPath('../other-skill/SKILL.md', { id: 'pdf-forms' });
    expect(parsed).toMatchObject({ ok: false, code: 'skill_path_traversal' });
  });
});

describe('skillVirtualPath', () => {
  it('R4 lists plain names as they are and encodes % and control characters', () => {
    expect(skillVirtualPath('pdf-forms', 'references/release notes.md')).toBe(
      '/.skills/pdf-forms/references/release notes.md',
    );
    expect(skillVirtualPath('pdf-forms', 'data/100%.txt')).toBe('/.skills/pdf-forms/data/100%25.txt');
    expect(skillVirtualPath('pdf-forms')).toBe('/.skills/pdf-forms');
  });

  it('R4 round-trips an encoded listing through the parser', () => {
    const listed = skillVirtualPath('pdf-forms', 'data/100%.txt');
    const parsed = parseSkillVirtualPath(listed);
    expect(parsed.ok && parsed.candidates.map((candidate) => candidate.file)).toContain('data/100%.txt');
    expect(isSkillVirtualPath(listed)).toBe(true);
    expect(isSkillVirtualPath('/repo/.skills-not/x')).toBe(false);
  });
});
