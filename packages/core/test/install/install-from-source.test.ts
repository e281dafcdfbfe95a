import { existsSync, mkdirSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { InstallDraft } from '../../src/install/install-draft.js';
import { type InstallFlowStep, installFromSource } from '../../src/install/install-from-source.js';
import { readProjectLock } from '../../src/install/locks/project-lock.js';
import { resolveSource } from '../../src/install/sources/resolve-source.js';
import { writeSourceSkill } from './publish/publish-fixtures.js';

let base: string;
let source: string;
let projectRoot: string;
let home: string;
let staging: string;
beforeEach(() => {
  base = mkdtempSync(path.join(tmpdir(), 'skilldock-install-flow-'));
  source = path.join(base, 'source');
  projectRoot = path.join(base, 'project');
  home = path.join(base, 'home');
  staging = path.join(base, 'staging');
  for (const folder of [source, home, staging, path.join(projectRoot, '.git')])
    mkdirSync(folder, { recursive: true });
  writeSourceSkill(source, 'pdf');
  writeSourceSkill(source, 'csv');
});

function flow(overrides: Partial<Parameters<typeof installFromSource>[1]> = {}) {
  return installFromSource(resolveSource(source, { cwd: base }), {
    prepare: { cwd: base, stagingParent: staging },
    select: async () => '*',
    confirm: { scope: 'project', mode: 'copy', projectRoot, home, env: {}, agents: ['universal'] },
    ...overrides,
  });
}

describe('installFromSource', () => {
  it('P6 P7 prepares, reviews, installs what the selection chose, and removes the draft', async () => {
    const seen: string[] = [];
    const outcome = await flow({
      run: (step: InstallFlowStep, work, detail) => {
        seen.push(`${step} ${detail.count ?? '-'}`);
        return work();
      },
      review: (draft) => {
        seen.push(`review ${draft.skills.map((skill) => skill.id).join(',')}`);
        return 'continue';
      },
      select: async () => {
        seen.push('select');
        return ['pdf'];
      },
    });

    expect(seen).toEqual(['prepare -', 'review csv,pdf', 'select', 'confirm 1']);
    expect(outcome.status).toBe('installed');
    if (outcome.status !== 'installed') return;
    expect(outcome.result.installed.map((skill) => skill.id)).toEqual(['pdf']);
    expect(Object.keys((await readProjectLock(projectRoot)).skills)).toEqual(['pdf']);
    expect(readdirSync(path.join(projectRoot, '.agents', 'skills'))).toEqual(['pdf']);
    expect(readdirSync(staging)).toEqual([]);
  });

  it.each(['review', 'select'] as const)(
    'P8 stopped at %s, nothing is written and the draft is gone',
    async (where) => {
      let draft: InstallDraft | undefined;
      const outcome = await flow(
        where === 'review'
          ? { review: () => 'stop' }
          : {
              select: async (prepared) => {
                draft = prepared;
                return undefined;
              },
            },
      );

      expect(outcome.status).toBe('stopped');
      expect(existsSync(path.join(projectRoot, '.agents'))).toBe(false);
      expect(existsSync(outcome.draft.stagingDirectory)).toBe(false);
      expect(readdirSync(staging)).toEqual([]);
      if (where === 'select') expect(draft?.skills).toHaveLength(2);
    },
  );

  it('P8 a review or selection that throws removes the draft and writes nothing', async () => {
    const refusal = new Error('nothing here');

    await expect(
      flow({
        review: () => {
          throw refusal;
        },
      }),
    ).rejects.toBe(refusal);
    await expect(flow({ select: async () => Promise.reject(refusal) })).rejects.toBe(refusal);

    expect(existsSync(path.join(projectRoot, '.agents'))).toBe(false);
    expect(readdirSync(staging)).toEqual([]);
  });

  it('P8 a failed install removes the draft too', async () => {
    const error = await flow({ select: async () => ['missing'] }).catch((caught: unknown) => caught);

    expect((error as { code?: string }).code).toBe('skill_not_in_draft');
    expect(readdirSync(staging)).toEqual([]);
  });
});
