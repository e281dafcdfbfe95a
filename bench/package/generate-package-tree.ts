import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { mapConcurrent } from '../lib/map-concurrent.js';
import { createSeededRandom } from '../lib/seeded-random.js';

/** A generated skill folder and what it holds. */
export interface GeneratedPackageTree {
  readonly directory: string;
  /** Absolute paths of every file. */
  readonly files: readonly string[];
  readonly totalBytes: number;
  readonly folderCount: number;
}

/** Options of {@link generatePackageTree}. */
export interface GeneratePackageTreeOptions {
  readonly fileCount: number;
  readonly folderCount: number;
  /** The MB-sized files: how many and their size range. */
  readonly largeFiles: {
    readonly count: number;
    readonly minimumBytes: number;
    readonly maximumBytes: number;
  };
  /** Size range of the other files. Default 1–64 KiB. */
  readonly smallFiles?: { readonly minimumBytes: number; readonly maximumBytes: number };
  /** Text (compressible, like real skill content) or random bytes (like images and binaries). */
  readonly content: 'text' | 'binary';
  readonly seed?: number;
}

/** A small vocabulary: the text compresses about as well as real Markdown and code (5–8×). */
const WORDS =
  'skill agent model tool file folder read write parse render token prompt cache bundle entry stream'.split(
    ' ',
  );

/**
 * Writes a deterministic skill tree: `SKILL.md`, `folderCount` folders, small files and a few
 * MB-sized ones. Content is sliced from one seeded pool, so generation is fast and every run
 * writes the same bytes.
 */
export async function generatePackageTree(
  directory: string,
  {
    fileCount,
    folderCount,
    largeFiles,
    smallFiles = { minimumBytes: 1024, maximumBytes: 64 * 1024 },
    content,
    seed = 7,
  }: GeneratePackageTreeOptions,
): Promise<GeneratedPackageTree> {
  const random = createSeededRandom(seed);
  const pool = content === 'text' ? textPool(random, 8 * 1024 * 1024) : binaryPool(random, 8 * 1024 * 1024);
  await mkdir(directory, { recursive: true });
  const folders = Array.from({ length: folderCount }, (_, index) => `part-${String(index).padStart(2, '0')}`);
  for (const folder of folders) await mkdir(join(directory, folder));
  const specs: { path: string; size: number; offset: number }[] = [
    { path: join(directory, 'SKILL.md'), size: 0, offset: 0 },
  ];
  for (let index = 1; index < fileCount; index++) {
    const large = index <= largeFiles.count;
    const size = large
      ? random.integer(largeFiles.minimumBytes, largeFiles.maximumBytes)
      : random.integer(smallFiles.minimumBytes, smallFiles.maximumBytes);
    const folder = folders[index % folders.length]!;
    const extension = content === 'text' ? 'md' : 'bin';
    specs.push({
      path: join(directory, folder, `file-${String(index).padStart(4, '0')}.${extension}`),
      size,
      offset: random.integer(0, pool.length - 1),
    });
  }
  let totalBytes = 0;
  await mapConcurrent(specs, 16, async (spec, index) => {
    const bytes =
      index === 0
        ? Buffer.from(
            '---\nname: bench\ndescription: A generated skill for the package benchmark.\n---\n# Bench\n',
          )
        : slice(pool, spec.offset, spec.size);
    totalBytes += bytes.length;
    await writeFile(spec.path, bytes);
  });
  return { directory, files: specs.map((spec) => spec.path), totalBytes, folderCount };
}

/** `size` bytes from the pool starting at `offset`, wrapping around. */
function slice(pool: Buffer, offset: number, size: number): Buffer {
  const bytes = Buffer.allocUnsafe(size);
  let written = 0;
  let at = offset;
  while (written < size) {
    const copied = pool.copy(bytes, written, at, Math.min(pool.length, at + size - written));
    written += copied;
    at = 0;
  }
  return bytes;
}

function textPool(random: ReturnType<typeof createSeededRandom>, size: number): Buffer {
  const lines: string[] = [];
  let length = 0;
  while (length < size) {
    const words = Array.from({ length: random.integer(4, 14) }, () => random.pick(WORDS));
    const line = `${words.join(' ')}.\n`;
    lines.push(line);
    length += line.length;
  }
  return Buffer.from(lines.join(''));
}

function binaryPool(random: ReturnType<typeof createSeededRandom>, size: number): Buffer {
  const pool = Buffer.allocUnsafe(size);
  for (let index = 0; index < size; index += 4)
    pool.writeUInt32LE(Math.floor(random.next() * 2 ** 32), index);
  return pool;
}
