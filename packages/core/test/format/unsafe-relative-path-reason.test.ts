import { describe, expect, it } from 'vitest';
import { defineSkill } from '../../src/format/define-skill.js';
import { unsafeRelativePathReason } from '../../src/format/unsafe-relative-path-reason.js';
import { checkArchiveEntryPath } from '../../src/package/check-archive-entry-path.js';

const HOSTILE: readonly (readonly [string, string])[] = [
  ['', 'is empty'],
  ['a\u0000b', 'control character'],
  ['a\u001b]0;title\u0007', 'control character'],
  ['a\u007f', 'control character'],
  ['docs\\a.md', 'backslash'],
  ['/etc/passwd', 'absolute'],
  ['C:/evil.md', 'drive letter'],
  ['c:evil', 'drive letter'],
  ['../evil', "climbs out with '..'"],
  ['docs/../../evil', "climbs out with '..'"],
  ['docs/./a.md', 'has a . segment'],
  ['docs//a.md', 'empty segment'],
];

describe('unsafeRelativePathReason (issue 9 §4: one path check, the strictest rules)', () => {
  it.each(HOSTILE)('P3 R4 refuses %j: %s', (path, reason) => {
    expect(unsafeRelativePathReason(path)).toContain(reason);
  });

  it.each(['SKILL.md', 'references/forms.md', 'scripts/fill.py', '文档/说明.md', '.hidden/x'])(
    'P3 accepts the plain relative path %j',
    (path) => {
      expect(unsafeRelativePathReason(path)).toBeUndefined();
    },
  );

  it.each(HOSTILE.filter(([path]) => path !== ''))(
    'P3 archive import and defineSkill refuse %j for the same reason',
    (path, reason) => {
      const archive = checkArchiveEntryPath(path);
      expect(archive.ok).toBe(false);
      expect(archive.ok ? '' : archive.message).toContain(reason);
      expect(() =>
        defineSkill({ name: 'demo', description: 'Demo.', instructions: '# Demo', files: { [path]: 'x' } }),
      ).toThrow(reason);
    },
  );

  it('P3 archive names keep their tar spellings: ./, . and a trailing / name the root and folders', () => {
    expect(checkArchiveEntryPath('./')).toEqual({ ok: true, path: '' });
    expect(checkArchiveEntryPath('.')).toEqual({ ok: true, path: '' });
    expect(checkArchiveEntryPath('./demo/')).toEqual({ ok: true, path: 'demo' });
    expect(checkArchiveEntryPath('/')).toMatchObject({ ok: false });
  });
});
