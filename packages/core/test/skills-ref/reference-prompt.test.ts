import { realpath } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { renderSkillsRefPrompt } from '../../src/format/skills-ref/render-skills-ref-prompt.js';
import { skillsRefToPrompt } from '../../src/format/skills-ref/skills-ref-to-prompt.js';
import { temporaryRoot, writeSkill } from './skill-folders.js';

// Ports of the reference's tests/test_prompt.py, one `it` per Python test.
describe('skills-ref to-prompt (reference test_prompt.py)', () => {
  it('S3 skills-ref: an empty list renders an empty block', () => {
    expect(renderSkillsRefPrompt([])).toBe('<available_skills>\n</available_skills>');
  });

  it('S3 skills-ref: one skill renders name, description and resolved location on their own lines', async () => {
    const root = await temporaryRoot();
    const directory = await writeSkill(
      root,
      'my-skill',
      '---\nname: my-skill\ndescription: A test skill\n---\nBody\n',
    );
    const result = await skillsRefToPrompt([directory]);
    const location = `${await realpath(directory)}/SKILL.md`;
    expect(result).toEqual({
      stdout: `<available_skills>\n<skill>\n<name>\nmy-skill\n</name>\n<description>\nA test skill\n</description>\n<location>\n${location}\n</location>\n</skill>\n</available_skills>\n`,
      stderr: '',
      exitCode: 0,
    });
  });

  it('S3 skills-ref: several skills render in the order given', async () => {
    const root = await temporaryRoot();
    const first = await writeSkill(
      root,
      'skill-a',
      '---\nname: skill-a\ndescription: First skill\n---\nBody\n',
    );
    const second = await writeSkill(
      root,
      'skill-b',
      '---\nname: skill-b\ndescription: Second skill\n---\nBody\n',
    );
    const { stdout } = await skillsRefToPrompt([first, second]);
    expect(stdout.match(/<skill>/g)).toHaveLength(2);
    expect(stdout.match(/<\/skill>/g)).toHaveLength(2);
    expect(stdout.indexOf('skill-a')).toBeLessThan(stdout.indexOf('skill-b'));
  });

  it('S3 skills-ref: XML special characters in the description are escaped', async () => {
    const root = await temporaryRoot();
    const directory = await writeSkill(
      root,
      'special-skill',
      '---\nname: special-skill\ndescription: Use <foo> & <bar> tags\n---\nBody\n',
    );
    const { stdout } = await skillsRefToPrompt([directory]);
    expect(stdout).toContain('<description>\nUse &lt;foo&gt; &amp; &lt;bar&gt; tags\n</description>');
    expect(stdout).not.toContain('<foo>');
  });
});
