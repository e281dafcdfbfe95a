import { describe, expect, it } from 'vitest';
import { loadForkProfiles } from '../../src/subagents/index.js';
import { makeWorkspaceFolders } from '../workspace/workspace-folders.js';
import { writeAgentFile } from './subagent-folders-fixture.js';

const profile = (name: string, hint = 'Look, do not touch.') =>
  `---\nname: ${name}\ntools:\n  - read_file\n  - grep\npromptHint: ${hint}\n---\n`;

describe('loadForkProfiles', () => {
  it('S7 reads project profiles (.qwen, then .agents), then user ones; the first of a name wins', async () => {
    const folders = await makeWorkspaceFolders();
    try {
      const qwen = await writeAgentFile(
        folders.project,
        '.qwen/fork-profiles',
        'explore.md',
        profile('explore', 'Qwen.'),
      );
      const agents = await writeAgentFile(
        folders.project,
        '.agents/fork-profiles',
        'explore.md',
        profile('explore', 'Agents.'),
      );
      await writeAgentFile(folders.home, '.qwen/fork-profiles', 'mine.md', profile('mine'));
      const { profiles, diagnostics } = await loadForkProfiles({
        projectRoot: folders.project,
        homeDirectory: folders.home,
        trusted: true,
      });
      expect([...profiles.keys()]).toEqual(['explore', 'mine']);
      expect(profiles.get('explore')).toMatchObject({
        level: 'project',
        file: qwen,
        promptHint: 'Qwen.',
        tools: ['read_file', 'grep'],
      });
      expect(profiles.get('mine')?.level).toBe('user');
      expect(diagnostics).toEqual([expect.objectContaining({ code: 'fork_profile_shadowed', file: agents })]);
    } finally {
      await folders.cleanup();
    }
  });

  it('S7 a name that differs from the file name is an error with line and column', async () => {
    const folders = await makeWorkspaceFolders();
    try {
      const file = await writeAgentFile(
        folders.project,
        '.qwen/fork-profiles',
        'other.md',
        profile('explore'),
      );
      const { profiles, diagnostics } = await loadForkProfiles({
        projectRoot: folders.project,
        homeDirectory: folders.home,
        trusted: true,
      });
      expect(profiles.size).toBe(0);
      expect(diagnostics).toEqual([
        expect.objectContaining({
          code: 'fork_profile_name_mismatch',
          file,
          line: 2,
          column: 1,
          path: ['name'],
        }),
      ]);
    } finally {
      await folders.cleanup();
    }
  });

  it('A11 safe mode reads no profiles at all; an untrusted workspace reads only the user ones', async () => {
    const folders = await makeWorkspaceFolders();
    try {
      await writeAgentFile(folders.project, '.qwen/fork-profiles', 'proj.md', profile('proj'));
      await writeAgentFile(folders.home, '.agents/fork-profiles', 'mine.md', profile('mine'));
      const options = { projectRoot: folders.project, homeDirectory: folders.home };
      expect((await loadForkProfiles({ ...options, trusted: true, safeMode: true })).profiles.size).toBe(0);
      expect([...(await loadForkProfiles({ ...options, trusted: false })).profiles.keys()]).toEqual(['mine']);
    } finally {
      await folders.cleanup();
    }
  });
});
