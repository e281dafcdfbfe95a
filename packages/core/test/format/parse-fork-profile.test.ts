import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseForkProfile } from '../../src/format/parse-fork-profile.js';
import { FIXTURES } from './format-test-helpers.js';

const profile = (fields: readonly string[]) => `---\n${fields.join('\n')}\n---\nHint body.\n`;
const FILE = '/repo/.qwen/fork-profiles/explore.md';
const errorCodes = (result: ReturnType<typeof parseForkProfile>) =>
  result.diagnostics.map((diagnostic) => diagnostic.code);

describe('S7 fork profiles', () => {
  it('S7 reads the explore fixture', async () => {
    const file = path.join(FIXTURES, 'fork-profiles/explore.md');
    const result = parseForkProfile(await readFile(file), { file });
    expect(result.ok && result.profile).toEqual({
      name: 'explore',
      tools: ['read_file', 'grep', 'mcp__github__read_*'],
      promptHint: 'Explore the codebase read-only and report what you find.',
      body: '\nExplore without editing anything.\n',
    });
  });

  it('S7 the name must equal the file name (also under .agents/fork-profiles)', () => {
    const text = profile(['name: explore', 'tools:', '  - grep']);
    expect(parseForkProfile(text, { file: '/repo/.agents/fork-profiles/explore.md' }).ok).toBe(true);
    const result = parseForkProfile(text, { file: '/repo/.qwen/fork-profiles/other.md' });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: 'fork_profile_name_mismatch',
        severity: 'error',
        path: ['name'],
        file: '/repo/.qwen/fork-profiles/other.md',
        line: 2,
        column: 1,
      }),
    ]);
  });

  it('S7 tools is required', () => {
    const result = parseForkProfile(profile(['name: explore']), { file: FILE });
    expect(result.ok).toBe(false);
    expect(result.diagnostics).toEqual([expect.objectContaining({ path: ['tools'], severity: 'error' })]);
  });

  it.each(['mcp__*', 'mcp__github__*', 'mcp__github__read_*', 'mcp__my-server__get*'])(
    'S7 accepts the MCP wildcard %s',
    (tool) => {
      expect(parseForkProfile(profile(['name: explore', 'tools:', `  - "${tool}"`]), { file: FILE }).ok).toBe(
        true,
      );
    },
  );

  it.each(['*', 'read_*', '*_file', 'mcp__*__read', 'mcp__github__*_file', 'mcp*', 'mcp__git*'])(
    'S7 rejects the wildcard %s at its position',
    (tool) => {
      const result = parseForkProfile(profile(['name: explore', 'tools:', '  - grep', `  - "${tool}"`]), {
        file: FILE,
      });
      expect(result.diagnostics).toEqual([
        expect.objectContaining({ code: 'fork_profile_wildcard', path: ['tools', 1], line: 5, column: 5 }),
      ]);
    },
  );

  it('S7 a tools value of "*" is not a list and is rejected', () => {
    expect(parseForkProfile(profile(['name: explore', 'tools: "*"']), { file: FILE }).ok).toBe(false);
  });

  it('S7 promptHint is at most 200 characters, counted in code points', () => {
    const withHint = (hint: string) =>
      profile(['name: explore', 'tools:', '  - grep', `promptHint: "${hint}"`]);
    expect(parseForkProfile(withHint('🎉'.repeat(200)), { file: FILE }).ok).toBe(true);
    expect(errorCodes(parseForkProfile(withHint('h'.repeat(201)), { file: FILE }))).toEqual([
      'fork_profile_hint_too_long',
    ]);
  });
});
