import { parseSubagent } from '@skilldock/core/format';
import { describe, expect, it } from 'vitest';
import { mapSubagentToolNames, resolveSubagent, resolveSubagentModel } from '../../src/subagents/index.js';

const FILE = '/p/.claude/agents/runner.md';
const resolve = (lines: readonly string[], options: { modelAliases?: Record<string, string> } = {}) => {
  const parsed = parseSubagent(
    `---\nname: runner\ndescription: Runs things.\n${lines.join('\n')}\n---\nRun.\n`,
    {
      file: FILE,
    },
  );
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.diagnostics));
  return resolveSubagent(parsed.subagent, {
    level: 'project',
    file: FILE,
    diagnostics: parsed.diagnostics,
    ...options,
  });
};

describe('resolveSubagent', () => {
  it('A1 a Claude Code file loads unchanged: tool names, model alias, permissionMode and maxTurns read as ours', () => {
    const agent = resolve([
      'tools: Read, Write, Edit, Bash, Glob, Grep, LS, TodoWrite',
      'model: haiku',
      'permissionMode: acceptEdits',
      'maxTurns: 9',
      'color: green',
    ]);
    expect(agent).toMatchObject({
      name: 'runner',
      level: 'project',
      file: FILE,
      systemPrompt: 'Run.',
      tools: ['read_file', 'write_file', 'edit', 'shell', 'glob', 'grep', 'ls', 'todo_write'],
      model: { kind: 'fast' },
      approvalMode: 'auto-edit',
      maxTurns: 9,
      background: true,
    });
    expect(agent.diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['subagent_field_unknown']);
    expect(Object.isFrozen(agent)).toBe(true);
  });

  it('A1 a Claude tool with no counterpart is kept and warned at its position, never dropped', () => {
    const agent = resolve([
      'tools:',
      '  - Read',
      '  - WebFetch',
      '  - mystery_tool',
      '  - mcp__github__get_issue',
    ]);
    expect(agent.tools).toEqual(['read_file', 'WebFetch', 'mystery_tool', 'mcp__github__get_issue']);
    expect(agent.diagnostics).toEqual([
      {
        code: 'subagent_tool_unmapped',
        severity: 'warning',
        message: "'WebFetch' has no Skilldock counterpart; it is kept but matches no tool",
        file: FILE,
        line: 6,
        column: 5,
        path: ['tools', 1],
      },
      expect.objectContaining({ code: 'subagent_tool_unknown', line: 7, path: ['tools', 2] }),
    ]);
  });

  it('A1 disallowedTools are mapped too, and applied as given after tools', () => {
    const agent = resolve(['tools: "*"', 'disallowedTools: Bash, mcp__github']);
    expect(agent.tools).toBe('*');
    expect(agent.disallowedTools).toEqual(['shell', 'mcp__github']);
  });

  it('A1 model aliases map through settings; sonnet and opus inherit, haiku is fast by default', () => {
    expect(resolveSubagentModel('sonnet')).toEqual({ kind: 'inherit' });
    expect(resolveSubagentModel('opus')).toEqual({ kind: 'inherit' });
    expect(resolveSubagentModel('inherit')).toEqual({ kind: 'inherit' });
    expect(resolveSubagentModel('sonnet', { sonnet: 'anthropic:claude-sonnet-4-5' })).toEqual({
      kind: 'model',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
    });
    expect(resolveSubagentModel('toString')).toEqual({ kind: 'model', model: 'toString' });
    expect(resolve(['model: opus'], { modelAliases: { opus: 'openai:gpt-4.1' } }).model).toEqual({
      kind: 'model',
      provider: 'openai',
      model: 'gpt-4.1',
    });
  });

  it('A1 Qwen Code fields: modelConfig, runConfig, approvalMode, disallowedTools, background', () => {
    const agent = resolve([
      'modelConfig:',
      '  model: qwen3-coder-plus',
      '  temp: 0.3',
      'runConfig:',
      '  max_turns: 4',
      '  max_time_minutes: 1.5',
      'approvalMode: plan',
      'disallowedTools:',
      '  - run_shell_command',
      'background: false',
    ]);
    expect(agent).toMatchObject({
      model: { kind: 'model', model: 'qwen3-coder-plus' },
      maxTurns: 4,
      maxTimeMs: 90_000,
      approvalMode: 'plan',
      disallowedTools: ['shell'],
      background: false,
    });
    expect(agent.diagnostics).toEqual([
      expect.objectContaining({ code: 'subagent_field_unsupported', path: ['modelConfig', 'temp'], line: 4 }),
    ]);
  });

  it('A1 approvalMode wins over permissionMode, with a warning', () => {
    const agent = resolve(['approvalMode: plan', 'permissionMode: bypassPermissions']);
    expect(agent.approvalMode).toBe('plan');
    expect(agent.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      'subagent_permission_mode_ignored',
    ]);
  });

  it('A7 an executor definition keeps its executor and runs in the foreground unless it says otherwise', () => {
    const agent = resolve([
      'executor:',
      '  kind: codex',
      '  command: codex',
      '  args: [app-server]',
      'approvalMode: auto-edit',
    ]);
    expect(agent).toMatchObject({
      executor: { kind: 'codex', command: 'codex', args: ['app-server'] },
      approvalMode: 'auto-edit',
      background: false,
    });
  });

  it('A1 the mapping leaves our own names and MCP patterns alone and drops duplicates', () => {
    expect(mapSubagentToolNames(['read_file', 'Read', 'mcp__*', 'grep_search'], { field: 'tools' })).toEqual({
      names: ['read_file', 'mcp__*', 'grep'],
      diagnostics: [],
    });
  });
});
