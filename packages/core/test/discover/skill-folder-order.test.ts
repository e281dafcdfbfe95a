import { describe, expect, it } from 'vitest';
import {
  compareSkillFolders,
  isInFolderOrder,
  sortSkillFolders,
} from '../../src/discover/skill-folder-order.js';

describe('skill folder order', () => {
  it('D2 sorts shallow first, then segment by segment, whether or not the input is in order already', () => {
    const ordered = ['/r/a', '/r/a-b', '/r/b', '/r/a/z', '/r/a-b/c', '/r/a.x/c', '/r/ab/c', '/r/a/z/y'];
    expect([...ordered].sort(compareSkillFolders)).toEqual(ordered);
    expect(sortSkillFolders(ordered)).toEqual(ordered);
    expect(sortSkillFolders([...ordered].reverse())).toEqual(ordered);
    // Every pair swapped once: each unsorted input gives the one order.
    for (let index = 1; index < ordered.length; index++) {
      const swapped = [...ordered];
      [swapped[index - 1], swapped[index]] = [swapped[index]!, swapped[index - 1]!];
      expect(sortSkillFolders(swapped)).toEqual(ordered);
      expect(isInFolderOrder(swapped)).toBe(false);
    }
    expect(isInFolderOrder(ordered)).toBe(true);
    expect(isInFolderOrder(new Set(ordered).keys())).toBe(true);
    expect(isInFolderOrder([])).toBe(true);
  });
});
