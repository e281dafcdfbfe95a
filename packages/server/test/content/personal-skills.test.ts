import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { computeDirectoryRevision, extractArchive } from '@skilldock/core/package';
import { describe, expect, it } from 'vitest';
import {
  exportSkillArchive,
  listContentTree,
  personalSkillDirectory,
  savePersonalSkill,
} from '../../src/content/index.js';
import {
  codeOf,
  leftoverStaging,
  useDataFolders,
  useTempFolders,
  writeSkillFolder,
} from './content-fixtures.js';

const newData = useDataFolders();
const newTemp = useTempFolders();

async function personalSkill() {
  const layout = await newData();
  const directory = await personalSkillDirectory(layout, 'alice', 'pdf');
  writeSkillFolder(directory, 'pdf', { 'docs/guide.md': 'guide\n' });
  return { layout, directory, base: await computeDirectoryRevision(directory) };
}

describe('personal skills in the workspace', () => {
  it('Y5 Y2 saves a personal skill in place of its folder and returns the new revision', async () => {
    const { layout, directory, base } = await personalSkill();
    const saved = await savePersonalSkill(layout, {
      userId: 'alice',
      skillId: 'pdf',
      baseRevision: base,
      edits: [
        { type: 'write', path: 'docs/guide.md', content: 'better guide\n' },
        { type: 'dependencies', tools: ['shell'] },
      ],
    });
    expect(saved.changed).toBe(true);
    expect(await computeDirectoryRevision(directory)).toBe(saved.revision);
    expect(readFileSync(path.join(directory, 'docs/guide.md'), 'utf8')).toBe('better guide\n');
    expect(readFileSync(path.join(directory, 'SKILL.md'), 'utf8')).toContain(
      'tool_dependencies:\n  - shell\n',
    );
    expect(leftoverStaging(layout)).toEqual([]);
  });

  it('Y5 refuses a personal save when the folder changed since it was loaded, and writes nothing', async () => {
    const { layout, directory, base } = await personalSkill();
    writeFileSync(path.join(directory, 'docs/guide.md'), 'changed by the CLI\n');
    const changed = await computeDirectoryRevision(directory);
    const code = await codeOf(
      savePersonalSkill(layout, {
        userId: 'alice',
        skillId: 'pdf',
        baseRevision: base,
        edits: [{ type: 'create', path: 'new.md', content: 'x' }],
      }),
    );
    expect(code).toBe('revision_conflict');
    expect(await computeDirectoryRevision(directory)).toBe(changed);
  });

  it('Y5 of 10 concurrent personal saves from the same base exactly one wins', async () => {
    const { layout, directory, base } = await personalSkill();
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) =>
        savePersonalSkill(layout, {
          userId: 'alice',
          skillId: 'pdf',
          baseRevision: base,
          edits: [{ type: 'write', path: 'docs/guide.md', content: `v${index}\n` }],
        }),
      ),
    );
    const winners = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
    expect(winners).toHaveLength(1);
    for (const outcome of outcomes)
      if (outcome.status === 'rejected') expect(outcome.reason.code).toBe('revision_conflict');
    expect(await computeDirectoryRevision(directory)).toBe(winners[0]!.revision);
  });

  it.each(['personal-copy', 'personal-move-aside', 'personal-rename'] as const)(
    'P8 a personal save failing at %s leaves the folder exactly as it was',
    async (failing) => {
      const { layout, directory, base } = await personalSkill();
      const error = await savePersonalSkill(layout, {
        userId: 'alice',
        skillId: 'pdf',
        baseRevision: base,
        edits: [{ type: 'write', path: 'docs/guide.md', content: 'new\n' }],
        faults: {
          before(step) {
            if (step === failing) throw new Error(`injected at ${step}`);
          },
        },
      }).catch((caught: unknown) => caught);
      expect(String(error)).toContain(`injected at ${failing}`);
      expect(await computeDirectoryRevision(directory)).toBe(base);
      expect(leftoverStaging(layout)).toEqual([]);
    },
  );

  it('Y15 a personal save refuses a skill folder holding a link, and leaves it as it was', async () => {
    const { layout, directory } = await personalSkill();
    const outside = await newTemp();
    const { symlinkSync } = await import('node:fs');
    symlinkSync(outside, path.join(directory, 'escape'));
    const code = await codeOf(
      savePersonalSkill(layout, {
        userId: 'alice',
        skillId: 'pdf',
        baseRevision: `sha256:${'0'.repeat(64)}`,
        edits: [],
      }),
    );
    expect(code).toBe('symlink_refused');
    expect(readdirSync(directory).sort()).toEqual(['SKILL.md', 'docs', 'escape']);
  });

  it('Y5 P2 exports a skill as a deterministic ZIP with the id as its top folder', async () => {
    const { layout, directory, base } = await personalSkill();
    const first = await exportSkillArchive(layout, directory, 'pdf');
    const second = await exportSkillArchive(layout, directory, 'pdf');
    expect(first.fileName).toBe('pdf.zip');
    expect(first.bytes.equals(second.bytes)).toBe(true);
    const file = path.join(await newTemp(), 'pdf.zip');
    writeFileSync(file, first.bytes);
    const extracted = await extractArchive(file);
    try {
      expect(path.basename(extracted.skillDirectory)).toBe('pdf');
      expect(await computeDirectoryRevision(extracted.skillDirectory)).toBe(base);
    } finally {
      await extracted.dispose();
    }
  });

  it('Y15 P2 an export of a skill holding a secret is refused', async () => {
    const { layout, directory } = await personalSkill();
    writeFileSync(path.join(directory, 'credentials.json'), '{}');
    expect(await codeOf(exportSkillArchive(layout, directory, 'pdf'))).toBe('secret_in_package');
    expect(await codeOf(listContentTree(directory))).toBe('secret_in_package');
    expect(leftoverStaging(layout)).toEqual([]);
  });

  it('Y5 lists the tree with sizes, executable bits and the SHA-256 a single-file write sends back', async () => {
    const { directory } = await personalSkill();
    const tree = await listContentTree(directory);
    expect(tree.entries.map((entry) => [entry.type, entry.path])).toEqual([
      ['file', 'SKILL.md'],
      ['directory', 'docs'],
      ['file', 'docs/guide.md'],
    ]);
    expect(tree.entries[2]).toMatchObject({
      size: 6,
      executable: false,
      sha256: `sha256:${createHash('sha256').update('guide\n').digest('hex')}`,
    });
  });
});
