import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DraftSkill, ResolvedSource } from '../../../src/install/install-draft.js';
import { lockEntrySourceInput } from '../../../src/install/lock-entry-source-input.js';
import { buildLockUpdate } from '../../../src/install/locks/build-lock-update.js';
import { projectLockEntry, readProjectLock } from '../../../src/install/locks/project-lock.js';
import { serializeLock } from '../../../src/install/locks/read-lock-file.js';

const SKILLS_DIST = fileURLToPath(
  new URL('../../../../../node_modules/skills/dist/cli.mjs', import.meta.url),
);

/** The skills CLI's own `writeLocalLock`, lifted from its dist file and run for real. */
async function theirWriteLocalLock(lock: unknown, cwd: string): Promise<string> {
  const source = readFileSync(SKILLS_DIST, 'utf8');
  const start = source.indexOf('const LOCAL_LOCK_FILE');
  const end = source.indexOf('async function computeSkillFolderHash');
  const context = vm.createContext({
    join: path.join,
    writeFile,
    readFile: () => Promise.reject(new Error('unused')),
    process,
  });
  const write = vm.runInContext(`${source.slice(start, end)}\nwriteLocalLock;`, context) as (
    l: unknown,
    c: string,
  ) => Promise<void>;
  await write(lock, cwd);
  return readFileSync(path.join(cwd, 'skills-lock.json'), 'utf8');
}

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(path.join(tmpdir(), 'skilldock-lock-'));
});
afterEach(() => rmSync(directory, { recursive: true, force: true }));

const skill = (id: string, sourcePath: string, computedHash: string): DraftSkill => ({
  id,
  name: id,
  description: 'd',
  directory: '/nowhere',
  sourcePath,
  files: [],
  totalBytes: 0,
  dependencies: [],
  diagnostics: [],
  warnings: [],
  secrets: [],
  revision: `sha256:${'0'.repeat(64)}`,
  computedHash,
});

const github: ResolvedSource = {
  input: 'acme/skills#v1',
  type: 'github',
  url: 'https://github.com/acme/skills.git',
  ref: 'v1',
  lockSource: 'acme/skills',
  lockSourceType: 'github',
};
const git: ResolvedSource = {
  input: 'https://example.com/acme/skills.git',
  type: 'git',
  url: 'https://example.com/acme/skills.git',
  lockSource: 'https://example.com/acme/skills.git',
  lockSourceType: 'git',
};
const local: ResolvedSource = {
  input: '/src',
  type: 'local',
  path: '/src',
  lockSource: '/src',
  lockSourceType: 'local',
};

describe('project lock', () => {
  it('P7 writes entries byte-for-byte like the skills CLI writer', async () => {
    const skills = {
      zeta: projectLockEntry(local, skill('zeta', 'zeta', 'a'.repeat(64))),
      alpha: projectLockEntry(github, skill('alpha', 'skills/alpha', 'b'.repeat(64))),
      root: projectLockEntry(git, skill('root', '', 'c'.repeat(64))),
    };
    const ours = serializeLock(skills);
    const theirs = await theirWriteLocalLock({ version: 1, skills }, directory);
    expect(ours).toBe(theirs);
    expect(ours).toMatchInlineSnapshot(`
      "{
        "version": 1,
        "skills": {
          "alpha": {
            "source": "acme/skills",
            "ref": "v1",
            "sourceType": "github",
            "skillPath": "skills/alpha/SKILL.md",
            "computedHash": "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
          },
          "root": {
            "source": "https://example.com/acme/skills.git",
            "sourceUrl": "https://example.com/acme/skills.git",
            "sourceType": "git",
            "skillPath": "SKILL.md",
            "computedHash": "cccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccccc"
          },
          "zeta": {
            "source": "/src",
            "sourceType": "local",
            "computedHash": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
          }
        }
      }
      "
    `);
  });

  it('P7 SEC3 a well-known entry records the server URL when https://<source> would miss it, and the token variable, never a token', () => {
    const server: ResolvedSource = {
      input: 'http://127.0.0.1:7860',
      type: 'well-known',
      url: 'http://127.0.0.1:7860',
      lockSource: '127.0.0.1',
      lockSourceType: 'well-known',
      tokenEnv: 'SKILLDOCK_TOKEN',
    };
    expect(projectLockEntry(server, skill('guide', 'guide', 'd'.repeat(64)))).toEqual({
      source: '127.0.0.1',
      sourceUrl: 'http://127.0.0.1:7860',
      sourceType: 'well-known',
      computedHash: 'd'.repeat(64),
      tokenEnv: 'SKILLDOCK_TOKEN',
    });
    const plain = { ...server, url: 'https://skills.example.com', lockSource: 'skills.example.com' };
    delete (plain as { tokenEnv?: string }).tokenEnv;
    // Installed again without a token: the recorded variable goes with it.
    expect(
      projectLockEntry(plain, skill('guide', 'guide', 'd'.repeat(64)), { tokenEnv: 'OLD', source: 'x' }),
    ).toEqual({ source: 'skills.example.com', sourceType: 'well-known', computedHash: 'd'.repeat(64) });
    expect(
      lockEntrySourceInput({
        source: '127.0.0.1',
        sourceType: 'well-known',
        sourceUrl: 'http://127.0.0.1:7860',
      }),
    ).toBe('http://127.0.0.1:7860');
    expect(lockEntrySourceInput({ source: 'skills.example.com', sourceType: 'well-known' })).toBe(
      'https://skills.example.com',
    );
  });

  it('P7 reads a missing lock as empty and keeps unknown fields on rewrite', async () => {
    expect((await readProjectLock(directory)).skills).toEqual({});
    writeFileSync(
      path.join(directory, 'skills-lock.json'),
      JSON.stringify({
        version: 1,
        skills: { other: { source: 'x/y', sourceType: 'github', computedHash: '1', pinned: true } },
        comment: 'kept',
      }),
    );
    const update = await buildLockUpdate(
      { scope: 'project', projectRoot: directory, home: directory },
      (editor) => editor.set('pdf', { source: local, skill: skill('pdf', 'pdf', 'f'), agents: [] }),
      new Date(),
    );
    const written = JSON.parse(update.content);
    expect(written.comment).toBe('kept');
    expect(written.skills.other).toEqual({
      source: 'x/y',
      sourceType: 'github',
      computedHash: '1',
      pinned: true,
    });
    expect(Object.keys(written.skills)).toEqual(['other', 'pdf']);
  });

  it('P7 refuses a corrupt lock with an error naming the file', async () => {
    const file = path.join(directory, 'skills-lock.json');
    for (const content of [
      '{ not json',
      '[]',
      '{"version":2,"skills":{}}',
      '{"version":1,"skills":{"a":3}}',
    ]) {
      writeFileSync(file, content);
      await expect(readProjectLock(directory)).rejects.toMatchObject({
        code: 'lock_corrupt',
        message: expect.stringContaining(file),
      });
    }
  });

  it('P7 validates every entry against the lock schema, naming the entry and the field', async () => {
    const file = path.join(directory, 'skills-lock.json');
    const cases: [unknown, string][] = [
      [{ sourceType: 'github' }, "entry 'pdf' field `source`"],
      [{ source: 'a/b', computedHash: 42 }, "entry 'pdf' field `computedHash`"],
      [{ source: 'a/b', agents: ['codex', 7] }, "entry 'pdf' field `agents.1`"],
      [{ source: 'a/b', sourceUrl: { url: 'x' } }, "entry 'pdf' field `sourceUrl`"],
    ];
    for (const [entry, named] of cases) {
      writeFileSync(file, JSON.stringify({ version: 1, skills: { pdf: entry } }));
      await expect(readProjectLock(directory)).rejects.toMatchObject({
        code: 'lock_corrupt',
        message: expect.stringContaining(named),
      });
    }
    writeFileSync(
      file,
      JSON.stringify({ version: 1, skills: { pdf: { source: 'a/b', extra: { any: 1 } } } }),
    );
    expect((await readProjectLock(directory)).skills.pdf?.extra).toEqual({ any: 1 });
  });
});
