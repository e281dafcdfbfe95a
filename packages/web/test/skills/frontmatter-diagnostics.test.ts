import { describe, expect, it } from 'vitest';
import { readSkillText } from '../../src/skills/frontmatter-diagnostics.js';

describe('the live SKILL.md check', () => {
  it('W2 names a broken frontmatter with core’s message and line, and reads the dependency lists of a valid one', () => {
    const broken = readSkillText('---\nname: pdf\ntags: [unclosed\ndescription: Fill forms.\n---\nBody\n');
    expect(broken.checked).toBe(true);
    expect(
      broken.diagnostics.some(
        (diagnostic) => diagnostic.severity === 'error' && diagnostic.line !== undefined,
      ),
    ).toBe(true);
    expect(broken.dependencies).toBeNull();

    const valid = readSkillText(
      '---\nname: pdf\ndescription: Fill forms.\ntool_dependencies: [Bash]\nskill_dependencies: [csv]\n---\nBody\n',
    );
    expect(valid).toEqual({
      checked: true,
      diagnostics: [],
      id: 'pdf',
      dependencies: { tools: ['Bash'], mcpServers: [], skills: ['csv'] },
    });
  });
});
