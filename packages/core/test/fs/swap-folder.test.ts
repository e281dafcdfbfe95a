import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConflictError, SecurityError } from '../../src/errors.js';
import { type SwapFolderStep, swapFolder } from '../../src/fs/index.js';

/** A base with `skills/` (where targets go) and `work/` (a private staging folder on the same disk). */
function makeBase(): { skills: string; work: string } {
  const base = mkdtempSync(path.join(tmpdir(), 'skilldock-swap-'));
  const skills = path.join(base, 'skills');
  const work = path.join(base, 'work');
  mkdirSync(skills);
  mkdirSync(work);
  return { skills, work };
}

function makeFolder(directory: string, text: string): string {
  mkdirSync(directory, { recursive: true });
  writeFileSync(path.join(directory, 'SKILL.md'), text);
  return directory;
}

function failAt(failing: SwapFolderStep) {
  const seen: SwapFolderStep[] = [];
  return {
    seen,
    before(step: SwapFolderStep) {
      seen.push(step);
      if (step === failing) throw new Error(`injected failure at ${step}`);
    },
  };
}

describe('swapFolder', () => {
  it('SEC1 puts a staged folder at a fresh target and leaves nothing behind', async () => {
    const { skills, work } = makeBase();
    const staged = makeFolder(path.join(work, 'pdf'), 'new');
    const target = path.join(skills, 'pdf');
    const hook = failAt('move-aside');

    const result = await swapFolder(staged, target, { before: hook.before });

    expect(result).toEqual({ replaced: false, aside: undefined, warnings: [] });
    expect(hook.seen).toEqual(['rename']);
    expect(readFileSync(path.join(target, 'SKILL.md'), 'utf8')).toBe('new');
    expect(readdirSync(skills)).toEqual(['pdf']);
    expect(readdirSync(work)).toEqual([]);
  });

  it('SEC1 replaces an existing folder: the old one is moved aside, then removed', async () => {
    const { skills, work } = makeBase();
    const target = makeFolder(path.join(skills, 'pdf'), 'old');
    const staged = makeFolder(path.join(work, 'pdf'), 'new');
    const seen: { step: SwapFolderStep; entries: string[] }[] = [];

    const result = await swapFolder(staged, target, {
      folder: skills,
      before: (step) => {
        seen.push({ step, entries: readdirSync(work).sort() });
      },
    });

    expect(result).toEqual({ replaced: true, aside: undefined, warnings: [] });
    // The old folder waits beside the staged one while the new one goes in.
    expect(seen[0]).toEqual({ step: 'move-aside', entries: ['pdf'] });
    expect(seen[1]?.step).toBe('rename');
    expect(seen[1]?.entries).toHaveLength(2);
    expect(seen[1]?.entries.find((name) => name !== 'pdf')).toMatch(/^\.pdf\.skilldock-old-[0-9a-f]{8}$/);
    expect(readFileSync(path.join(target, 'SKILL.md'), 'utf8')).toBe('new');
    expect(readdirSync(skills)).toEqual(['pdf']);
    expect(readdirSync(work)).toEqual([]);
  });

  it('SEC1 keepAside leaves the old folder for a transaction to delete at its commit', async () => {
    const { skills, work } = makeBase();
    const target = makeFolder(path.join(skills, 'pdf'), 'old');
    const staged = makeFolder(path.join(work, 'pdf'), 'new');

    const result = await swapFolder(staged, target, { keepAside: true });

    expect(result.replaced).toBe(true);
    expect(path.dirname(result.aside ?? '')).toBe(work);
    expect(readFileSync(path.join(result.aside ?? '', 'SKILL.md'), 'utf8')).toBe('old');
    expect(readFileSync(path.join(target, 'SKILL.md'), 'utf8')).toBe('new');
  });

  it.each(['move-aside', 'rename'] as const)(
    'P8 a failure at %s puts the old folder back intact and leaves the staged one to its owner',
    async (step) => {
      const { skills, work } = makeBase();
      const target = makeFolder(path.join(skills, 'pdf'), 'old');
      writeFileSync(path.join(target, 'notes.md'), 'kept');
      const staged = makeFolder(path.join(work, 'pdf'), 'new');
      const hook = failAt(step);

      await expect(swapFolder(staged, target, { before: hook.before })).rejects.toThrow(
        `injected failure at ${step}`,
      );

      expect(readdirSync(target).sort()).toEqual(['SKILL.md', 'notes.md']);
      expect(readFileSync(path.join(target, 'SKILL.md'), 'utf8')).toBe('old');
      expect(readFileSync(path.join(target, 'notes.md'), 'utf8')).toBe('kept');
      expect(readdirSync(skills)).toEqual(['pdf']);
      // No aside folder is left; the staged folder is where its owner put it.
      expect(readdirSync(work)).toEqual(['pdf']);
      expect(readFileSync(path.join(staged, 'SKILL.md'), 'utf8')).toBe('new');
    },
  );

  it('SEC1 refuses a target that is a link, and neither the link nor its folder changes', async () => {
    const { skills, work } = makeBase();
    const elsewhere = makeFolder(path.join(path.dirname(skills), 'elsewhere'), 'theirs');
    const target = path.join(skills, 'pdf');
    symlinkSync(elsewhere, target);
    const staged = makeFolder(path.join(work, 'pdf'), 'new');

    const error = await swapFolder(staged, target).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(SecurityError);
    expect((error as SecurityError).code).toBe('symlink_refused');
    expect(readFileSync(path.join(target, 'SKILL.md'), 'utf8')).toBe('theirs');
    expect(readdirSync(elsewhere)).toEqual(['SKILL.md']);
    expect(readdirSync(work)).toEqual(['pdf']);
  });

  it('SEC1 refuses a target whose parent is a link out of its folder', async () => {
    const { skills, work } = makeBase();
    const outside = mkdtempSync(path.join(tmpdir(), 'skilldock-swap-outside-'));
    symlinkSync(outside, path.join(skills, 'linked'));
    const staged = makeFolder(path.join(work, 'pdf'), 'new');

    const error = await swapFolder(staged, path.join(skills, 'linked', 'pdf'), { folder: skills }).catch(
      (caught: unknown) => caught,
    );

    expect((error as SecurityError).code).toBe('path_outside_folder');
    expect(readdirSync(outside)).toEqual([]);
    expect(readdirSync(work)).toEqual(['pdf']);
  });

  it('SEC12 with replace: false an existing folder is a conflict and nothing moves', async () => {
    const { skills, work } = makeBase();
    const target = makeFolder(path.join(skills, 'pdf'), 'old');
    const staged = makeFolder(path.join(work, 'pdf'), 'new');

    const error = await swapFolder(staged, target, { replace: false }).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ConflictError).code).toBe('folder_exists');
    expect(readFileSync(path.join(target, 'SKILL.md'), 'utf8')).toBe('old');
    expect(readdirSync(work)).toEqual(['pdf']);
  });
});
