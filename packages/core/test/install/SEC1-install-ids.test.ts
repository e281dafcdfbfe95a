import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readTrustedWorkspaces, trustWorkspace } from '../../src/discover/trust-store.js';
import { cancelDraft } from '../../src/install/cancel-draft.js';
import { checkInstalled } from '../../src/install/check-installed.js';
import { confirmInstall } from '../../src/install/confirm-install.js';
import { DraftStore } from '../../src/install/draft-store.js';
import type { InstallDraft } from '../../src/install/install-draft.js';
import { readProjectLock } from '../../src/install/locks/project-lock.js';
import { prepareInstall } from '../../src/install/prepare-install.js';
import { removeInstalled } from '../../src/install/remove-installed.js';
import { updateInstalled } from '../../src/install/update-installed.js';
import { snapshotTree, writeSourceSkill } from './publish/publish-fixtures.js';

let base: string;
let source: string;
let projectRoot: string;
let home: string;
let victim: string;
beforeEach(async () => {
  base = mkdtempSync(path.join(tmpdir(), 'skilldock-ids-'));
  projectRoot = path.join(base, 'project');
  // Inside the project: a project lock's local source must be (SPEC SEC1).
  source = path.join(projectRoot, 'vendor');
  home = path.join(base, 'home');
  victim = path.join(base, 'victim');
  for (const folder of [source, home, victim, path.join(projectRoot, '.git')])
    mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(victim, 'data.txt'), 'keep\n');
  writeSourceSkill(path.join(source, 'skills'), 'pdf');
  const draft = await prepareInstall(source, { cwd: projectRoot });
  await confirmInstall(draft, { ...target(), ids: '*', agents: ['claude-code'], mode: 'symlink' });
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const target = () => ({ scope: 'project' as const, projectRoot, home, env: {} });
const lockFile = () => path.join(projectRoot, 'skills-lock.json');

describe('SEC1 ids at the core install functions', () => {
  it('SEC1 removeInstalled refuses ids that are not one folder name before reading anything', async () => {
    const before = snapshotTree(projectRoot, home, victim);
    for (const id of ['..', '../victim', '../../', 'a/b', '', 'a\u0000b', 'toString']) {
      await expect(removeInstalled([id], target())).rejects.toMatchObject({ code: 'invalid_skill_id' });
      await expect(removeInstalled(['pdf', id], target())).rejects.toMatchObject({
        code: 'invalid_skill_id',
      });
    }
    for (const id of ['constructor', '__proto__'])
      await expect(removeInstalled([id], target())).rejects.toMatchObject({ code: 'skill_not_installed' });
    expect(snapshotTree(projectRoot, home, victim)).toEqual(before);
  });

  it('SEC1 check and update refuse hostile ids, and never act on a lock key that is not an id', async () => {
    await expect(checkInstalled({ ...target(), ids: ['../victim'] })).rejects.toMatchObject({
      code: 'invalid_skill_id',
    });
    const lock = JSON.parse(readFileSync(lockFile(), 'utf8'));
    lock.skills['../victim'] = { ...lock.skills.pdf };
    writeFileSync(lockFile(), JSON.stringify(lock));
    writeFileSync(path.join(source, 'skills', 'pdf', 'references', 'notes.md'), '# changed\n');
    const result = await updateInstalled(target());
    expect(result.skills.map((status) => [status.id, status.status])).toEqual([
      ['../victim', 'sourceMissing'],
      ['pdf', 'changed'],
    ]);
    expect(result.skills[0]).toMatchObject({ code: 'invalid_skill_id' });
    expect(result.updated).toEqual(['pdf']);
    expect(readFileSync(path.join(victim, 'data.txt'), 'utf8')).toBe('keep\n');
    expect(existsSync(path.join(base, 'victim', 'SKILL.md'))).toBe(false);
  });

  it('SEC1 __proto__, constructor and toString keys in skills-lock.json survive a rewrite like any unknown key', async () => {
    const lock = JSON.parse(readFileSync(lockFile(), 'utf8'));
    const text = JSON.stringify(lock, null, 2)
      .replace('"version": 1,', '"version": 1,\n  "__proto__": { "top": true },\n  "toString": "kept",')
      .replace(
        '"pdf": {',
        '"constructor": { "source": "x", "sourceType": "local", "computedHash": "h" },\n    "pdf": {\n      "__proto__": { "entry": true },',
      );
    writeFileSync(lockFile(), text);
    const read = await readProjectLock(projectRoot);
    expect(Object.keys(read.skills).sort()).toEqual(['constructor', 'pdf']);
    expect(read.skills.toString).toBeUndefined();
    writeFileSync(path.join(source, 'skills', 'pdf', 'references', 'notes.md'), '# changed\n');
    await updateInstalled({ ...target(), ids: ['pdf'] });
    const written = readFileSync(lockFile(), 'utf8');
    expect(written).toContain('"__proto__": {\n    "top": true\n  }');
    expect(written).toContain('"toString": "kept"');
    expect(written).toContain('"constructor": {');
    expect(written).toContain('"__proto__": {\n        "entry": true\n      }');
    await removeInstalled(['constructor'], target());
    expect(readFileSync(lockFile(), 'utf8')).not.toContain('"constructor"');
    expect(readFileSync(lockFile(), 'utf8')).toContain('"entry": true');
  });
});

describe('P6 drafts of processes that are gone', () => {
  const staging = () => path.join(base, 'staging');
  const ownedFolder = (pid: number) => {
    const id = randomUUID();
    const folder = path.join(staging(), id);
    mkdirSync(path.join(folder, 'fetch'), { recursive: true });
    writeFileSync(`${folder}.owner`, JSON.stringify({ pid, host: hostname() }));
    return id;
  };

  it('P6 sweep removes a draft whose owner process has ended and keeps one whose owner runs', async () => {
    const ended = spawnSync(process.execPath, ['-e', '']).pid;
    const gone = ownedFolder(ended);
    const alive = ownedFolder(process.ppid);
    const store = new DraftStore({ directory: staging() });
    expect(await store.sweep()).toEqual([gone]);
    expect(existsSync(path.join(staging(), gone))).toBe(false);
    expect(existsSync(path.join(staging(), `${gone}.owner`))).toBe(false);
    expect(existsSync(path.join(staging(), alive))).toBe(true);
  });

  it('P6 a sweep keeps the draft of another copy of core in this process (a worker thread) and removes one left by an earlier process with this pid', async () => {
    // A second copy of the module, as each worker thread loads its own: same pid, its own drafts.
    const otherCopy = (await import(
      '../../src/install/draft-owner.js?as-another-thread'
    )) as typeof import('../../src/install/draft-owner.js');
    const id = randomUUID();
    const otherThreadsDraft = path.join(staging(), id);
    mkdirSync(path.join(otherThreadsDraft, 'fetch'), { recursive: true });
    otherCopy.claimDraftFolder(otherThreadsDraft, staging());
    // An owner file without a copy named: written before copies were told apart, so by an earlier
    // process whose pid this one now has.
    const earlier = ownedFolder(process.pid);
    const store = new DraftStore({ directory: staging() });
    expect(await store.sweep()).toEqual([earlier]);
    expect(existsSync(path.join(otherThreadsDraft, 'fetch'))).toBe(true);
    otherCopy.releaseDraftFolder(otherThreadsDraft);
    expect(existsSync(`${otherThreadsDraft}.owner`)).toBe(false);
  });

  it('P6 a process-owned draft carries an owner file; a draft store draft outlives its process', async () => {
    const owned = await prepareInstall(source, { cwd: projectRoot, stagingParent: staging() });
    expect(existsSync(`${owned.stagingDirectory}.owner`)).toBe(true);
    const kept = await new DraftStore({ directory: staging() }).prepare(source, { cwd: projectRoot });
    expect(existsSync(`${kept.stagingDirectory}.owner`)).toBe(false);
    await cancelDraft(owned);
    expect(existsSync(`${owned.stagingDirectory}.owner`)).toBe(false);
  });

  it('SEC1 cancelDraft refuses a forged draft whose id is not one folder name', async () => {
    const forged = {
      id: '..',
      stagingDirectory: path.join(base, 'staging', '..'),
    } as unknown as InstallDraft;
    await expect(cancelDraft(forged)).rejects.toMatchObject({ code: 'invalid_draft' });
    expect(existsSync(path.join(base, 'victim', 'data.txt'))).toBe(true);
  });
});

describe('D2 the trust store under concurrent writers', () => {
  it('D2 eight folders trusted at once are all remembered', async () => {
    const folders = Array.from({ length: 8 }, (_, index) => {
      const folder = path.join(base, `workspace-${index}`);
      mkdirSync(folder);
      return folder;
    });
    await Promise.all(folders.map((folder) => trustWorkspace(folder, { homeDirectory: home })));
    expect((await readTrustedWorkspaces({ homeDirectory: home })).length).toBe(8);
  });
});
