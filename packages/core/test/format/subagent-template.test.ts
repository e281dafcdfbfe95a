import { describe, expect, it } from 'vitest';
import { parseSubagent } from '../../src/format/parse-subagent.js';
import { createSubagentTemplate } from '../../src/format/subagent-template.js';

describe('A8 subagent template', () => {
  it('A8 writes a file that parses, with the chosen tools, model, approval mode and prompt', () => {
    const text = createSubagentTemplate({
      name: 'reviewer',
      description: 'Reviews diffs: bugs # first, then style',
      tools: ['read_file', 'grep'],
      model: 'fast',
      approvalMode: 'plan',
      prompt: 'You review code.',
    });
    const result = parseSubagent(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.subagent).toMatchObject({
      name: 'reviewer',
      description: 'Reviews diffs: bugs # first, then style',
      systemPrompt: 'You review code.',
      model: { kind: 'fast' },
      frontmatter: { tools: ['read_file', 'grep'], approvalMode: 'plan' },
    });
    expect(result.diagnostics).toEqual([]);
  });

  it('A8 leaves out inherit and unset fields, and gives a starting description and prompt', () => {
    const text = createSubagentTemplate({ name: 'helper', model: 'inherit' });
    expect(text).not.toContain('model:');
    expect(text).not.toContain('tools:');
    const result = parseSubagent(text);
    expect(result.ok && result.subagent.systemPrompt).toMatch(/^You are helper\./);
  });
});
