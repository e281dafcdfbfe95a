import path from 'node:path';
import { relativePathInside } from '@skilldock/core/format';
import { describe, expect, it } from 'vitest';

describe('relativePathInside', () => {
  const root = path.resolve('/project');

  it('gives the relative path of anything strictly below the folder', () => {
    expect(relativePathInside(root, path.join(root, 'src', 'a.ts'))).toBe(path.join('src', 'a.ts'));
    expect(relativePathInside(root, path.join(root, '..notes'))).toBe('..notes');
  });

  it('gives undefined for the folder itself, its parent, a sibling and a prefix look-alike', () => {
    expect(relativePathInside(root, root)).toBeUndefined();
    expect(relativePathInside(root, path.dirname(root))).toBeUndefined();
    expect(relativePathInside(root, path.resolve('/other/file'))).toBeUndefined();
    expect(relativePathInside(root, path.resolve('/project-two/file'))).toBeUndefined();
    expect(relativePathInside(root, path.join(root, '..', 'project', '..', 'x'))).toBeUndefined();
  });
});
