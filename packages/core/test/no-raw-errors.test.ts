import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PACKAGES = path.resolve(import.meta.dirname, '../..');

/** Every TypeScript source file of every package (`packages/*\/src`), tests and builds aside. */
function sourceFiles(): string[] {
  return readdirSync(PACKAGES).flatMap((name) => {
    const folder = path.join(PACKAGES, name, 'src');
    let files: string[];
    try {
      files = readdirSync(folder, { recursive: true, encoding: 'utf8' });
    } catch {
      return [];
    }
    return files
      .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'))
      .map((file) => path.join(folder, file));
  });
}

/** `throw new Error(…)`, `throw TypeError(…)` and their kin: an error without a code to match on. */
const RAW_THROW = /\bthrow\s+(?:new\s+)?(?:Error|TypeError|RangeError|SyntaxError)\s*\(/;

describe('typed errors everywhere', () => {
  it('I2 no package source throws a raw Error: every throw is a typed error with a code', () => {
    const found = sourceFiles().flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          RAW_THROW.test(line) ? [`${path.relative(PACKAGES, file)}:${index + 1}`] : [],
        ),
    );
    expect(found).toEqual([]);
  });
});
