import { parseSkill } from '@skilldock/core/format/browser';
import { describe, expect, it } from 'vitest';
import { readSkillText } from '../../src/skills/frontmatter-diagnostics.js';
import { newSkillMarkdown } from '../../src/skills/new-skill-template.js';

describe('newSkillMarkdown', () => {
  it('writes a valid SKILL.md whose frontmatter holds the name and description exactly', () => {
    const text = newSkillMarkdown('report-writer', 'Writes reports. Use it for weekly reports.');
    expect(readSkillText(text)).toMatchObject({ checked: true, diagnostics: [], id: 'report-writer' });
    expect(text).toContain('# report-writer\n');
  });

  it('keeps YAML syntax typed into the form as text: no field or frontmatter end can be injected', () => {
    const hostile = 'Does: things # not a comment "quoted"\n---\nslug: evil';
    const parsed = parseSkill(newSkillMarkdown('notes', hostile), { file: 'SKILL.md' });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.skill.id).toBe('notes');
    // Whitespace runs (the newlines) collapse to one space; everything else stays as typed.
    expect(parsed.skill.fields.description).toBe('Does: things # not a comment "quoted" --- slug: evil');
  });

  it('an empty description is an error of the validator, which the form shows', () => {
    const reading = readSkillText(newSkillMarkdown('notes', ''));
    expect(reading.diagnostics.some((diagnostic) => diagnostic.severity === 'error')).toBe(true);
  });
});
