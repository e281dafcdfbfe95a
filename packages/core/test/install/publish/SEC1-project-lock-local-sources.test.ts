import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkInstalled } from '../../../src/install/check-installed.js';
import { confirmInstall } from '../../../src/install/confirm-install.js';
import { prepareInstall } from '../../../src/install/prepare-install.js';
import { updateInstalled } from '../../../src/install/update-installed.js';
import { snapshotTree, writeSourceSkill } from './publish-fixtures.js';

/**
 * A `skills-lock.json` comes with a cloned project: its local sources must lie inside the project
 * on real paths, or `skills update` would copy any folder of the machine into the project.
 */
let base: string;
let projectRoot: string;
let home: string;
let outside: string;
beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'skilldock-lock-sources-'));
  projectRoot = path.join(base, 'project');
  home = path.join(base, 'home');
  outside = path.join(base, 'outside');
  for (const folder of [home, path.join(projectRoot, '.git')]) mkdirSync(folder, { recursive: true });
  writeSourceSkill(path.join(projectRoot, 'vendor', 'skills'), 'pdf');
  // What an attacker's lock points at: a folder of the user's machine holding a "pdf" skill.
  writeSourceSkill(path.join(outside, 'skills'), 'pdf', 'SECRET of the machine');
  cpSync(path.join(outside, 'skills'), path.join(home, 'skills'), { recursive: true });
});
afterEach(() => rmSync(base, { recursive: true, force: true }));

const target = (scope: 'project' | 'global' = 'project') => ({ scope, projectRoot, home, env: {} });
const lockFile = () => path.join(projectRoot, 'skills-lock.json');
const installedSkill = () => path.join(projectRoot, '.agents', 'skills', 'pdf', 'SKILL.md');

async function installFromVendor(): Promise<void> {
  const draft = await prepareInstall(path.join(projectRoot, 'vendor'), { cwd: projectRoot });
  await confirmInstall(draft, { ...target(), ids: '*', agents: ['codex'], mode: 'copy' });
}

function rewriteLockEntry(fields: Record<string, unknown>): void {
  const lock = JSON.parse(readFileSync(lockFile(), 'utf8'));
  lock.skills.pdf = { ...lock.skills.pdf, ...fields };
  writeFileSync(lockFile(), JSON.stringify(lock, null, 2));
}

const HOSTILE_ENTRIES: readonly { name: string; fields: () => Record<string, unknown> }[] = [
  { name: 'an absolute folder', fields: () => ({ source: outside, sourceType: 'local' }) },
  { name: 'a relative path that climbs out', fields: () => ({ source: '../outside', sourceType: 'local' }) },
  { name: 'a folder under ~', fields: () => ({ source: '~/', sourceType: 'local' }) },
  {
    name: 'a link inside the project that leads out',
    fields: () => ({ source: 'linked', sourceType: 'local' }),
  },
  { name: 'no sourceType at all', fields: () => ({ source: outside, sourceType: undefined }) },
  {
    name: 'a git entry whose sourceUrl is a path',
    fields: () => ({ source: 'acme/skills', sourceType: 'git', sourceUrl: outside }),
  },
];

describe('SEC1 local sources in a project lock', () => {
  beforeEach(async () => {
    await installFromVendor();
    symlinkSync(outside, path.join(projectRoot, 'linked'));
  });

  it.each(HOSTILE_ENTRIES)(
    'SEC1 update refuses $name, says what to do and copies nothing',
    async ({ fields }) => {
      rewriteLockEntry(fields());
      const before = snapshotTree(projectRoot);
      const result = await updateInstalled(target());
      expect(result.updated).toEqual([]);
      const status = result.skills.find((skill) => skill.id === 'pdf');
      expect(status).toMatchObject({ status: 'sourceMissing', code: 'path_outside_folder' });
      const message = status?.status === 'sourceMissing' ? status.message : '';
      expect(message).toContain('outside the project');
      expect(message).toContain('--global');
      expect(snapshotTree(projectRoot)).toEqual(before);
      expect(readFileSync(installedSkill(), 'utf8')).not.toContain('SECRET');
    },
  );

  it('SEC1 check refuses the same source without reading it', async () => {
    rewriteLockEntry({ source: outside, sourceType: 'local' });
    const { skills } = await checkInstalled(target());
    expect(skills[0]).toMatchObject({ id: 'pdf', status: 'sourceMissing', code: 'path_outside_folder' });
  });

  it('SEC1 a local source inside the project still updates, by absolute or relative path', async () => {
    writeFileSync(path.join(projectRoot, 'vendor/skills/pdf/references/notes.md'), '# changed\n');
    expect((await updateInstalled(target())).updated).toEqual(['pdf']);
    rewriteLockEntry({ source: 'vendor', sourceType: 'local' });
    writeFileSync(path.join(projectRoot, 'vendor/skills/pdf/references/notes.md'), '# changed again\n');
    expect((await updateInstalled(target())).updated).toEqual(['pdf']);
    expect(readFileSync(path.join(projectRoot, '.agents/skills/pdf/references/notes.md'), 'utf8')).toBe(
      '# changed again\n',
    );
  });
});

describe('SEC1 local sources in the personal (global) lock', () => {
  it('SEC1 may be any folder: the user wrote that lock', async () => {
    const draft = await prepareInstall(outside, { cwd: projectRoot });
    await confirmInstall(draft, { ...target('global'), ids: '*', agents: ['codex'], mode: 'copy' });
    writeFileSync(path.join(outside, 'skills/pdf/references/notes.md'), '# changed\n');
    expect((await updateInstalled(target('global'))).updated).toEqual(['pdf']);
  });
});
