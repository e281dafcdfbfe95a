import { execFileSync } from 'node:child_process';
import { readSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withRegularFileSync } from '../../src/package/with-regular-file.js';
import { useTempDirectories, writeTree } from './package-test-helpers.js';

const newTemp = useTempDirectories();

describe('withRegularFileSync', () => {
  it('P2 hands over a regular file with its stats, and closes it', async () => {
    const root = writeTree(await newTemp(), { 'a.txt': 'hello' });
    let opened = -1;
    const text = withRegularFileSync(path.join(root, 'a.txt'), 'a.txt', (descriptor, stats) => {
      opened = descriptor;
      const buffer = Buffer.alloc(stats.size);
      readSync(descriptor, buffer, 0, buffer.length, 0);
      return buffer.toString('utf8');
    });
    expect(text).toBe('hello');
    expect(() => readSync(opened, Buffer.alloc(1))).toThrow(expect.objectContaining({ code: 'EBADF' }));
  });

  it('P2 refuses a symbolic link without following it, naming it', async () => {
    const root = writeTree(await newTemp(), { 'target.txt': 'secret' });
    symlinkSync(path.join(root, 'target.txt'), path.join(root, 'link.txt'));
    expect(() => withRegularFileSync(path.join(root, 'link.txt'), 'link.txt', () => 'read')).toThrow(
      expect.objectContaining({ code: 'symlink_refused', details: { path: 'link.txt' } }),
    );
  });

  it('P2 refuses a FIFO at once instead of blocking the process on it', async () => {
    const root = await newTemp();
    execFileSync('mkfifo', [path.join(root, 'pipe')]);
    // Without O_NONBLOCK this open would wait forever for a writer and the test would time out.
    expect(() => withRegularFileSync(path.join(root, 'pipe'), 'pipe', () => 'read')).toThrow(
      expect.objectContaining({ code: 'special_file', details: { path: 'pipe' } }),
    );
  });
});
