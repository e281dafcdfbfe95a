import { describe, expect, it } from 'vitest';
import { MapEdit, patchMap } from '../../src/catalog/patched-map.js';

const base = () =>
  new Map([
    ['a', 1],
    ['b', 2],
    ['c', 3],
  ]);

/** Everything a read-only map answers, to compare it with a plain `Map`. */
function answers(map: ReadonlyMap<string, number>) {
  const viaForEach: Array<[string, number]> = [];
  map.forEach((value, key) => {
    viaForEach.push([key, value]);
  });
  return {
    size: map.size,
    entries: [...map],
    viaEntries: [...map.entries()],
    viaForEach,
    keys: [...map.keys()],
    values: [...map.values()],
    got: ['a', 'b', 'c', 'd'].map((key) => [map.get(key), map.has(key)]),
  };
}

describe('patchMap (a refresh replaces one value among thousands without copying)', () => {
  it('D7 answers exactly as the base with the values set, in the base order, and leaves the base alone', () => {
    const original = base();
    const patched = patchMap(original, new Map([['b', 20]]));
    const expected = base().set('b', 20);
    expect(answers(patched)).toEqual(answers(expected));
    expect(answers(original)).toEqual(answers(base()));
  });

  it('D7 a patch of a patch patches the base (chains never grow) and keeps earlier changes', () => {
    const first = patchMap(base(), new Map([['a', 10]]));
    const second = patchMap(first, new Map([['c', 30]]));
    const third = patchMap(second, new Map([['a', 100]]));
    expect(answers(third)).toEqual(answers(base().set('a', 100).set('c', 30)));
    expect(answers(first)).toEqual(answers(base().set('a', 10)));
  });

  it('D7 a new key or too many changes give a plain Map with the same answers', () => {
    const added = patchMap(base(), new Map([['d', 4]]));
    expect(added).toBeInstanceOf(Map);
    expect(answers(added)).toEqual(answers(base().set('d', 4)));
    const large = new Map(Array.from({ length: 400 }, (_, index) => [`k${index}`, index] as const));
    const changes = new Map(Array.from({ length: 300 }, (_, index) => [`k${index}`, -index] as const));
    const patched = patchMap(large, changes);
    expect(patched).toBeInstanceOf(Map);
    expect([...patched]).toEqual([...new Map([...large, ...changes])]);
  });

  it('D7 no changes is the base itself', () => {
    const original = base();
    expect(patchMap(original, new Map())).toBe(original);
  });
});

describe('MapEdit (copy-on-write edits of a scan)', () => {
  it('D7 replacing values never copies and equals Map#set', () => {
    const edit = new MapEdit(base());
    edit.set('a', 10);
    expect(edit.get('a')).toBe(10);
    expect(edit.has('d')).toBe(false);
    edit.delete('d');
    const result = edit.result();
    expect(result).not.toBeInstanceOf(Map);
    expect(answers(result)).toEqual(answers(base().set('a', 10)));
  });

  it('D7 adding or deleting a key copies once and keeps the recorded replacements', () => {
    const original = base();
    const edit = new MapEdit(original);
    edit.set('b', 20);
    edit.delete('a');
    edit.set('d', 4);
    expect([...edit.keys()]).toEqual(['b', 'c', 'd']);
    const expected = base().set('b', 20).set('d', 4);
    expected.delete('a');
    expect(answers(edit.result())).toEqual(answers(expected));
    expect(answers(original)).toEqual(answers(base()));
  });
});
