import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prepareInstall } from '../../src/install/prepare-install.js';
import { WELL_KNOWN_SCHEMA_V2 } from '../../src/install/sources/well-known-index-schema.js';
import {
  removeTemporaryDirectories,
  routes,
  skillText,
  startServer,
  type TestServer,
  temporaryDirectory,
  writeSkill,
} from './sources/install-fixtures.js';

let zipBytes: Buffer;
let server: TestServer | undefined;

const digest = (bytes: Buffer | string) => `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
const json = (value: unknown) => JSON.stringify(value);

beforeAll(async () => {
  const root = await temporaryDirectory();
  await writeSkill(path.join(root, 'archived'), { files: { 'references/a.md': '# A\n' } });
  execFileSync('zip', ['-qr', 'archived.zip', 'archived'], { cwd: root });
  zipBytes = await readFile(path.join(root, 'archived.zip'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});
afterAll(removeTemporaryDirectories);

async function serve(table: Parameters<typeof routes>[0]): Promise<TestServer> {
  server = await startServer(routes(table));
  return server;
}

async function prepare(url: string, options: Partial<Parameters<typeof prepareInstall>[1]> = {}) {
  const stagingParent = await temporaryDirectory('skilldock-staging-');
  return prepareInstall(url, { cwd: '/', stagingParent, allowInsecureLocalhost: true, ...options });
}

describe('prepareInstall from well-known sources', () => {
  it('P4 reads a v0.2 index and verifies archive and SKILL.md digests before unpacking', async () => {
    const note = skillText('note');
    const { origin } = await serve({
      '/.well-known/agent-skills/index.json': json({
        $schema: WELL_KNOWN_SCHEMA_V2,
        skills: [
          {
            name: 'archived',
            description: 'Archived.',
            type: 'archive',
            url: 'archived.zip',
            digest: digest(zipBytes),
          },
          {
            name: 'note',
            description: 'Note.',
            type: 'skill-md',
            url: '/files/note.md',
            digest: digest(note),
          },
        ],
      }),
      '/.well-known/agent-skills/archived.zip': zipBytes,
      '/files/note.md': note,
    });
    const draft = await prepare(origin);
    expect(draft.source).toMatchObject({
      type: 'well-known',
      lockSource: '127.0.0.1',
      lockSourceType: 'well-known',
    });
    expect(draft.failed).toEqual([]);
    expect(draft.skills.map((skill) => [skill.id, skill.files.map((file) => file.path)])).toEqual([
      ['archived', ['SKILL.md', 'references/a.md']],
      ['note', ['SKILL.md']],
    ]);
    expect(await readdir(draft.stagingDirectory)).toEqual(['draft.json', 'skills']);
  });

  it('P4 rejects an artifact whose digest does not match, and stages nothing of it', async () => {
    const { origin } = await serve({
      '/.well-known/agent-skills/index.json': json({
        $schema: WELL_KNOWN_SCHEMA_V2,
        skills: [
          {
            name: 'archived',
            description: 'Archived.',
            type: 'archive',
            url: 'archived.zip',
            digest: digest('other'),
          },
        ],
      }),
      '/.well-known/agent-skills/archived.zip': zipBytes,
    });
    const draft = await prepare(origin);
    expect(draft.skills).toEqual([]);
    expect(draft.failed).toMatchObject([{ name: 'archived', code: 'digest_mismatch' }]);
    expect(await readdir(path.join(draft.stagingDirectory, 'skills'))).toEqual([]);
  });

  it('P4 falls back to a v0.1 index and fetches its files one by one', async () => {
    const { origin, requests } = await serve({
      '/.well-known/skills/index.json': json({
        skills: [{ name: 'legacy', description: 'Legacy.', files: ['SKILL.md', 'scripts/go.sh'] }],
      }),
      '/.well-known/skills/legacy/SKILL.md': skillText('legacy'),
      '/.well-known/skills/legacy/scripts/go.sh': 'echo go\n',
    });
    const draft = await prepare(origin);
    expect(requests[0]).toBe('/.well-known/agent-skills/index.json');
    expect(draft.skills).toMatchObject([{ id: 'legacy', sourcePath: 'legacy' }]);
    expect(draft.skills[0]!.files.map((file) => file.path)).toEqual(['SKILL.md', 'scripts/go.sh']);
  });

  it('P4 rejects a v0.1 file path with ../ and fetches nothing of that skill', async () => {
    const { origin, requests } = await serve({
      '/.well-known/skills/index.json': json({
        skills: [
          { name: 'evil', description: 'Evil.', files: ['SKILL.md', '../../outside.txt'] },
          { name: 'fine', description: 'Fine.', files: ['SKILL.md'] },
        ],
      }),
      '/.well-known/skills/evil/SKILL.md': skillText('evil'),
      '/.well-known/skills/fine/SKILL.md': skillText('fine'),
    });
    const draft = await prepare(origin);
    expect(draft.skills.map((skill) => skill.id)).toEqual(['fine']);
    expect(draft.failed).toMatchObject([{ name: 'evil', code: 'unsafe_file_path' }]);
    expect(requests.filter((request) => request.includes('evil'))).toEqual([]);
  });

  it('P4 rejects a v0.1 file path with a control character, as archive import does (one path check)', async () => {
    const { origin, requests } = await serve({
      '/.well-known/skills/index.json': json({
        skills: [
          { name: 'evil', description: 'Evil.', files: ['SKILL.md', 'notes\u001b]0;pwned\u0007.md'] },
          { name: 'fine', description: 'Fine.', files: ['SKILL.md'] },
        ],
      }),
      '/.well-known/skills/evil/SKILL.md': skillText('evil'),
      '/.well-known/skills/fine/SKILL.md': skillText('fine'),
    });
    const draft = await prepare(origin);
    expect(draft.skills.map((skill) => skill.id)).toEqual(['fine']);
    expect(draft.failed).toMatchObject([{ name: 'evil', code: 'unsafe_file_path' }]);
    expect(draft.failed[0]?.message).toContain('control character');
    expect(requests.filter((request) => request.includes('evil'))).toEqual([]);
  });

  it('P4 lists an invalid index entry in failed and prepares the rest', async () => {
    const note = skillText('note');
    const { origin } = await serve({
      '/.well-known/agent-skills/index.json': json({
        $schema: WELL_KNOWN_SCHEMA_V2,
        skills: [
          { name: 'Bad_Name', description: 'x', type: 'skill-md', url: 'x.md', digest: digest('x') },
          { name: 'note', description: 'Note.', type: 'skill-md', url: 'note.md', digest: digest(note) },
        ],
      }),
      '/.well-known/agent-skills/note.md': note,
    });
    const draft = await prepare(origin);
    expect(draft.skills.map((skill) => skill.id)).toEqual(['note']);
    expect(draft.failed).toMatchObject([{ sourcePath: 'Bad_Name', code: 'invalid_index_entry' }]);
  });

  it('P4 @skill in a well-known path downloads only that skill', async () => {
    const note = skillText('note');
    const { origin, requests } = await serve({
      '/.well-known/agent-skills/index.json': json({
        $schema: WELL_KNOWN_SCHEMA_V2,
        skills: [
          {
            name: 'archived',
            description: 'Archived.',
            type: 'archive',
            url: 'archived.zip',
            digest: digest(zipBytes),
          },
          { name: 'note', description: 'Note.', type: 'skill-md', url: 'note.md', digest: digest(note) },
        ],
      }),
      '/.well-known/agent-skills/note.md': note,
    });
    const draft = await prepare(`${origin}/.well-known/agent-skills/note`);
    expect(draft.skills.map((skill) => skill.id)).toEqual(['note']);
    expect(requests).not.toContain('/.well-known/agent-skills/archived.zip');
  });

  it('P4 a site without an index is a clear error listing the URLs tried', async () => {
    const { origin } = await serve({});
    await expect(prepare(`${origin}/docs`)).rejects.toMatchObject({
      code: 'well_known_index_not_found',
      message: expect.stringContaining(`${origin}/docs/.well-known/agent-skills/index.json`),
    });
  });

  it('P4 rejects an oversized response while it streams', async () => {
    const { origin } = await serve({
      '/.well-known/agent-skills/index.json': (response) => {
        // Chunked: no Content-Length to trust, the cap must hold while reading.
        response.writeHead(200, { 'content-type': 'application/json' });
        for (let index = 0; index < 64; index++) response.write('x'.repeat(1024));
        response.end();
      },
    });
    const stagingParent = await temporaryDirectory('skilldock-staging-');
    await expect(
      prepareInstall(origin, {
        cwd: '/',
        stagingParent,
        allowInsecureLocalhost: true,
        maxDownloadBytes: 16 * 1024,
      }),
    ).rejects.toMatchObject({ code: 'download_too_large' });
    expect(await readdir(stagingParent)).toEqual([]);
  });

  it('P5 follows a redirect only after checking its target against the allowlist', async () => {
    const note = skillText('note');
    const index = json({
      $schema: WELL_KNOWN_SCHEMA_V2,
      skills: [
        { name: 'note', description: 'Note.', type: 'skill-md', url: '/note.md', digest: digest(note) },
      ],
    });
    const local = await serve({
      '/.well-known/agent-skills/index.json': (response) =>
        response.writeHead(302, { location: '/moved/index.json' }).end(),
      '/moved/index.json': index,
      '/note.md': note,
    });
    expect((await prepare(local.origin)).skills.map((skill) => skill.id)).toEqual(['note']);
    await local.close();

    const away = await serve({
      '/.well-known/agent-skills/index.json': (response) =>
        response.writeHead(302, { location: 'https://evil.example/index.json' }).end(),
    });
    await expect(prepare(away.origin)).rejects.toMatchObject({
      code: 'host_not_allowed',
      message: expect.stringContaining('evil.example'),
    });
  });

  it('P5 a loopback server is refused without allowInsecureLocalhost', async () => {
    const { origin } = await serve({});
    await expect(prepare(origin, { allowInsecureLocalhost: false })).rejects.toMatchObject({
      code: 'insecure_protocol',
      message: expect.stringContaining('--allow-insecure-localhost'),
    });
  });

  it('P4 a SKILL.md whose name differs from its index entry fails spec validation where it is staged, and is a warning under lenient', async () => {
    const other = skillText('other-name');
    const { origin } = await serve({
      '/.well-known/agent-skills/index.json': json({
        $schema: WELL_KNOWN_SCHEMA_V2,
        skills: [
          { name: 'note', description: 'Note.', type: 'skill-md', url: 'note.md', digest: digest(other) },
        ],
      }),
      '/.well-known/agent-skills/note.md': other,
    });
    const draft = await prepare(origin, { profile: 'spec' });
    expect(draft.skills).toEqual([]);
    expect(draft.failed).toMatchObject([{ sourcePath: 'note', name: 'other-name', code: 'invalid_skill' }]);
    expect(draft.failed[0]!.diagnostics.map((diagnostic) => diagnostic.file)).toContain('note/SKILL.md');
    const lenient = await prepare(origin);
    expect(lenient.failed).toEqual([]);
    expect(lenient.skills).toMatchObject([{ id: 'note', name: 'other-name' }]);
    expect(lenient.skills[0]!.diagnostics).toMatchObject([
      { code: 'name_folder_mismatch', severity: 'warning', file: 'note/SKILL.md' },
    ]);
  });

  it('P4 a v0.1 file that cannot be downloaded fails that skill only', async () => {
    const { origin } = await serve({
      '/.well-known/skills/index.json': json({
        skills: [
          { name: 'partial', description: 'Partial.', files: ['SKILL.md', 'missing.txt'] },
          { name: 'fine', description: 'Fine.', files: ['SKILL.md'] },
        ],
      }),
      '/.well-known/skills/partial/SKILL.md': skillText('partial'),
      '/.well-known/skills/fine/SKILL.md': skillText('fine'),
    });
    const draft = await prepare(origin);
    expect(draft.skills.map((skill) => skill.id)).toEqual(['fine']);
    expect(draft.failed).toMatchObject([{ name: 'partial', code: 'download_failed' }]);
  });

  it('P4 a server that never answers times out with a clear error', async () => {
    const { origin } = await serve({ '/.well-known/agent-skills/index.json': () => {} });
    await expect(prepare(origin, { timeoutMs: 300 })).rejects.toMatchObject({
      code: 'download_timeout',
    });
  });
});
