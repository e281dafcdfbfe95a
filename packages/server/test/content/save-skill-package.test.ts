import { chmodSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConflictError } from '@skilldock/core/errors';
import { computeDirectoryRevision } from '@skilldock/core/package';
import { describe, expect, it } from 'vitest';
import {
  copyContentTree,
  type PackagePublishStep,
  packageDirectory,
  readContentFile,
  saveSkillPackage,
} from '../../src/content/index.js';
import {
  codeOf,
  leftoverLeases,
  leftoverStaging,
  publishedSkill,
  publishFirst,
  ReferenceTable,
  saveOnTable,
  skillText,
  useDataFolders,
  useTempFolders,
  visiblePackages,
  writeSkillFolder,
} from './content-fixtures.js';

const newData = useDataFolders();
const newTemp = useTempFolders();

function sharedSkill(files: Record<string, string> = { 'references/guide.md': 'Read me.\n' }) {
  return publishedSkill(newData, newTemp, files);
}

const save = saveOnTable;

describe('copyContentTree', () => {
  it('P1 names the copy by the revision a walk of it computes, noise and secrets never in it', async () => {
    const source = writeSkillFolder(path.join(await newTemp(), 'pdf'), 'pdf', {
      'scripts/run.sh': '#!/bin/sh\necho hi\n',
      'references/deep/er/ü-文档.md': 'unicode path\n',
      'references/empty/': '',
      'assets/zero.bin': Buffer.alloc(0),
      'assets/large.bin': Buffer.alloc(300 * 1024, 7),
      'node_modules/x/index.js': 'noise',
      '.git/HEAD': 'ref: main\n',
    });
    chmodSync(path.join(source, 'scripts/run.sh'), 0o755);
    const destination = path.join(await newTemp(), 'copy');
    const copied = await copyContentTree(source, destination);
    expect(copied.revision).toBe(await computeDirectoryRevision(destination));
    expect(copied.revision).toBe(await computeDirectoryRevision(source));
    expect(statSync(path.join(destination, 'scripts/run.sh')).mode & 0o100).toBe(0o100);
    expect(readdirSync(destination).sort()).toEqual(['SKILL.md', 'assets', 'references', 'scripts']);
    // A secret anywhere refuses the whole copy before anything is written.
    const secret = writeSkillFolder(path.join(await newTemp(), 'pdf'), 'pdf', { 'keys/id_rsa': 'x' });
    const refused = path.join(await newTemp(), 'refused');
    expect(await codeOf(copyContentTree(secret, refused))).toBe('secret_in_package');
    expect(() => statSync(refused)).toThrow();
  });
});

describe('saveSkillPackage', () => {
  it('Y5 writes every edit of one save into a new immutable package and leaves the base untouched', async () => {
    const context = await sharedSkill();
    const baseFolder = await packageDirectory(context.layout, context.base);
    const saved = await save(context, [
      { type: 'create', path: 'scripts/run.sh', content: '#!/bin/sh\necho hi\n', executable: true },
      { type: 'write', path: 'references/guide.md', content: 'Read me first.\n' },
      { type: 'rename', from: 'references/guide.md', to: 'docs/guide.md' },
      { type: 'mkdir', path: 'templates' },
      { type: 'delete', path: 'references' },
    ]);
    expect(saved.changed).toBe(true);
    expect(saved.revision).not.toBe(context.base);
    expect(context.table.get('pdf')).toBe(saved.revision);
    const folder = await packageDirectory(context.layout, saved.revision);
    expect(await computeDirectoryRevision(folder)).toBe(saved.revision);
    expect(readFileSync(path.join(folder, 'docs/guide.md'), 'utf8')).toBe('Read me first.\n');
    expect(statSync(path.join(folder, 'scripts/run.sh')).mode & 0o100).toBe(0o100);
    expect(readdirSync(folder).sort()).toEqual(['SKILL.md', 'docs', 'scripts', 'templates']);
    // The base was pruned once nothing referenced it, and never changed before that.
    expect(visiblePackages(context.layout)).toEqual([path.basename(folder)]);
    expect(path.basename(baseFolder)).not.toBe(path.basename(folder));
    expect(leftoverLeases(context.layout)).toEqual([]);
    expect(leftoverStaging(context.layout)).toEqual([]);
  });

  it('Y5 writes dependency choices back into the frontmatter, keeping unknown fields, order and body', async () => {
    const layout = await newData();
    const table = new ReferenceTable();
    const source = path.join(await newTemp(), 'pdf');
    writeSkillFolder(source, 'pdf');
    const text = skillText('pdf', 'x-team: billing # owner\nversion: "2.0.0"\n', '# Body\n\nKeep   this.\n');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(source, 'SKILL.md'), text);
    const base = await publishFirst(layout, table, 'pdf', source);
    const saved = await saveSkillPackage(layout, {
      baseRevision: base,
      edits: [
        { type: 'dependencies', tools: ['read_file', 'shell'], mcpServers: ['github'], skills: ['ocr'] },
      ],
      commit: async (result) => table.swap('pdf', result.baseRevision, result.revision),
      referencedRevisions: table.referenced,
    });
    const written = (
      await readContentFile(await packageDirectory(layout, saved.revision), 'SKILL.md')
    ).bytes.toString('utf8');
    expect(written).toBe(
      '---\nname: pdf\ndescription: The pdf skill. Use it for pdf work.\nx-team: billing # owner\nversion: "2.0.0"\n' +
        'tool_dependencies:\n  - read_file\n  - shell\nmcp_dependencies:\n  - github\nskill_dependencies:\n  - ocr\n---\n# Body\n\nKeep   this.\n',
    );
    expect(saved.index).toMatchObject({
      id: 'pdf',
      name: 'pdf',
      description: 'The pdf skill. Use it for pdf work.',
      version: '2.0.0',
      dependencies: { tools: ['read_file', 'shell'], mcpServers: ['github'], skills: ['ocr'] },
    });
  });

  it('Y5 syncs a renamed skill and its description from the saved SKILL.md into the index entry', async () => {
    const context = await sharedSkill();
    const saved = await save(context, [
      {
        type: 'write',
        path: 'SKILL.md',
        content: '---\nname: 文档整理\nslug: document-cleanup\ndescription: Tidy documents.\n---\nBody\n',
      },
    ]);
    expect(saved.index).toMatchObject({
      id: 'document-cleanup',
      name: '文档整理',
      description: 'Tidy documents.',
    });
  });

  it('Y5 refuses a save whose base revision is stale and writes nothing', async () => {
    const context = await sharedSkill();
    const first = await save(context, [{ type: 'create', path: 'a.md', content: 'a' }]);
    const before = visiblePackages(context.layout);
    const code = await codeOf(save(context, [{ type: 'create', path: 'b.md', content: 'b' }]));
    expect(code).toBe('revision_conflict');
    expect(visiblePackages(context.layout)).toEqual(before);
    expect(context.table.get('pdf')).toBe(first.revision);
    expect(leftoverStaging(context.layout)).toEqual([]);
    expect(leftoverLeases(context.layout)).toEqual([]);
  });

  it('Y5 refuses a save up front when the caller says the current revision moved on', async () => {
    const context = await sharedSkill();
    const error = await saveSkillPackage(context.layout, {
      baseRevision: context.base,
      currentRevision: `sha256:${'0'.repeat(64)}`,
      edits: [{ type: 'create', path: 'a.md', content: 'a' }],
      commit: async () => expect.unreachable('no commit for a stale base'),
      referencedRevisions: context.table.referenced,
    }).catch((caught: unknown) => caught);
    expect(ConflictError.isInstance(error)).toBe(true);
    expect((error as ConflictError).code).toBe('revision_conflict');
  });

  it('Y5 of 50 concurrent saves from the same base exactly one wins; the losers leave no package behind', async () => {
    const context = await sharedSkill();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        save(context, [{ type: 'write', path: 'references/guide.md', content: `Version ${index}\n` }]),
      ),
    );
    const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const losers = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(49);
    for (const loser of losers)
      expect((loser as PromiseRejectedResult).reason.code).toBe('revision_conflict');
    const winner = (winners[0] as PromiseFulfilledResult<{ revision: string }>).value;
    expect(context.table.get('pdf')).toBe(winner.revision);
    expect(visiblePackages(context.layout)).toEqual([winner.revision.slice('sha256:'.length)]);
    expect(leftoverLeases(context.layout)).toEqual([]);
    expect(leftoverStaging(context.layout)).toEqual([]);
  });

  it("Y5 a single-file write checks that file's SHA-256 and refuses a changed file with nothing written", async () => {
    const context = await sharedSkill();
    const folder = await packageDirectory(context.layout, context.base);
    const { sha256 } = await readContentFile(folder, 'references/guide.md');
    const code = await codeOf(
      save(context, [
        { type: 'write', path: 'references/guide.md', content: 'x', sha256: `sha256:${'1'.repeat(64)}` },
      ]),
    );
    expect(code).toBe('file_changed');
    expect(visiblePackages(context.layout)).toEqual([context.base.slice(7)]);
    const saved = await save(context, [{ type: 'write', path: 'references/guide.md', content: 'x', sha256 }]);
    expect(saved.changed).toBe(true);
  });

  it('Y5 a save that changes nothing makes no package and calls no commit', async () => {
    const context = await sharedSkill();
    const saved = await saveSkillPackage(context.layout, {
      baseRevision: context.base,
      edits: [{ type: 'write', path: 'references/guide.md', content: 'Read me.\n' }],
      commit: async () => expect.unreachable('nothing changed'),
      referencedRevisions: context.table.referenced,
    });
    expect(saved).toMatchObject({ changed: false, revision: context.base });
  });

  it('Y5 P3 refuses a save whose files exceed the expanded budget', async () => {
    const context = await sharedSkill({});
    const big = Buffer.alloc(26 * 1024 * 1024, 1);
    const code = await codeOf(
      save(context, [
        { type: 'create', path: 'a.bin', content: big },
        { type: 'create', path: 'b.bin', content: big },
      ]),
    );
    expect(code).toBe('archive_too_large_expanded');
    expect(visiblePackages(context.layout)).toEqual([context.base.slice(7)]);
  });

  it('Y15 P2 refuses an edit that would put a secret into the skill', async () => {
    const context = await sharedSkill();
    expect(await codeOf(save(context, [{ type: 'create', path: '.env', content: 'KEY=1' }]))).toBe(
      'secret_in_package',
    );
    expect(await codeOf(save(context, [{ type: 'create', path: '.ssh/id', content: 'x' }]))).toBe(
      'secret_in_package',
    );
    expect(await codeOf(save(context, [{ type: 'create', path: 'node_modules/x.js', content: 'x' }]))).toBe(
      'unsafe_file_path',
    );
  });

  it('Y5 refuses to delete or rename the root SKILL.md, and a SKILL.md that no longer parses', async () => {
    const context = await sharedSkill();
    expect(await codeOf(save(context, [{ type: 'delete', path: 'SKILL.md' }]))).toBe('skill_file_required');
    expect(await codeOf(save(context, [{ type: 'rename', from: 'SKILL.md', to: 'x.md' }]))).toBe(
      'skill_file_required',
    );
    expect(
      await codeOf(save(context, [{ type: 'write', path: 'SKILL.md', content: '---\nname: pdf\n---\n' }])),
    ).toBe('invalid_skill_document');
    expect(visiblePackages(context.layout)).toEqual([context.base.slice(7)]);
  });

  it.each<PackagePublishStep>(['package-copy', 'package-place', 'commit'])(
    'P8 a failure at %s leaves nothing half-visible: the base stays current and alone',
    async (failing) => {
      const context = await sharedSkill();
      const code = await codeOf(
        save(context, [{ type: 'create', path: 'new.md', content: 'new' }], {
          faults: {
            before(step) {
              if (step === failing) throw new ConflictError('file_locked', `injected at ${step}`);
            },
          },
        }),
      );
      expect(code).toBe('file_locked');
      expect(context.table.get('pdf')).toBe(context.base);
      expect(visiblePackages(context.layout)).toEqual([context.base.slice(7)]);
      expect(leftoverLeases(context.layout)).toEqual([]);
      expect(leftoverStaging(context.layout)).toEqual([]);
    },
  );

  it('P8 a failure at prune happens after the commit: the save stands and says what was left', async () => {
    const context = await sharedSkill();
    const saved = await save(context, [{ type: 'create', path: 'new.md', content: 'new' }], {
      faults: {
        before(step) {
          if (step === 'prune') throw new Error('disk unplugged');
        },
      },
    });
    expect(context.table.get('pdf')).toBe(saved.revision);
    expect(saved.warnings).toEqual([expect.stringContaining('disk unplugged')]);
    // The save's own lease on the base still prunes it when released: nothing references it.
    expect(visiblePackages(context.layout)).toEqual([saved.revision.slice(7)]);
  });
});
