import { describe, expect, it } from 'vitest';
import { lineDiff, sideBySide } from '../../src/skills/line-diff.js';

describe('sideBySide', () => {
  it('puts kept lines on both sides and each removed run beside the added run that replaced it', () => {
    const rows = sideBySide(lineDiff('a\nb\nc\nd', 'a\nB\nc\nd\ne'));
    expect(
      rows.map((row) => [
        row.left?.kind ?? null,
        row.left?.text ?? null,
        row.right?.kind ?? null,
        row.right?.text ?? null,
      ]),
    ).toEqual([
      ['same', 'a', 'same', 'a'],
      ['removed', 'b', 'added', 'B'],
      ['same', 'c', 'same', 'c'],
      ['same', 'd', 'same', 'd'],
      [null, null, 'added', 'e'],
    ]);
  });

  it('leaves the shorter side of an uneven replacement empty', () => {
    const rows = sideBySide(lineDiff('x\none\ntwo\nthree\ny', 'x\nuno\ny'));
    expect(rows.map((row) => [row.left?.text ?? null, row.right?.text ?? null])).toEqual([
      ['x', 'x'],
      ['one', 'uno'],
      ['two', null],
      ['three', null],
      ['y', 'y'],
    ]);
  });
});
