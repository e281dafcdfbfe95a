/**
 * Issue 23: `chmod 4755` inside a run left a root-owned set-user-id file in the host's run folder
 * (the sandbox's user maps to the server's, root in production containers). Once a command ends,
 * no file or folder under the work folder keeps a set-id bit; inside, every bind is nosuid.
 */
import { chmod, lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTool } from '@skilldock/agent/tools';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRunTools } from '../../src/run-tools/index.js';
import { defaultSandboxHostUser } from '../../src/run-tools/sandbox-host-user.js';

const runsAsRoot = process.getuid?.() === 0;

import { type RunFoldersFixture, runFoldersFixture } from './run-folders-fixture.js';

/** Every entry under `folder` (itself included) with its mode and owner, links not followed. */
async function walk(folder: string): Promise<{ file: string; mode: number; uid: number }[]> {
  const stats = await lstat(folder);
  const found = [{ file: folder, mode: stats.mode, uid: stats.uid }];
  if (stats.isDirectory())
    for (const name of await readdir(folder)) found.push(...(await walk(path.join(folder, name))));
  return found;
}

describe('SEC4 a sandboxed command leaves no set-id file on the host', () => {
  let fixture: RunFoldersFixture;
  let shell: AgentTool;
  beforeEach(async () => {
    fixture = await runFoldersFixture();
    const runTools = await createRunTools({
      projectionDirectory: fixture.projection,
      workspaceDirectory: fixture.workspace,
      workFolder: fixture.workFolder,
      shell: { enabled: true, network: false },
    });
    const found = runTools.tools.find((tool) => tool.name === 'shell');
    if (found === undefined)
      throw new Error(
        `The sandboxed shell is unavailable: ${runTools.notices.map((n) => n.message).join(' ')}`,
      );
    shell = found;
  });
  afterEach(async () => {
    await fixture.remove();
  });

  it('SEC4 after chmod 4755, 2755 and 6755 of files and folders, no entry under the run folder keeps a set-id bit', async () => {
    const command = [
      'cp /bin/true suid && chmod 4755 suid',
      'touch sgid && chmod 2755 sgid',
      'mkdir -p shared/deep && chmod 2775 shared && cp /bin/true shared/deep/both && chmod 6755 shared/deep/both',
      'mkdir locked && touch locked/inner && chmod 4755 locked/inner && chmod 000 locked',
      'ln -s /bin/true link',
      // Inside, the bit never takes effect: every bind is nosuid.
      'grep " $PWD " /proc/self/mountinfo | grep -c nosuid',
      'ls -l suid sgid',
    ].join(' && ');
    const result = await shell.execute({ command }, fixture.context());
    expect(result.isError, result.content).toBe(false);
    expect(result.content).toMatch(/-rwsr-xr-x .* suid/);
    expect(result.content).toMatch(/^[1-9]/m);
    const entries = await walk(fixture.workFolder);
    expect(entries.map((entry) => path.relative(fixture.workFolder, entry.file))).toEqual(
      expect.arrayContaining(['suid', 'sgid', 'shared/deep/both', 'locked/inner']),
    );
    const setId = entries.filter((entry) => (entry.mode & 0o6000) !== 0).map((entry) => entry.file);
    expect(setId).toEqual([]);
    // The permissions besides the set-id bits are kept.
    expect((await lstat(path.join(fixture.workFolder, 'suid'))).mode & 0o777).toBe(0o755);
  });

  it.runIf(runsAsRoot)(
    'SEC4 as root with sandboxUser nobody: what commands make is not root-owned, and they may change what the file tools wrote',
    async () => {
      // The fixture's data folder is private (mkdtemp); nobody needs to pass through it.
      await chmod(fixture.dataDir, 0o711);
      const runTools = await createRunTools({
        projectionDirectory: fixture.projection,
        workspaceDirectory: fixture.workspace,
        workFolder: fixture.workFolder,
        shell: { enabled: true, network: false },
        sandboxUser: defaultSandboxHostUser()!,
      });
      expect(runTools.notices.map((notice) => notice.code)).not.toContain('sandbox_user_unavailable');
      const tools = new Map(runTools.tools.map((tool) => [tool.name, tool]));
      const written = await tools
        .get('write_file')!
        .execute({ path: 'notes.txt', content: 'one\n' }, fixture.context());
      expect(written.isError, written.content).toBe(false);
      const result = await tools
        .get('shell')!
        .execute(
          { command: 'echo two >> notes.txt && mkdir made && touch made/file && id -u' },
          fixture.context(),
        );
      expect(result.isError, result.content).toBe(false);
      expect(await readFile(path.join(fixture.workFolder, 'notes.txt'), 'utf8')).toBe('one\ntwo\n');
      const owners = (await walk(fixture.workFolder)).map((entry) => entry.uid);
      expect(owners.filter((uid) => uid === 0)).toEqual([]);
      expect(owners).toContain(65_534);
      // Inside, the command is still the sandbox's own user.
      expect(result.content).toMatch(/^1000\n/);
    },
  );

  it.runIf(runsAsRoot)(
    'SEC4 where nobody cannot reach the run folders, commands run as the server user and a notice says so',
    async () => {
      await chmod(fixture.dataDir, 0o700);
      const runTools = await createRunTools({
        projectionDirectory: fixture.projection,
        workspaceDirectory: fixture.workspace,
        workFolder: fixture.workFolder,
        shell: { enabled: true, network: false },
        sandboxUser: defaultSandboxHostUser()!,
      });
      const notice = runTools.notices.find((entry) => entry.code === 'sandbox_user_unavailable');
      expect(notice?.message).toContain('chmod o+x');
      const shell = runTools.tools.find((tool) => tool.name === 'shell')!;
      const result = await shell.execute(
        { command: 'cp /bin/true s && chmod 4755 s && touch t' },
        fixture.context(),
      );
      expect(result.isError, result.content).toBe(false);
      expect((await walk(fixture.workFolder)).filter((entry) => (entry.mode & 0o6000) !== 0)).toEqual([]);
    },
  );
});
