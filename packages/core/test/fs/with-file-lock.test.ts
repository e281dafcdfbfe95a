import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConflictError } from '../../src/errors.js';
import { withFileLock } from '../../src/fs/with-file-lock.js';

const root = mkdtempSync(path.join(tmpdir(), 'skilldock-file-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('withFileLock within one process', () => {
  it('runs concurrent callers one at a time, in the order they asked, each holding the lock folder', async () => {
    const file = path.join(root, 'ordered', 'skills-lock.json');
    const events: string[] = [];
    let inside = 0;
    const callers = Array.from({ length: 6 }, (_, index) =>
      withFileLock(file, async () => {
        inside += 1;
        events.push(`start ${index} (${inside} inside, lock folder ${existsSync(`${file}.lock`)})`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        events.push(`end ${index}`);
        inside -= 1;
        return index;
      }),
    );
    expect(await Promise.all(callers)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(events).toEqual(
      [0, 1, 2, 3, 4, 5].flatMap((index) => [`start ${index} (1 inside, lock folder true)`, `end ${index}`]),
    );
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('a failing holder lets the next caller in', async () => {
    const file = path.join(root, 'failing', 'state.json');
    const first = withFileLock(file, async () => {
      throw new Error('boom');
    });
    const second = withFileLock(file, async () => 'second ran');
    await expect(first).rejects.toThrow('boom');
    expect(await second).toBe('second ran');
  });

  it('a caller that waits past its limit gets file_locked, and the next one still waits for the holder', async () => {
    const file = path.join(root, 'timeout', 'state.json');
    const holder = gate();
    const events: string[] = [];
    const holding = withFileLock(file, async () => {
      await holder.opened;
      events.push('holder done');
    });
    const impatient = withFileLock(file, async () => events.push('impatient ran'), { waitMilliseconds: 50 });
    const patient = withFileLock(file, async () => {
      events.push('patient ran');
    });
    const refusal = await impatient.catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ConflictError);
    expect((refusal as ConflictError).code).toBe('file_locked');
    // The impatient caller gave up; the patient one must not have slipped in beside the holder.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual([]);
    holder.open();
    await Promise.all([holding, patient]);
    expect(events).toEqual(['holder done', 'patient ran']);
  });
});
