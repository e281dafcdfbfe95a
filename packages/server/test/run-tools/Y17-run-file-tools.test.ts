import { readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentTool } from '@skilldock/agent/tools';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRunTools } from '../../src/run-tools/index.js';
import {
  BOB_SECRET,
  DATA_SECRET,
  PDF_SKILL,
  type RunFoldersFixture,
  runFoldersFixture,
} from './run-folders-fixture.js';

describe('run file tools', () => {
  let fixture: RunFoldersFixture;
  let tools: Map<string, AgentTool>;
  beforeEach(async () => {
    fixture = await runFoldersFixture();
    const runTools = await createRunTools({
      projectionDirectory: fixture.projection,
      workspaceDirectory: fixture.workspace,
      workFolder: fixture.workFolder,
      shell: { enabled: false, network: false },
    });
    tools = new Map(runTools.tools.map((tool) => [tool.name, tool]));
  });
  afterEach(() => fixture.remove());

  const call = (name: string, input: Record<string, unknown>) =>
    tools.get(name)!.execute(input, fixture.context());

  it('Y17 offers the file tools and, with the shell off for the agent, no shell and a notice saying so', async () => {
    const runTools = await createRunTools({
      projectionDirectory: fixture.projection,
      workFolder: fixture.workFolder,
      shell: { enabled: false, network: true },
    });
    expect(runTools.tools.map((tool) => tool.name)).toEqual([
      'read_file',
      'write_file',
      'edit',
      'ls',
      'glob',
      'grep',
    ]);
    expect(runTools.notices).toEqual([
      {
        tool: 'shell',
        code: 'shell_disabled',
        message: 'The shell tool is off: an admin has not enabled it for this agent.',
      },
    ]);
    expect(runTools.cwd).toBe(fixture.workFolder);
    expect(runTools.readOnlyRoots).toEqual([fixture.projection]);
    expect(runTools.layout).toContain(`Your work folder is ${fixture.workFolder}`);
    expect(runTools.layout).toContain('There is no shell in this run.');
  });

  it('Y17 keeps the shell off when bwrap is missing, and says so instead of running commands unsandboxed', async () => {
    const runTools = await createRunTools({
      projectionDirectory: fixture.projection,
      workFolder: fixture.workFolder,
      shell: { enabled: true, network: false },
      bwrapPath: path.join(fixture.dataDir, 'no-such-bwrap'),
    });
    expect(runTools.tools.map((tool) => tool.name)).not.toContain('shell');
    expect(runTools.notices).toHaveLength(1);
    expect(runTools.notices[0]!.code).toBe('sandbox_unavailable');
    expect(runTools.notices[0]!.message).toContain(
      `${path.join(fixture.dataDir, 'no-such-bwrap')} is not installed`,
    );
  });

  it('Y17 keeps the shell off when bwrap cannot build the sandbox here (no user namespaces), quoting it', async () => {
    const refusing = path.join(fixture.dataDir, 'refusing-bwrap');
    await writeFile(
      refusing,
      '#!/bin/sh\necho "bwrap: No permissions to create new namespace" >&2\nexit 1\n',
      {
        mode: 0o755,
      },
    );
    const runTools = await createRunTools({
      projectionDirectory: fixture.projection,
      workFolder: fixture.workFolder,
      shell: { enabled: true, network: false },
      bwrapPath: refusing,
    });
    expect(runTools.tools.map((tool) => tool.name)).not.toContain('shell');
    expect(runTools.notices).toEqual([
      {
        tool: 'shell',
        code: 'sandbox_unavailable',
        message: expect.stringContaining(
          'cannot build the sandbox on this host (bwrap: No permissions to create new namespace)',
        ),
      },
    ]);
  });

  it('Y17 reads the projection and the workspace, and writes the work folder whatever the run context says', async () => {
    expect(await call('read_file', { path: path.join(fixture.projection, 'pdf', 'SKILL.md') })).toMatchObject(
      {
        isError: false,
        content: expect.stringContaining('Use pdftotext.'),
      },
    );
    const notes = path.join(fixture.workspace, 'agents', 'skills', 'notes', 'SKILL.md');
    expect((await call('read_file', { path: notes })).content).toContain('notes skill');
    expect(await call('write_file', { path: 'report.md', content: '# Report\n' })).toMatchObject({
      isError: false,
    });
    expect(await readFile(path.join(fixture.workFolder, 'report.md'), 'utf8')).toBe('# Report\n');
    expect((await call('ls', {})).content).toContain('report.md');
  });

  it('Y17 refuses to write a skill: the projection and the workspace are read-only to every writing tool', async () => {
    const skill = path.join(fixture.projection, 'pdf', 'SKILL.md');
    const write = await call('write_file', { path: skill, content: 'hijacked' });
    expect(write.isError).toBe(true);
    expect(write.content).toContain('read-only');
    const edit = await call('edit', {
      path: skill,
      old_string: 'Use pdftotext.',
      new_string: 'Run rm -rf /.',
    });
    expect(edit.isError).toBe(true);
    const personal = await call('write_file', {
      path: path.join(fixture.workspace, 'agents', 'skills', 'notes', 'SKILL.md'),
      content: 'hijacked',
    });
    expect(personal.isError).toBe(true);
    expect(await readFile(skill, 'utf8')).toBe(PDF_SKILL);
  });

  it("Y15 refuses another user's projection and the data folder, by absolute path and by ..", async () => {
    for (const target of [fixture.bobSecretFile, fixture.dataSecretFile, '/etc/passwd']) {
      const read = await call('read_file', { path: target });
      expect(read.isError, target).toBe(true);
      expect(read.content).toContain('Refused');
      expect(read.content).not.toContain(BOB_SECRET);
      expect(read.content).not.toContain(DATA_SECRET);
    }
    const upward = path.relative(fixture.workFolder, fixture.dataSecretFile);
    expect(upward.startsWith('..')).toBe(true);
    expect((await call('read_file', { path: upward })).content).toContain('Refused');
    expect((await call('write_file', { path: '../escaped.txt', content: 'x' })).isError).toBe(true);
    expect((await call('ls', { path: '..' })).isError).toBe(true);
    expect((await call('grep', { pattern: 'SECRET', path: fixture.dataDir })).isError).toBe(true);
  });

  it('Y15 a link planted in the work folder that points out is refused for reading and writing', async () => {
    await symlink(fixture.bobSecretFile, path.join(fixture.workFolder, 'bob.md'));
    await symlink(fixture.dataDir, path.join(fixture.workFolder, 'data'));
    await symlink(path.join(fixture.projection, 'pdf'), path.join(fixture.workFolder, 'pdf'));
    const read = await call('read_file', { path: 'bob.md' });
    expect(read.isError).toBe(true);
    expect(read.content).toContain('symbolic link');
    expect((await call('read_file', { path: 'data/database.txt' })).isError).toBe(true);
    expect((await call('write_file', { path: 'data/planted.txt', content: 'x' })).isError).toBe(true);
    // A link into the projection may be read through (the user may read it) but never written through.
    expect((await call('read_file', { path: 'pdf/guide.txt' })).content).toContain('pdf guide');
    expect((await call('write_file', { path: 'pdf/guide.txt', content: 'hijacked' })).isError).toBe(true);
    expect(await readFile(path.join(fixture.projection, 'pdf', 'guide.txt'), 'utf8')).toBe('pdf guide\n');
    const grep = await call('grep', { pattern: 'SECRET', path: '.' });
    expect(grep.content).not.toContain(BOB_SECRET);
  });

  it('Y17 a user with no projection or workspace yet still gets a run, reading only the work folder', async () => {
    const runTools = await createRunTools({
      projectionDirectory: path.join(fixture.dataDir, 'projections', 'carol', 'skills'),
      workspaceDirectory: path.join(fixture.dataDir, 'workspaces', 'carol'),
      workFolder: fixture.workFolder,
      shell: { enabled: false, network: false },
    });
    expect(runTools.readOnlyRoots).toEqual([]);
    expect(runTools.layout).not.toContain('read-only');
    const read = runTools.tools.find((tool) => tool.name === 'read_file')!;
    expect(
      (await read.execute({ path: path.join(fixture.projection, 'pdf', 'SKILL.md') }, fixture.context()))
        .isError,
    ).toBe(true);
  });

  it('Y17 refuses folders that overlap or are links: a run could otherwise write what it may only read', async () => {
    await expect(
      createRunTools({
        projectionDirectory: fixture.projection,
        workFolder: path.join(fixture.projection, 'pdf'),
        shell: { enabled: false, network: false },
      }),
    ).rejects.toMatchObject({ code: 'run_folders_invalid' });
    await expect(
      createRunTools({
        projectionDirectory: fixture.projection,
        workspaceDirectory: '/',
        workFolder: fixture.workFolder,
        shell: { enabled: false, network: false },
      }),
    ).rejects.toMatchObject({ code: 'run_folders_invalid' });
    const link = path.join(fixture.dataDir, 'projection-link');
    await symlink(path.join(fixture.dataDir, 'projections', 'bob', 'skills'), link);
    await expect(
      createRunTools({
        projectionDirectory: link,
        workFolder: fixture.workFolder,
        shell: { enabled: false, network: false },
      }),
    ).rejects.toMatchObject({ code: 'symlink_refused' });
    await writeFile(path.join(fixture.dataDir, 'a-file'), 'x');
    await expect(
      createRunTools({
        projectionDirectory: fixture.projection,
        workFolder: path.join(fixture.dataDir, 'a-file'),
        shell: { enabled: false, network: false },
      }),
    ).rejects.toMatchObject({ code: 'run_folders_invalid' });
  });
});
