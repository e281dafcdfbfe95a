/**
 * ModelScope skills and collections as install sources (SPEC Y4, P4, P5), through a fake of
 * ModelScope's JSON API on loopback: the resolver's URL forms, the fetch of a skill and of a
 * collection into a real draft, and hostile answers — traversal in a file list, a lying or broken
 * answer, too much data, a redirect off the allowlist.
 */

import { readdir } from 'node:fs/promises';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { SkilldockError } from '../../src/errors.js';
import { prepareInstall } from '../../src/install/prepare-install.js';
import { resolveSource } from '../../src/install/sources/resolve-source.js';
import {
  removeTemporaryDirectories,
  skillText,
  type TestServer,
  temporaryDirectory,
} from './sources/install-fixtures.js';
import { type FakeModelScope, startFakeModelScope } from './sources/modelscope-fake.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(removeTemporaryDirectories);

async function serveModelScope(fake: FakeModelScope): Promise<TestServer> {
  server = await startFakeModelScope(fake);
  return server;
}

async function prepare(source: string, options: Partial<Parameters<typeof prepareInstall>[1]> = {}) {
  const stagingParent = await temporaryDirectory('skilldock-staging-');
  const host = new URL(source.split('#')[0] ?? source).host;
  return prepareInstall(source, {
    cwd: '/',
    stagingParent,
    allowInsecureLocalhost: true,
    modelScopeHosts: [host],
    ...options,
  });
}

async function codeOf(pending: Promise<unknown>): Promise<string> {
  try {
    await pending;
  } catch (error) {
    if (SkilldockError.isInstance(error)) return error.code;
    throw error;
  }
  return 'no error';
}

describe('resolving ModelScope sources', () => {
  it('Y4 P4 a skill page, a collection page, a revision and one skill of a collection', () => {
    const cwd = '/';
    expect(resolveSource('https://modelscope.cn/skills/@anthropics/pdf', { cwd })).toMatchObject({
      type: 'modelscope',
      url: 'https://modelscope.cn/skills/@anthropics/pdf',
      lockSource: 'https://modelscope.cn/skills/@anthropics/pdf',
      lockSourceType: 'modelscope',
    });
    // A deeper page of the same skill (its file view) is the same skill.
    expect(
      resolveSource('https://modelscope.cn/skills/@anthropics/pdf/file/view/master/SKILL.md#v2', { cwd }),
    ).toMatchObject({ type: 'modelscope', url: 'https://modelscope.cn/skills/@anthropics/pdf', ref: 'v2' });
    expect(
      resolveSource('https://modelscope.cn/collections/MiniMax/MiniMax-Office-skills#@minimax-docx', {
        cwd,
        allowedHosts: ['modelscope.cn'],
      }),
    ).toMatchObject({
      type: 'modelscope',
      url: 'https://modelscope.cn/collections/MiniMax/MiniMax-Office-skills',
      skill: 'minimax-docx',
    });
    // www. is ModelScope too, but only an allowed host passes (exact match, SPEC P5).
    expect(() => resolveSource('https://www.modelscope.cn/skills/@a/b', { cwd })).toThrow(
      /not allowed|allowed_hosts/,
    );
    expect(
      resolveSource('https://www.modelscope.cn/skills/@a/b', { cwd, allowedHosts: ['www.modelscope.cn'] })
        .type,
    ).toBe('modelscope');
  });

  it('Y4 SEC1 other ModelScope pages and hostile names are refused with what to type instead', () => {
    for (const url of [
      'https://modelscope.cn/models/acme/model',
      'https://modelscope.cn/skills/@acme',
      'https://modelscope.cn/skills/@../pdf',
      'https://modelscope.cn/skills/@acme/%2e%2e',
      'https://modelscope.cn/skills/@acme/-rf',
      'https://modelscope.cn/collections/acme',
    ]) {
      let code = 'no error';
      try {
        resolveSource(url, { cwd: '/' });
      } catch (error) {
        code = (error as SkilldockError).code;
      }
      expect(code, url).toBe('unrecognized_modelscope_url');
    }
    expect(() =>
      resolveSource('https://modelscope.cn/skills/@acme/pdf#--upload-pack=x', { cwd: '/' }),
    ).toThrow(/not a valid branch/);
  });
});

describe('prepareInstall from ModelScope', () => {
  it('Y4 P4 a skill: its file list, then each file, staged as one draft skill with nested files', async () => {
    const { origin, requests } = await serveModelScope({
      skills: {
        '@anthropics/pdf': {
          'SKILL.md': skillText('pdf'),
          'scripts/extract.py': 'print("text")\n',
          'docs/guide.md': '# Guide\n',
        },
      },
    });
    const draft = await prepare(`${origin}/skills/@anthropics/pdf`);
    expect(draft.failed).toEqual([]);
    expect(draft.source).toMatchObject({ type: 'modelscope', lockSourceType: 'modelscope' });
    expect(draft.skills.map((skill) => [skill.id, skill.files.map((file) => file.path).sort()])).toEqual([
      ['pdf', ['SKILL.md', 'docs/guide.md', 'scripts/extract.py']],
    ]);
    expect(requests[0]).toBe('/api/v1/skills/%40anthropics/pdf/repo/files?Revision=master&Recursive=true');
    expect(requests).toContain(
      '/api/v1/skills/%40anthropics/pdf/repo/raw?Revision=master&FilePath=scripts%2Fextract.py',
    );
    expect(await readdir(draft.stagingDirectory)).toEqual(['draft.json', 'skills']);
  });

  it('Y4 P4 a collection: every skill, or only the one asked for; a broken member is listed apart', async () => {
    const fake: FakeModelScope = {
      skills: {
        '@MiniMax-AI/minimax-docx': { 'SKILL.md': skillText('minimax-docx') },
        '@MiniMax-AI/pptx-generator': { 'SKILL.md': skillText('pptx-generator'), 'build.py': 'print(1)\n' },
        '@MiniMax-AI/no-skill-file': { 'README.md': '# nothing\n' },
      },
      collections: {
        'MiniMax/Office': [
          '@MiniMax-AI/minimax-docx',
          '@MiniMax-AI/pptx-generator',
          '@MiniMax-AI/no-skill-file',
        ],
      },
    };
    const { origin } = await serveModelScope(fake);
    const all = await prepare(`${origin}/collections/MiniMax/Office`);
    expect(all.skills.map((skill) => skill.id).sort()).toEqual(['minimax-docx', 'pptx-generator']);
    expect(all.failed.map((failure) => [failure.sourcePath, failure.code])).toEqual([
      ['@MiniMax-AI/no-skill-file', 'skill_not_found'],
    ]);
    const one = await prepare(`${origin}/collections/MiniMax/Office#@pptx-generator`);
    expect(one.skills.map((skill) => skill.id)).toEqual(['pptx-generator']);
    expect(await codeOf(prepare(`${origin}/collections/MiniMax/Office#@missing`))).toBe('skill_not_found');
  });

  it('S4 Y4 a ModelScope skill installs under its own S4 id (slug, else pinyin), not its page name', async () => {
    const { origin } = await serveModelScope({
      skills: {
        '@acme/Cleanup': { 'SKILL.md': skillText('文档整理', { extra: 'slug: document-cleanup' }) },
        '@acme/WenDang': { 'SKILL.md': skillText('文档整理') },
      },
      collections: { 'Acme/Docs': ['@acme/Cleanup', '@acme/WenDang'] },
    });
    const draft = await prepare(`${origin}/collections/Acme/Docs`);
    expect(draft.failed).toEqual([]);
    expect(draft.skills.map((skill) => [skill.sourcePath, skill.id, skill.name])).toEqual([
      ['@acme/Cleanup', 'document-cleanup', '文档整理'],
      ['@acme/WenDang', 'wen-dang-zheng-li', '文档整理'],
    ]);
  });

  it('Y4 SEC1 a file list that climbs out, is absolute or repeats a path stages nothing of that skill', async () => {
    for (const hostile of ['../../escape.md', '/etc/passwd', 'scripts/../../x', 'a\u0000b']) {
      const { origin } = await serveModelScope({
        skills: { '@evil/skill': { 'SKILL.md': skillText('skill'), [hostile]: 'owned' } },
      });
      const draft = await prepare(`${origin}/skills/@evil/skill`).catch((error: SkilldockError) => error);
      const code = 'code' in draft ? draft.code : draft.failed[0]?.code;
      expect(code, hostile).toBe('unsafe_file_path');
      await server?.close();
      server = undefined;
    }
  });

  it('Y4 an answer that is not JSON, says Success: false, or has the wrong shape is a clear error', async () => {
    const files = '/api/v1/skills/%40acme/pdf/repo/files';
    for (const [answer, expected] of [
      ['<html>login</html>', /is not JSON/],
      [JSON.stringify({ Success: false, Message: 'Skill is private' }), /ModelScope says: Skill is private/],
      [JSON.stringify({ Success: true, Data: { Files: 'all of them' } }), /Data\.Files/],
    ] as const) {
      const { origin } = await serveModelScope({
        skills: {},
        override: { [files]: (response) => response.writeHead(200).end(answer) },
      });
      const draft = await prepare(`${origin}/skills/@acme/pdf`);
      expect(draft.skills).toEqual([]);
      expect(draft.failed[0]?.code).toBe('modelscope_answer_invalid');
      expect(draft.failed[0]?.message).toMatch(expected);
      await server?.close();
      server = undefined;
    }
  });

  it('Y4 P3 a skill larger than the budget, or with too many files, is refused and leaves nothing', async () => {
    const { origin } = await serveModelScope({
      skills: {
        '@acme/huge': { 'SKILL.md': skillText('huge'), 'a.txt': 'x'.repeat(128 * 1024) },
        '@acme/many': Object.fromEntries([
          ['SKILL.md', skillText('many')],
          ...Array.from({ length: 2001 }, (_, index) => [`f/${index}.txt`, 'x']),
        ]),
      },
    });
    const huge = await prepare(`${origin}/skills/@acme/huge`, { maxDownloadBytes: 96 * 1024 });
    expect(huge.failed[0]?.code).toBe('download_too_large');
    const many = await prepare(`${origin}/skills/@acme/many`);
    expect(many.failed[0]?.code).toBe('too_many_files');
    expect(many.skills).toEqual([]);
  });

  it('P5 a redirect to a host off the allowlist is refused before it is requested', async () => {
    const files = '/api/v1/skills/%40acme/pdf/repo/files';
    const { origin } = await serveModelScope({
      skills: {},
      override: {
        [files]: (response) =>
          response.writeHead(302, { location: 'https://evil.example/api/v1/steal?x=1' }).end(),
      },
    });
    const draft = await prepare(`${origin}/skills/@acme/pdf`);
    expect(draft.failed[0]?.code).toBe('host_not_allowed');
  });
});
