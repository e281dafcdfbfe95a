import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseModelSelector, parseSubagent } from '../../src/format/parse-subagent.js';
import { FIXTURES } from './format-test-helpers.js';

const agent = (fields: readonly string[], body = 'You help.\n') => `---\n${fields.join('\n')}\n---\n${body}`;
const errorCodes = (result: ReturnType<typeof parseSubagent>) =>
  result.diagnostics
    .filter((diagnostic) => diagnostic.severity === 'error')
    .map((diagnostic) => diagnostic.code);
const withName = (name: string) => agent([`name: "${name}"`, 'description: d']);

describe('S6 subagent files', () => {
  it('S6 reads the code-reviewer fixture; the body is the system prompt', async () => {
    const file = path.join(FIXTURES, 'agents/code-reviewer.md');
    const result = parseSubagent(await readFile(file), { file });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.subagent.positions['tools.1']).toEqual({ line: 8, column: 5 });
    expect(result.subagent).toMatchObject({
      name: 'code-reviewer',
      systemPrompt: 'You are a careful code reviewer.\n\nReport findings as a list, most severe first.',
      model: { kind: 'model', provider: 'anthropic', model: 'claude-sonnet-4-5' },
      frontmatter: {
        approvalMode: 'plan',
        tools: ['read_file', 'grep'],
        disallowedTools: ['mcp__github'],
        background: false,
        runConfig: { max_turns: 12, max_time_minutes: 5 },
      },
    });
  });

  it.each(['ab', 'a'.repeat(50), 'code_reviewer', 'Code-Reviewer-2', '代码审查', 'a-b_c'])(
    'S6 accepts the name %s',
    (name) => {
      expect(parseSubagent(withName(name)).ok).toBe(true);
    },
  );

  it.each([
    ['one character', 'a', 'subagent_name_length'],
    ['51 characters', 'a'.repeat(51), 'subagent_name_length'],
    ['a space', 'code reviewer', 'subagent_name_characters'],
    ['a dot', 'code.reviewer', 'subagent_name_characters'],
    ['a colon', 'rust:pdf', 'subagent_name_characters'],
    ['a leading hyphen', '-reviewer', 'subagent_name_edge'],
    ['a trailing hyphen', 'reviewer-', 'subagent_name_edge'],
    ['a leading underscore', '_reviewer', 'subagent_name_edge'],
    ['a trailing underscore', 'reviewer_', 'subagent_name_edge'],
  ])('S6 rejects a name with %s', (_label, name, code) => {
    expect(errorCodes(parseSubagent(withName(name)))).toEqual([code]);
  });

  it.each(['self', 'system', 'user', 'model', 'tool', 'config', 'default', 'main', 'MAIN', 'System', 'uSeR'])(
    'S6 rejects the reserved name %s, case-insensitively',
    (name) => {
      expect(errorCodes(parseSubagent(withName(name)))).toEqual(['subagent_name_reserved']);
    },
  );

  it('S6 the name length counts code points: 50 emoji-free CJK characters pass', () => {
    expect(parseSubagent(withName('审'.repeat(50))).ok).toBe(true);
    expect(errorCodes(parseSubagent(withName('审'.repeat(51))))).toEqual(['subagent_name_length']);
  });

  it('S6 the description is at most 1000 characters, counted in code points', () => {
    expect(parseSubagent(agent(['name: ab', `description: ${'🎉'.repeat(1000)}`])).ok).toBe(true);
    expect(errorCodes(parseSubagent(agent(['name: ab', `description: ${'d'.repeat(1001)}`])))).toEqual([
      'subagent_description_too_long',
    ]);
  });

  it.each([
    ['inherit', { kind: 'inherit' }],
    ['fast', { kind: 'fast' }],
    ['gpt-4.1', { kind: 'model', model: 'gpt-4.1' }],
    ['openai:gpt-4.1', { kind: 'model', provider: 'openai', model: 'gpt-4.1' }],
    ['anthropic:claude-sonnet-4-5', { kind: 'model', provider: 'anthropic', model: 'claude-sonnet-4-5' }],
    ['meta-llama/llama-3:8b', { kind: 'model', model: 'meta-llama/llama-3:8b' }],
    ['mystery:model-x', { kind: 'model', model: 'mystery:model-x' }],
    [':leading-colon', { kind: 'model', model: ':leading-colon' }],
  ])('S6 reads the model selector %s', (model, selector) => {
    const result = parseSubagent(agent(['name: ab', 'description: d', `model: "${model}"`]));
    expect(result.ok && result.subagent.model).toEqual(selector);
    expect(parseModelSelector(model)).toEqual(selector);
  });

  it('S6 a missing model means inherit', () => {
    const result = parseSubagent(agent(['name: ab', 'description: d']));
    expect(result.ok && result.subagent.model).toEqual({ kind: 'inherit' });
  });

  it.each(['default', 'plan', 'auto-edit', 'yolo', 'bubble'])('S6 accepts approvalMode %s', (mode) => {
    expect(parseSubagent(agent(['name: ab', 'description: d', `approvalMode: ${mode}`])).ok).toBe(true);
  });

  it('S6 rejects an unknown approvalMode at its position', () => {
    const result = parseSubagent(agent(['name: ab', 'description: d', 'approvalMode: reckless']), {
      file: 'a.md',
    });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: 'field_invalid_value',
        file: 'a.md',
        line: 4,
        column: 1,
        path: ['approvalMode'],
      }),
    ]);
  });

  it('S6 tools is a list, "*", or a comma-separated string as Claude Code writes it', () => {
    expect(parseSubagent(agent(['name: ab', 'description: d', 'tools: "*"'])).ok).toBe(true);
    expect(parseSubagent(agent(['name: ab', 'description: d', 'tools:', '  - read_file'])).ok).toBe(true);
    expect(parseSubagent(agent(['name: ab', 'description: d', 'tools:', '  - ""'])).ok).toBe(false);
    const claude = parseSubagent(agent(['name: ab', 'description: d', 'tools: Read, Grep,Glob']));
    expect(claude.ok && claude.subagent.frontmatter.tools).toEqual(['Read', 'Grep', 'Glob']);
    const single = parseSubagent(agent(['name: ab', 'description: d', 'tools: read_file']));
    expect(single.ok && single.subagent.frontmatter.tools).toEqual(['read_file']);
    const denied = parseSubagent(agent(['name: ab', 'description: d', 'disallowedTools: Bash, WebFetch']));
    expect(denied.ok && denied.subagent.frontmatter.disallowedTools).toEqual(['Bash', 'WebFetch']);
  });

  it('S6 a tools string with an empty entry is rejected at its line', () => {
    const result = parseSubagent(agent(['name: ab', 'description: d', 'tools: "Read,,Grep"']), {
      file: 'a.md',
    });
    expect(errorCodes(result)).toEqual(['subagent_tool_list_empty_entry']);
    expect(result.diagnostics[0]).toMatchObject({ file: 'a.md', line: 4, path: ['tools'] });
  });

  it('S6 a Claude Code file loads unchanged; its unknown fields are kept and warned at their position', () => {
    const text = agent([
      'name: test-runner',
      'description: Runs the tests. Use proactively after changes.',
      'tools: Read, Bash, Grep',
      'model: sonnet',
      'color: blue',
      'permissionMode: acceptEdits',
      'maxTurns: 7',
    ]);
    const result = parseSubagent(text, { file: '.claude/agents/test-runner.md' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.subagent.frontmatter).toMatchObject({
      color: 'blue',
      permissionMode: 'acceptEdits',
      maxTurns: 7,
      tools: ['Read', 'Bash', 'Grep'],
    });
    expect(result.subagent.model).toEqual({ kind: 'model', model: 'sonnet' });
    expect(result.subagent.positions.tools).toEqual({ line: 4, column: 1 });
    expect(result.diagnostics).toEqual([
      {
        code: 'subagent_field_unknown',
        severity: 'warning',
        message: "'color' is not a subagent field Skilldock uses; it is kept in the file and ignored",
        file: '.claude/agents/test-runner.md',
        line: 6,
        column: 1,
        path: ['color'],
      },
    ]);
  });

  it('S6 a Qwen Code file reads modelConfig.model as the model and checks its fields', () => {
    const result = parseSubagent(
      agent(['name: ab', 'description: d', 'modelConfig:', '  model: qwen3-coder', '  temp: 0.2']),
    );
    expect(result.ok && result.subagent.model).toEqual({ kind: 'model', model: 'qwen3-coder' });
    const bad = parseSubagent(agent(['name: ab', 'description: d', 'modelConfig:', '  temp: 9']));
    expect(bad.ok).toBe(false);
    expect(bad.diagnostics.map(({ path }) => path)).toEqual([['modelConfig', 'temp']]);
  });

  it('S6 an unknown permissionMode is an error, not a silent default', () => {
    expect(
      errorCodes(parseSubagent(agent(['name: ab', 'description: d', 'permissionMode: sometimes']))),
    ).toEqual(['field_invalid_value']);
  });

  it.each([
    ['modelConfig', ['modelConfig:', '  model: gpt-4.1']],
    ['disallowedTools', ['disallowedTools:', '  - shell']],
    ['runConfig', ['runConfig:', '  max_turns: 3']],
    ['maxTurns', ['maxTurns: 3']],
    ['hooks', ['hooks:', '  PreToolUse: []']],
  ])('S6 an executor beside %s is rejected at that field', (field, lines) => {
    const executor = ['executor:', '  kind: codex', '  command: codex'];
    const result = parseSubagent(agent(['name: ab', 'description: d', ...executor, ...lines]));
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({ code: 'executor_option_unsupported', path: [field], line: 7 }),
    ]);
  });

  it('S6 an executor with an approvalMode is accepted: it decides whether the executor may edit', () => {
    const executor = ['executor:', '  kind: codex', '  command: codex'];
    const result = parseSubagent(
      agent(['name: ab', 'description: d', 'approvalMode: auto-edit', ...executor]),
    );
    expect(result.ok && result.subagent.frontmatter.approvalMode).toBe('auto-edit');
  });

  it('S6 runConfig takes max_turns and max_time_minutes only', () => {
    expect(parseSubagent(agent(['name: ab', 'description: d', 'runConfig:', '  max_turns: 3'])).ok).toBe(
      true,
    );
    const result = parseSubagent(
      agent(['name: ab', 'description: d', 'runConfig:', '  max_turns: 0', '  max_tokens: 10']),
    );
    expect(result.diagnostics.map(({ path }) => path)).toEqual(
      expect.arrayContaining([['runConfig', 'max_turns'], ['runConfig']]),
    );
    expect(result.ok).toBe(false);
  });

  it('S6 an executor beside options it cannot honour is rejected, each at its field, never dropped', async () => {
    const file = path.join(FIXTURES, 'agents/codex-with-model.md');
    const result = parseSubagent(await readFile(file), { file: 'agents/codex-with-model.md' });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toMatchInlineSnapshot(`
      [
        {
          "code": "executor_option_unsupported",
          "column": 1,
          "file": "agents/codex-with-model.md",
          "line": 9,
          "message": "'model': cannot be used with executor 'codex': an external executor cannot honour it",
          "path": [
            "model",
          ],
          "severity": "error",
        },
        {
          "code": "executor_option_unsupported",
          "column": 1,
          "file": "agents/codex-with-model.md",
          "line": 10,
          "message": "'tools': cannot be used with executor 'codex': an external executor cannot honour it",
          "path": [
            "tools",
          ],
          "severity": "error",
        },
      ]
    `);
  });

  it('S6 an executor alone, or with model inherit, is accepted', () => {
    const executor = ['executor:', '  kind: acp', '  command: gemini', '  args:', '    - --experimental-acp'];
    expect(parseSubagent(agent(['name: ab', 'description: d', ...executor])).ok).toBe(true);
    expect(parseSubagent(agent(['name: ab', 'description: d', 'model: inherit', ...executor])).ok).toBe(true);
  });

  it('S6 an executor of an unknown kind or without a command is rejected', () => {
    expect(
      parseSubagent(agent(['name: ab', 'description: d', 'executor:', '  kind: shell', '  command: sh'])).ok,
    ).toBe(false);
    expect(parseSubagent(agent(['name: ab', 'description: d', 'executor:', '  kind: codex'])).ok).toBe(false);
  });

  it('S6 every problem is collected with its position in the file', () => {
    const result = parseSubagent(
      agent(['name: x', 'description: ""', 'approvalMode: sometimes', 'background: 1']),
      {
        file: 'agents/x.md',
      },
    );
    expect(result.diagnostics.map(({ code, line, column }) => ({ code, line, column }))).toEqual([
      { code: 'subagent_name_length', line: 2, column: 1 },
      { code: 'field_too_small', line: 3, column: 1 },
      { code: 'field_invalid_value', line: 4, column: 1 },
      { code: 'field_invalid_type', line: 5, column: 1 },
    ]);
  });

  it('S6 an agent file without frontmatter is reported', () => {
    expect(errorCodes(parseSubagent('You help.\n'))).toEqual(['frontmatter_missing']);
  });
});
