import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PACKAGES = path.resolve(import.meta.dirname, '../..');
const THIS_FILE = path.resolve(import.meta.filename);

/**
 * Ways a test measures elapsed wall-clock time: `Date.now() - started`. A fixed instant such as
 * `Date.now() + 5000` or `Date.now() - 60_000` (an old mtime) is fine.
 */
const TIMING = [/\bperformance\.now\(/, /\bprocess\.hrtime\b/, /\bDate\.now\(\)\s*-\s*[A-Za-z_$(]/];

function testFiles(): string[] {
  return readdirSync(PACKAGES, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const folder = path.join(PACKAGES, entry.name, 'test');
      try {
        return readdirSync(folder, { recursive: true, encoding: 'utf8' })
          .filter((name) => name.endsWith('.ts'))
          .map((name) => path.join(folder, name));
      } catch {
        return [];
      }
    });
}

describe('tests assert behaviour, never speed', () => {
  it('D8 S2 no test measures wall-clock time: how fast things are is for bench/ (a hang is caught by the test timeout)', () => {
    const files = testFiles();
    expect(files.length).toBeGreaterThan(50);
    const timed = files
      .filter((file) => file !== THIS_FILE)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, index) =>
            TIMING.some((pattern) => pattern.test(line))
              ? [`${path.relative(PACKAGES, file)}:${index + 1}: ${line.trim()}`]
              : [],
          ),
      );
    expect(timed).toEqual([]);
  });
});
