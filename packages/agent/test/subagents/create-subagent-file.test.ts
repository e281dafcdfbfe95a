import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseSubagent } from '@skilldock/core/format';
import { describe, expect, it } from 'vitest';
import { createSubagentFile } from '../../src/subagents/index.js';
import { makeWorkspaceFolders } from '../workspace/workspace-folders.js';

describe('createSubagentFile', () => {
  it('A8 writes <name>.md that validates, and refuses to overwrite it', async () => {
    const folders = await makeWorkspaceFolders();
    try {
      const directory = path.join(folders.project, '.agents', 'agents');
      const file = await createSubagentFile(directory, {
        name: 'reviewer',
        tools: ['read_file'],
        approvalMode: 'plan',
      });
      expect(file).toBe(path.join(directory, 'reviewer.md'));
      const parsed = parseSubagent(await readFile(file), { file });
      expect(parsed.ok && parsed.subagent.frontmatter).toMatchObject({
        tools: ['read_file'],
        approvalMode: 'plan',
      });
      await expect(createSubagentFile(directory, { name: 'reviewer' })).rejects.toMatchObject({
        code: 'subagent_exists',
      });
    } finally {
      await folders.cleanup();
    }
  });

  it.each(['..', 'a/b', '../../escape', '__proto__', 'main', 'x', 'con'])(
    'SEC1 refuses the hostile name %s',
    async (name) => {
      const folders = await makeWorkspaceFolders();
      try {
        await expect(
          createSubagentFile(path.join(folders.project, '.agents', 'agents'), { name }),
        ).rejects.toMatchObject({
          code: 'invalid_subagent_name',
        });
      } finally {
        await folders.cleanup();
      }
    },
  );

  it('SEC1 never writes through a link in place of the file', async () => {
    const folders = await makeWorkspaceFolders();
    try {
      const directory = path.join(folders.project, '.agents', 'agents');
      await mkdir(directory, { recursive: true });
      const target = path.join(folders.home, 'target.md');
      await writeFile(target, 'keep me');
      await symlink(target, path.join(directory, 'linked.md'));
      await expect(createSubagentFile(directory, { name: 'linked' })).rejects.toMatchObject({
        code: 'subagent_exists',
      });
      expect(await readFile(target, 'utf8')).toBe('keep me');
    } finally {
      await folders.cleanup();
    }
  });

  it('A8 a description over 1000 characters is refused before anything is written', async () => {
    const folders = await makeWorkspaceFolders();
    try {
      await expect(
        createSubagentFile(path.join(folders.project, 'agents'), {
          name: 'long',
          description: 'd'.repeat(1001),
        }),
      ).rejects.toMatchObject({ code: 'invalid_subagent_definition' });
    } finally {
      await folders.cleanup();
    }
  });
});
