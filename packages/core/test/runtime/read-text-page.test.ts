import { describe, expect, it } from 'vitest';
import { readTextPage } from '../../src/runtime/read-text-page.js';

async function* chunksOf(text: string | Uint8Array, size = 7): AsyncGenerator<Uint8Array> {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

const limits = { offset: 1, maxLines: 2000, maxBytes: 50 * 1024 };

describe('readTextPage', () => {
  it('R4 returns a whole short file with its line count', async () => {
    const page = await readTextPage(chunksOf('one\ntwo\nthree'), limits);
    expect(page).toEqual({
      kind: 'text',
      text: 'one\ntwo\nthree',
      firstLine: 1,
      lineCount: 3,
      totalLines: 3,
    });
  });

  it('R4 pages by lines and names the offset that continues', async () => {
    const text = Array.from({ length: 10 }, (_, index) => `line ${index + 1}\n`).join('');
    const first = await readTextPage(chunksOf(text), { ...limits, maxLines: 4 });
    expect(first).toMatchObject({ kind: 'text', text: 'line 1\nline 2\nline 3\nline 4\n', nextOffset: 5 });
    const last = await readTextPage(chunksOf(text), { ...limits, offset: 9, maxLines: 4 });
    expect(last).toEqual({
      kind: 'text',
      text: 'line 9\nline 10\n',
      firstLine: 9,
      lineCount: 2,
      totalLines: 10,
    });
  });

  it('R4 stops at the byte budget before the line budget', async () => {
    const text = 'aaaa\nbbbb\ncccc\n';
    const page = await readTextPage(chunksOf(text), { ...limits, maxBytes: 11 });
    expect(page).toMatchObject({ text: 'aaaa\nbbbb\n', nextOffset: 3 });
  });

  it('R4 cuts a single line longer than the budget on a character boundary', async () => {
    const text = `${'é'.repeat(40)}\nnext\n`;
    const page = await readTextPage(chunksOf(text), { ...limits, maxBytes: 9 });
    expect(page).toMatchObject({
      text: 'éééé\n',
      cutLine: 1,
      cutLines: [{ line: 1, startByte: 0, bytes: 80, shownBytes: 8 }],
      nextOffset: 2,
    });
  });

  it('SEC4 cuts each line longer than maxLineBytes, so a long line never hides the lines after it', async () => {
    const text = `first\n${'x'.repeat(60_000)}\nthird\nfourth`;
    const page = await readTextPage(chunksOf(text, 4096), { ...limits, maxLineBytes: 100 });
    expect(page).toEqual({
      kind: 'text',
      text: `first\n${'x'.repeat(100)}\nthird\nfourth`,
      firstLine: 1,
      lineCount: 4,
      cutLine: 2,
      cutLines: [{ line: 2, startByte: 6, bytes: 60_000, shownBytes: 100 }],
      totalLines: 4,
    });
  });

  it('SEC4 keeps memory bounded on a huge line without a newline and still counts it', async () => {
    async function* huge(): AsyncGenerator<Uint8Array> {
      const block = new Uint8Array(1024 * 1024).fill(97);
      for (let index = 0; index < 64; index++) yield block;
    }
    const page = await readTextPage(huge(), { ...limits, maxLineBytes: 2000 });
    expect(page).toMatchObject({
      kind: 'text',
      lineCount: 1,
      totalLines: 1,
      cutLines: [{ line: 1, startByte: 0, bytes: 64 * 1024 * 1024, shownBytes: 2000 }],
    });
    expect(page.kind === 'text' && page.text.length).toBe(2000);
  });

  it('R4 reports the line count when the offset is past the end', async () => {
    const page = await readTextPage(chunksOf('a\nb\nc'), { ...limits, offset: 10 });
    expect(page).toMatchObject({ kind: 'text', lineCount: 0, totalLines: 3 });
  });

  it('R4 finds a NUL byte and calls the file binary', async () => {
    expect(await readTextPage(chunksOf(new Uint8Array([104, 105, 0, 10])), limits)).toEqual({
      kind: 'binary',
      reason: 'nul_byte',
    });
  });

  it('R4 finds invalid UTF-8 and calls the file binary, but accepts a code point split across chunks', async () => {
    expect(await readTextPage(chunksOf(new Uint8Array([104, 0xc3, 0x28, 10])), limits)).toEqual({
      kind: 'binary',
      reason: 'invalid_utf8',
    });
    const split = await readTextPage(chunksOf('ab€cd', 3), limits);
    expect(split).toMatchObject({ kind: 'text', text: 'ab€cd' });
  });
});
