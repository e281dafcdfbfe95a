import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DraftSkill, ResolvedSource } from '../../../src/install/install-draft.js';
import { buildLockUpdate } from '../../../src/install/locks/build-lock-update.js';
import { readGlobalLock } from '../../../src/install/locks/global-lock.js';

let home: string;
beforeEach(() => {
  home = mkdtempSync(path.join(tmpdir(), 'skilldock-global-lock-'));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

const source: ResolvedSource = {
  input: '/src',
  type: 'local',
  path: '/src',
  lockSource: '/src',
  lockSourceType: 'local',
};
const skill = { id: 'pdf', sourcePath: 'pdf', revision: 'sha256:abc', computedHash: 'def' } as DraftSkill;

describe('global lock', () => {
  it('P7 records source, revision and dates; an update keeps installedAt', async () => {
    const target = { scope: 'global' as const, projectRoot: home, home };
    const first = await buildLockUpdate(
      target,
      (editor) => editor.set('pdf', { source, skill, agents: ['claude-code'] }),
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(first.file).toBe(path.join(home, '.skilldock', 'skills-lock.json'));
    await mkdir(path.dirname(first.file), { recursive: true });
    await writeFile(first.file, first.content);
    const lock = await readGlobalLock(home);
    expect(lock.skills.pdf).toEqual({
      source: '/src',
      sourceType: 'local',
      revision: 'sha256:abc',
      computedHash: 'def',
      installedAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      agents: ['claude-code'],
    });
    const second = await buildLockUpdate(
      target,
      (editor) =>
        editor.set('pdf', { source, skill: { ...skill, revision: 'sha256:new' }, agents: ['claude-code'] }),
      new Date('2026-02-01T00:00:00Z'),
    );
    expect(JSON.parse(second.content).skills.pdf).toMatchObject({
      revision: 'sha256:new',
      installedAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-02-01T00:00:00.000Z',
    });
  });
});
