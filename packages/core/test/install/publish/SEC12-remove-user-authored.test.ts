import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { confirmInstall } from '../../../src/install/confirm-install.js';
import { readProjectLock } from '../../../src/install/locks/project-lock.js';
import { removeInstalled } from '../../../src/install/remove-installed.js';
import { makeLocalDraft, snapshotTree, writeSourceSkill } from './publish-fixtures.js';

let base: string;
let projectRoot: string;
let home: string;
beforeEach(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'skilldock-sec12-'));
  projectRoot = path.join(base, 'project');
  home = path.join(base, 'home');
  const source = path.join(base, 'source');
  for (const folder of [source, home, path.join(projectRoot, '.git')]) mkdirSync(folder, { recursive: true });
  writeSourceSkill(source, 'pdf');
  const draft = await makeLocalDraft(source, ['pdf'], path.join(base, 'staging'));
  await confirmInstall(draft, { ...target(), ids: '*', agents: ['codex'], mode: 'copy' });
  // A skill the user wrote by hand: on disk where agents look, recorded by no lock.
  writeSourceSkill(path.join(projectRoot, '.agents', 'skills'), 'mine');
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const target = () => ({ scope: 'project' as const, projectRoot, home, env: {} });
const mine = () => path.join(projectRoot, '.agents', 'skills', 'mine');

describe('SEC12 removing a skill no lock records', () => {
  it('SEC12 is refused without confirmation, naming the skill and its folders, and nothing changes', async () => {
    const before = snapshotTree(projectRoot, home);
    await expect(removeInstalled(['mine'], target())).rejects.toMatchObject({
      code: 'removal_needs_confirmation',
      details: { skills: [{ id: 'mine', paths: [mine()] }] },
    });
    // All or nothing: the recorded skill named with it stays too.
    await expect(removeInstalled(['pdf', 'mine'], target())).rejects.toMatchObject({
      code: 'removal_needs_confirmation',
    });
    expect(snapshotTree(projectRoot, home)).toEqual(before);
  });

  it('SEC12 a confirmed id is removed and reported as not recorded; the lock is left as it was', async () => {
    const result = await removeInstalled(['mine', 'pdf'], { ...target(), confirmedUnrecorded: ['mine'] });
    expect(result.removed).toEqual([
      { id: 'mine', paths: [mine()], recorded: false, unlocked: false },
      {
        id: 'pdf',
        paths: [path.join(projectRoot, '.agents', 'skills', 'pdf')],
        recorded: true,
        unlocked: true,
      },
    ]);
    expect(existsSync(mine())).toBe(false);
    expect((await readProjectLock(projectRoot)).skills).toEqual({});
  });

  it('SEC12 confirming another id does not cover this one', async () => {
    await expect(
      removeInstalled(['mine'], { ...target(), confirmedUnrecorded: ['other'] }),
    ).rejects.toMatchObject({ code: 'removal_needs_confirmation' });
    expect(existsSync(path.join(mine(), 'SKILL.md'))).toBe(true);
    const all = await removeInstalled(['mine'], { ...target(), confirmedUnrecorded: '*' });
    expect(all.removed[0]).toMatchObject({ id: 'mine', recorded: false });
  });

  it('SEC12 a recorded skill is removed without any confirmation, as before', async () => {
    const result = await removeInstalled(['pdf'], target());
    expect(result.removed[0]).toMatchObject({ id: 'pdf', recorded: true, unlocked: true });
    expect(existsSync(path.join(mine(), 'SKILL.md'))).toBe(true);
  });
});
