import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ConflictError, SkilldockError } from '@skilldock/core/errors';
import { describe, expect, it } from 'vitest';
import {
  githubToLocal,
  makeBareRepository,
  writeSkill,
} from '../../../core/test/install/sources/install-fixtures.js';
import { rawTar, rawZip, yazlZip, zeroStream } from '../../../core/test/package/package-test-helpers.js';
import {
  cancelContentDraft,
  confirmPersonalDraft,
  confirmSharedDraft,
  getContentDraft,
  packageDirectory,
  prepareRemoteDraft,
  prepareUploadDraft,
  sweepContentDrafts,
} from '../../src/content/index.js';
import {
  leftoverStaging,
  ReferenceTable,
  skillText,
  useDataFolders,
  useTempFolders,
  visiblePackages,
} from './content-fixtures.js';

const newData = useDataFolders();
const newTemp = useTempFolders();

async function zipOf(files: Record<string, string>): Promise<Buffer> {
  return yazlZip(files);
}

async function errorOf(promise: Promise<unknown>): Promise<SkilldockError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(SkilldockError.isInstance(error), String(error)).toBe(true);
  return error as SkilldockError;
}

function drafts(layout: { draftsDirectory: string }): string[] {
  return existsSync(layout.draftsDirectory) ? readdirSync(layout.draftsDirectory) : [];
}

const PDF_ZIP = {
  'pdf/SKILL.md': skillText(
    'pdf',
    'tool_dependencies: [read_file]\nmcp_dependencies: [github]\nskill_dependencies: [ocr]\nx-owner: team\n',
  ),
  'pdf/scripts/extract.py': 'print(1)\n',
};

describe('install drafts on the data folder', () => {
  it('Y4 P6 an uploaded ZIP becomes a draft with name, description, files, dependencies and no paths', async () => {
    const layout = await newData();
    const draft = await prepareUploadDraft(layout, { fileName: 'pdf.zip', bytes: await zipOf(PDF_ZIP) });
    expect(draft.source).toEqual({ type: 'archive', input: 'pdf.zip', lockSource: 'upload:pdf.zip' });
    expect(draft.failed).toEqual([]);
    expect(draft.skills).toHaveLength(1);
    expect(draft.skills[0]).toMatchObject({
      id: 'pdf',
      name: 'pdf',
      description: 'The pdf skill. Use it for pdf work.',
      dependencies: { tools: ['read_file'], mcpServers: ['github'], skills: ['ocr'] },
    });
    expect(draft.skills[0]!.files.map((file) => file.path)).toEqual(['SKILL.md', 'scripts/extract.py']);
    // Serialisable and free of server paths: a database row can hold it as it is.
    const json = JSON.stringify(draft);
    expect(JSON.parse(json)).toEqual(draft);
    expect(json).not.toContain(layout.dataDirectory);
    expect(await getContentDraft(layout, draft.id)).toEqual(draft);
    expect(leftoverStaging(layout)).toEqual([]);
  });

  it('Y4 a single uploaded SKILL.md becomes a draft', async () => {
    const layout = await newData();
    const draft = await prepareUploadDraft(layout, {
      fileName: 'SKILL.md',
      bytes: Buffer.from(skillText('notes')),
    });
    expect(draft.source.type).toBe('file');
    expect(draft.skills.map((skill) => [skill.id, skill.files.map((file) => file.path)])).toEqual([
      ['notes', ['SKILL.md']],
    ]);
  });

  it('P3 refuses an upload of 10 MiB + 1 byte before writing anything', async () => {
    const layout = await newData();
    const bytes = Buffer.alloc(10 * 1024 * 1024 + 1);
    bytes.write('PK\u0003\u0004', 'latin1');
    const error = await errorOf(prepareUploadDraft(layout, { fileName: 'big.zip', bytes }));
    expect(error.code).toBe('archive_too_large');
    expect(error.details).toMatchObject({ limit: 10 * 1024 * 1024, actual: 10 * 1024 * 1024 + 1 });
    expect(drafts(layout)).toEqual([]);
    expect(leftoverStaging(layout)).toEqual([]);
  });

  it('Y4 refuses an upload that is neither an archive nor a SKILL.md, whatever its name', async () => {
    const layout = await newData();
    const error = await errorOf(
      prepareUploadDraft(layout, { fileName: 'skill.zip', bytes: Buffer.from('hello') }),
    );
    expect(error.code).toBe('unsupported_upload');
  });

  it.each([
    [
      'an entry named ../evil',
      [{ name: '../evil/SKILL.md', data: Buffer.from(skillText('evil')) }],
      'unsafe_entry_name',
    ],
    [
      'an absolute entry',
      [{ name: '/etc/SKILL.md', data: Buffer.from(skillText('evil')) }],
      'unsafe_entry_name',
    ],
    [
      'a backslash entry',
      [{ name: 'demo\\..\\SKILL.md', data: Buffer.from(skillText('demo')) }],
      'unsafe_entry_name',
    ],
    [
      'a symlink entry',
      [
        { name: 'demo/SKILL.md', data: Buffer.from(skillText('demo')) },
        { name: 'demo/passwd', data: Buffer.from('/etc/passwd'), unixMode: 0o120777 },
      ],
      'link_entry',
    ],
    [
      'case-folded duplicates',
      [
        { name: 'demo/SKILL.md', data: Buffer.from(skillText('demo')) },
        { name: 'demo/a.md', data: Buffer.from('a') },
        { name: 'demo/A.md', data: Buffer.from('A') },
      ],
      'duplicate_entry',
    ],
  ])('P3 refuses an uploaded archive with %s and leaves no draft', async (_label, entries, code) => {
    const layout = await newData();
    const error = await errorOf(prepareUploadDraft(layout, { fileName: 'x.zip', bytes: rawZip(entries) }));
    expect(error.code).toBe(code);
    expect(drafts(layout)).toEqual([]);
    expect(leftoverStaging(layout)).toEqual([]);
  });

  it.each([
    ['a tar symbolic link', { name: 'demo/evil', type: '2', linkName: '/etc/passwd' }, 'link_entry'],
    ['a tar hard link', { name: 'demo/evil', type: '1', linkName: '/etc/passwd' }, 'link_entry'],
    ['a tar character device', { name: 'demo/evil', type: '3', linkName: '' }, 'special_entry'],
    ['a tar FIFO', { name: 'demo/evil', type: '6', linkName: '' }, 'special_entry'],
    [
      'an entry 100 levels deep',
      { name: `demo/${Array.from({ length: 98 }, () => 'd').join('/')}/x.txt`, data: Buffer.from('x') },
      'entry_too_deep',
    ],
  ])('P3 refuses an uploaded .tar.gz with %s and leaves no draft', async (_label, entry, code) => {
    const layout = await newData();
    const tar = rawTar([{ name: 'demo/SKILL.md', data: Buffer.from(skillText('demo')) }, entry]);
    const error = await errorOf(prepareUploadDraft(layout, { fileName: 'x.tar.gz', bytes: gzipSync(tar) }));
    expect(error.code).toBe(code);
    expect(drafts(layout)).toEqual([]);
    expect(leftoverStaging(layout)).toEqual([]);
  });

  it('P3 refuses an uploaded ZIP of 2001 entries and one whose header lies about a size', async () => {
    const layout = await newData();
    const entries: Record<string, string> = { 'demo/SKILL.md': skillText('demo') };
    for (let index = 0; index < 2000; index++) entries[`demo/f${index}.txt`] = 'x';
    expect(
      (await errorOf(prepareUploadDraft(layout, { fileName: 'many.zip', bytes: await zipOf(entries) }))).code,
    ).toBe('too_many_entries');
    const lying = rawZip([
      { name: 'demo/SKILL.md', data: Buffer.from(skillText('demo')) },
      { name: 'demo/data.bin', data: Buffer.alloc(4096, 7), declaredSize: 10 },
    ]);
    expect((await errorOf(prepareUploadDraft(layout, { fileName: 'lying.zip', bytes: lying }))).code).toBe(
      'entry_size_mismatch',
    );
    expect(drafts(layout)).toEqual([]);
  });

  it('Y15 P2 a ZIP of a skill with a secret file is drafted without the secret, and never installs it', async () => {
    const layout = await newData();
    const draft = await prepareUploadDraft(layout, {
      fileName: 'pdf.zip',
      bytes: await zipOf({ ...PDF_ZIP, 'pdf/.env': 'AWS_SECRET_ACCESS_KEY=abc\n' }),
    });
    const files = draft.skills.flatMap((skill) => skill.files.map((file) => file.path));
    expect(files).not.toContain('.env');
    const [installed] = await confirmPersonalDraft(layout, { draftId: draft.id, userId: 'alice', ids: '*' });
    expect(readdirSync(installed!.directory).sort()).toEqual(['SKILL.md', 'scripts']);
  });

  it('Y4 P8 confirms as personal into the workspace, and a colliding personal id fails even for an empty folder', async () => {
    const layout = await newData();
    const draft = await prepareUploadDraft(layout, { fileName: 'pdf.zip', bytes: await zipOf(PDF_ZIP) });
    const [installed] = await confirmPersonalDraft(layout, {
      draftId: draft.id,
      userId: 'alice',
      ids: ['pdf'],
    });
    expect(installed!.directory).toBe(path.join(layout.workspacesDirectory, 'alice/agents/skills/pdf'));
    expect(readFileSync(path.join(installed!.directory, 'scripts/extract.py'), 'utf8')).toBe('print(1)\n');
    expect(installed!.index.dependencies.tools).toEqual(['read_file']);
    expect(drafts(layout)).toEqual([]);

    const bob = path.join(layout.workspacesDirectory, 'bob/agents/skills/pdf');
    mkdirSync(bob, { recursive: true });
    const again = await prepareUploadDraft(layout, { fileName: 'pdf.zip', bytes: await zipOf(PDF_ZIP) });
    const error = await errorOf(confirmPersonalDraft(layout, { draftId: again.id, userId: 'bob', ids: '*' }));
    expect(ConflictError.isInstance(error)).toBe(true);
    expect(error.code).toBe('skill_exists');
    expect(error.message).not.toContain(layout.workspacesDirectory);
    expect(error.details).toEqual({ id: 'pdf' });
    expect(readdirSync(bob)).toEqual([]);
    // The draft survives a failed confirm, so the user can pick another target.
    expect(await getContentDraft(layout, again.id)).toBeDefined();
  });

  it('Y15 a personal confirm never follows a workspace that is a link into another user', async () => {
    const layout = await newData();
    const victim = path.join(layout.workspacesDirectory, 'victim');
    mkdirSync(path.join(victim, 'agents/skills'), { recursive: true });
    symlinkSync(victim, path.join(layout.workspacesDirectory, 'mallory'));
    const draft = await prepareUploadDraft(layout, { fileName: 'pdf.zip', bytes: await zipOf(PDF_ZIP) });
    const error = await errorOf(
      confirmPersonalDraft(layout, { draftId: draft.id, userId: 'mallory', ids: '*' }),
    );
    expect(error.code).toBe('symlink_refused');
    expect(readdirSync(path.join(victim, 'agents/skills'))).toEqual([]);
    for (const userId of ['..', '../victim', 'a/b', '.hidden', '']) {
      expect(
        (await errorOf(confirmPersonalDraft(layout, { draftId: draft.id, userId, ids: '*' }))).code,
      ).toBe('invalid_user_id');
    }
  });

  it('Y4 P8 confirms as shared: colliding ids get -v2 and -v3, packages first, then the commit', async () => {
    const layout = await newData();
    const table = new ReferenceTable();
    table.insert('pdf', `sha256:${'a'.repeat(64)}`);
    const ids: string[] = [];
    for (const expected of ['pdf-v2', 'pdf-v3']) {
      const draft = await prepareUploadDraft(layout, { fileName: 'pdf.zip', bytes: await zipOf(PDF_ZIP) });
      const confirmed = await confirmSharedDraft(layout, {
        draftId: draft.id,
        ids: '*',
        isIdTaken: (id) => table.get(id) !== undefined,
        commit: async (skills) => {
          for (const skill of skills) {
            // The package is in place before the reference is written.
            expect(existsSync(await packageDirectory(layout, skill.revision))).toBe(true);
            table.insert(skill.id, skill.revision);
          }
        },
        referencedRevisions: table.referenced,
      });
      expect(confirmed.skills.map((skill) => [skill.id, skill.requestedId])).toEqual([[expected, 'pdf']]);
      ids.push(confirmed.skills[0]!.id);
      expect(drafts(layout)).not.toContain(draft.id);
    }
    expect(ids).toEqual(['pdf-v2', 'pdf-v3']);
  });

  it('P8 a shared confirm whose commit fails removes its packages and keeps the draft', async () => {
    const layout = await newData();
    const table = new ReferenceTable();
    const draft = await prepareUploadDraft(layout, { fileName: 'pdf.zip', bytes: await zipOf(PDF_ZIP) });
    const error = await errorOf(
      confirmSharedDraft(layout, {
        draftId: draft.id,
        ids: '*',
        isIdTaken: () => false,
        commit: async () => {
          throw new ConflictError('skill_exists', 'unique violation');
        },
        referencedRevisions: table.referenced,
      }),
    );
    expect(error.code).toBe('skill_exists');
    expect(visiblePackages(layout)).toEqual([]);
    expect(await getContentDraft(layout, draft.id)).toBeDefined();
  });

  it.each(['package-copy', 'package-place', 'commit'] as const)(
    'P8 a shared confirm failing at %s leaves no package and keeps the draft',
    async (failing) => {
      const layout = await newData();
      const table = new ReferenceTable();
      const draft = await prepareUploadDraft(layout, { fileName: 'pdf.zip', bytes: await zipOf(PDF_ZIP) });
      const error = await errorOf(
        confirmSharedDraft(layout, {
          draftId: draft.id,
          ids: '*',
          isIdTaken: () => false,
          commit: async (skills) => {
            for (const skill of skills) table.insert(skill.id, skill.revision);
          },
          referencedRevisions: table.referenced,
          faults: {
            before(step) {
              if (step === failing) throw new ConflictError('file_locked', `injected at ${step}`);
            },
          },
        }),
      );
      expect(error.code).toBe('file_locked');
      expect(table.get('pdf')).toBeUndefined();
      expect(visiblePackages(layout)).toEqual([]);
      expect(leftoverStaging(layout)).toEqual([]);
      expect(await getContentDraft(layout, draft.id)).toBeDefined();
    },
  );

  it('P3 refuses an uploaded zip bomb by its expanded size and leaves no draft', async () => {
    const layout = await newData();
    const bomb = await yazlZip({
      'demo/SKILL.md': skillText('demo'),
      'demo/zeros.bin': zeroStream(60 * 1024 * 1024),
    });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const error = await errorOf(prepareUploadDraft(layout, { fileName: 'bomb.zip', bytes: bomb }));
    expect(error.code).toBe('archive_too_large_expanded');
    expect(drafts(layout)).toEqual([]);
  });

  it('P6 sweeping removes drafts past their hour and keeps the others', async () => {
    const layout = await newData();
    const old = await prepareUploadDraft(
      layout,
      { fileName: 'pdf.zip', bytes: await zipOf(PDF_ZIP) },
      { now: () => new Date('2020-01-01T00:00:00Z') },
    );
    const fresh = await prepareUploadDraft(layout, { fileName: 'pdf.zip', bytes: await zipOf(PDF_ZIP) });
    expect(await sweepContentDrafts(layout)).toEqual([old.id]);
    expect(drafts(layout)).toEqual([fresh.id]);
  });

  it('P6 cancel writes nothing and removes the draft; a cancelled draft cannot be confirmed', async () => {
    const layout = await newData();
    const draft = await prepareUploadDraft(layout, { fileName: 'pdf.zip', bytes: await zipOf(PDF_ZIP) });
    expect(await cancelContentDraft(layout, draft.id)).toBe(true);
    expect(drafts(layout)).toEqual([]);
    expect(existsSync(layout.workspacesDirectory)).toBe(false);
    const error = await errorOf(
      confirmPersonalDraft(layout, { draftId: draft.id, userId: 'alice', ids: '*' }),
    );
    expect(error.code).toBe('draft_not_found');
    expect(
      (await errorOf(confirmPersonalDraft(layout, { draftId: '../x', userId: 'alice', ids: '*' }))).code,
    ).toBe('draft_not_found');
  });

  it('SEC1 a draft whose stored skill folder points outside its staging folder is never confirmed', async () => {
    const layout = await newData();
    const draft = await prepareUploadDraft(layout, { fileName: 'pdf.zip', bytes: await zipOf(PDF_ZIP) });
    const elsewhere = await newTemp();
    const file = path.join(layout.draftsDirectory, draft.id, 'draft.json');
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    stored.skills[0].directory = `${stored.stagingDirectory}/../../../${path.relative('/', elsewhere)}`;
    writeFileSync(file, JSON.stringify(stored));
    expect(await getContentDraft(layout, draft.id)).toBeUndefined();
    const error = await errorOf(
      confirmPersonalDraft(layout, { draftId: draft.id, userId: 'alice', ids: '*' }),
    );
    expect(error.code).toBe('draft_not_found');
    expect(existsSync(path.join(layout.workspacesDirectory, 'alice/agents/skills/pdf'))).toBe(false);
  });

  it('P6 a draft past its hour cannot be confirmed', async () => {
    const layout = await newData();
    const draft = await prepareUploadDraft(
      layout,
      { fileName: 'pdf.zip', bytes: await zipOf(PDF_ZIP) },
      { now: () => new Date('2026-01-01T00:00:00Z') },
    );
    const error = await errorOf(
      confirmPersonalDraft(layout, {
        draftId: draft.id,
        userId: 'alice',
        ids: '*',
        now: new Date('2026-01-01T01:00:00Z'),
      }),
    );
    expect(error.code).toBe('draft_expired');
  });

  it('Y4 P6 a remote repository drafts every skill; the ones that failed are apart and cannot be confirmed', async () => {
    const layout = await newData();
    const host = await newTemp();
    await makeBareRepository(host, 'acme/skills', async (tree) => {
      await writeSkill(path.join(tree, 'skills/pdf'));
      await writeSkill(path.join(tree, 'skills/ocr'));
      mkdirSync(path.join(tree, 'skills/broken'), { recursive: true });
      writeFileSync(path.join(tree, 'skills/broken/SKILL.md'), '---\nname: broken\n---\nno description\n');
    });
    const draft = await prepareRemoteDraft(layout, {
      source: 'acme/skills',
      allowedHosts: ['github.com'],
      gitConfig: githubToLocal(host),
    });
    expect(draft.source).toMatchObject({ type: 'github', lockSource: 'acme/skills' });
    expect(draft.skills.map((skill) => skill.id).sort()).toEqual(['ocr', 'pdf']);
    expect(draft.failed.map((failure) => failure.sourcePath)).toEqual(['skills/broken']);
    const error = await errorOf(
      confirmPersonalDraft(layout, { draftId: draft.id, userId: 'alice', ids: ['broken'] }),
    );
    expect(error.code).toBe('skill_failed_to_prepare');
  });

  it.each(['personal-copy', 'personal-rename'] as const)(
    'P8 a personal confirm of two skills failing at the second %s leaves neither in the workspace',
    async (failing) => {
      const layout = await newData();
      const host = await newTemp();
      await makeBareRepository(host, 'acme/skills', async (tree) => {
        await writeSkill(path.join(tree, 'skills/pdf'));
        await writeSkill(path.join(tree, 'skills/ocr'));
      });
      const draft = await prepareRemoteDraft(layout, {
        source: 'acme/skills',
        allowedHosts: ['github.com'],
        gitConfig: githubToLocal(host),
      });
      let seen = 0;
      const error = await errorOf(
        confirmPersonalDraft(layout, {
          draftId: draft.id,
          userId: 'alice',
          ids: '*',
          faults: {
            before(step) {
              if (step === failing && ++seen === 2)
                throw new ConflictError('file_locked', `injected at ${step}`);
            },
          },
        }),
      );
      expect(error.code).toBe('file_locked');
      expect(readdirSync(path.join(layout.workspacesDirectory, 'alice/agents/skills'))).toEqual([]);
      expect(leftoverStaging(layout)).toEqual([]);
      expect(await getContentDraft(layout, draft.id)).toBeDefined();
    },
  );

  it('P5 a remote source goes through allowed_hosts, and a local path is never a remote source', async () => {
    const layout = await newData();
    const cases: [string, readonly string[], string][] = [
      ['https://gitlab.example.com/acme/skills.git', ['github.com'], 'host_not_allowed'],
      ['acme/skills', [], 'remote_install_disabled'],
      ['http://github.com/acme/skills.git', ['github.com'], 'insecure_protocol'],
      ['https://user:pw@github.com/acme/skills', ['github.com'], 'url_has_credentials'],
      ['/etc', ['github.com'], 'source_not_remote'],
      ['~', ['github.com'], 'source_not_remote'],
      ['./x.zip', ['github.com'], 'source_not_found'],
    ];
    for (const [source, allowedHosts, code] of cases)
      expect((await errorOf(prepareRemoteDraft(layout, { source, allowedHosts }))).code, source).toBe(code);
    expect(drafts(layout)).toEqual([]);
    expect(leftoverStaging(layout)).toEqual([]);
  });
});
