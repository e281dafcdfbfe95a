import { chmodSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import { afterEach } from 'vitest';
import yazl from 'yazl';

/** A fresh temp folder per call, removed after the current test. */
export function useTempDirectories(): () => Promise<string> {
  const created: string[] = [];
  afterEach(async () => {
    await Promise.all(created.splice(0).map((directory) => rm(directory, { recursive: true, force: true })));
  });
  return async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'skilldock-package-'));
    created.push(directory);
    return directory;
  };
}

export const SKILL_TEXT = '---\nname: demo\ndescription: A demo skill.\n---\n# Demo\n';

/** Writes files (string or bytes) under `root`; a path ending in `/` makes an empty folder. */
export function writeTree(
  root: string,
  files: Record<string, string | Buffer>,
  executables: string[] = [],
): string {
  for (const [name, content] of Object.entries(files)) {
    const target = path.join(root, name);
    if (name.endsWith('/')) {
      mkdirSync(target, { recursive: true });
      continue;
    }
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
  }
  for (const name of executables) chmodSync(path.join(root, name), 0o755);
  return root;
}

/** Every path (relative, POSIX) under a folder, folders with a trailing `/`. */
export function listTree(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .map((entry) => {
      const relative = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      return entry.isDirectory() ? `${relative}/` : relative;
    })
    .sort();
}

/** One entry of a hand-made zip; every header field a hostile archive may want to lie about. */
export interface RawZipEntry {
  readonly name: string | Buffer;
  readonly data?: Buffer;
  /** 0 stored, 8 deflate (default). */
  readonly method?: 0 | 8;
  /** Unix mode put in the external attributes (e.g. 0o120777 for a symlink). */
  readonly unixMode?: number;
  /** Size written into both headers instead of the real one. */
  readonly declaredSize?: number;
}

/**
 * Writes a zip byte by byte (local headers, data, central directory, end record) so tests can
 * build entries yazl refuses to make (`../evil`, `/abs`, symlinks, devices, lying sizes).
 */
export function rawZip(entries: readonly RawZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = typeof entry.name === 'string' ? Buffer.from(entry.name, 'utf8') : entry.name;
    const data = entry.data ?? Buffer.alloc(0);
    const method = entry.method ?? 8;
    const stored = method === 8 ? deflateRawSync(data) : data;
    const size = entry.declaredSize ?? data.length;
    const crc = crc32(data);
    const flags = typeof entry.name === 'string' ? 0x0800 : 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(0x00210000, 10);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, stored);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(0x00210000, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    const mode = entry.unixMode ?? (name.at(-1) === 0x2f ? 0o040755 : 0o100644);
    central.writeUInt32LE((mode << 16) >>> 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** One entry of a hand-made tar. */
export interface RawTarEntry {
  readonly name: string | Buffer;
  readonly data?: Buffer;
  /** tar type flag: '0' file, '5' folder, '2' symlink, '1' hard link, '3' char device, '6' FIFO. */
  readonly type?: string;
  readonly linkName?: string;
  readonly mode?: number;
}

/** Writes an uncompressed ustar archive from raw 512-byte headers (names up to 100 bytes). */
export function rawTar(entries: readonly RawTarEntry[]): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const data = entry.data ?? Buffer.alloc(0);
    const header = Buffer.alloc(512);
    const name = typeof entry.name === 'string' ? Buffer.from(entry.name, 'utf8') : entry.name;
    name.copy(header, 0, 0, 100);
    const octal = (value: number, offset: number, length: number) =>
      header.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'latin1');
    octal(entry.mode ?? (entry.type === '5' ? 0o755 : 0o644), 100, 8);
    octal(0, 108, 8);
    octal(0, 116, 8);
    octal(data.length, 124, 12);
    octal(315532800, 136, 12);
    header.write(entry.type ?? '0', 156, 1, 'latin1');
    if (entry.linkName) header.write(entry.linkName, 157, 100, 'utf8');
    header.write('ustar\u000000', 257, 8, 'latin1');
    header.fill(0x20, 148, 156);
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
    blocks.push(header, data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

/** A zip made by yazl from in-memory entries (for archives yazl is happy to write). */
export async function yazlZip(entries: Record<string, Buffer | string | Readable>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries)) {
    if (name.endsWith('/')) zip.addEmptyDirectory(name);
    else if (content instanceof Readable) zip.addReadStream(content, name);
    else zip.addBuffer(Buffer.from(content), name);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A stream of `size` zero bytes, produced lazily in 1 MiB chunks. */
export function zeroStream(size: number): Readable {
  const chunk = Buffer.alloc(1024 * 1024);
  let left = size;
  return new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const next = Math.min(left, chunk.length);
      left -= next;
      this.push(next === chunk.length ? chunk : chunk.subarray(0, next));
    },
  });
}
