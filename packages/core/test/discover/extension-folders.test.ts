import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readExtensionFolders } from '../../src/discover/extension-folders.js';
import { loadSettings } from '../../src/discover/load-settings.js';
import { temporaryDirectory, writeJson } from './skill-tree.js';

describe('extension folders from settings (SPEC D1, A1)', () => {
  it('D1 loadSettings resolves extensions against each file folder (~ is home), user first, duplicates once', async () => {
    const home = await temporaryDirectory();
    const projectRoot = await temporaryDirectory();
    await writeJson(join(home, '.skilldock', 'settings.json'), {
      extensions: ['extensions/rust', '~/shared/ext', '/opt/abs-ext'],
    });
    await writeJson(join(projectRoot, '.skilldock', 'settings.json'), {
      extensions: ['../vendor/acme', '/opt/abs-ext'],
    });
    const { settings, diagnostics } = await loadSettings({ projectRoot, homeDirectory: home });
    expect(diagnostics).toEqual([]);
    expect(settings.extensions).toEqual([
      join(home, '.skilldock', 'extensions', 'rust'),
      join(home, 'shared', 'ext'),
      '/opt/abs-ext',
      join(projectRoot, 'vendor', 'acme'),
    ]);
  });

  it('D1 a malformed extensions value is a settings error, not a crash', async () => {
    const home = await temporaryDirectory();
    await writeJson(join(home, '.skilldock', 'settings.json'), { extensions: 'not-a-list' });
    const { settings, diagnostics } = await loadSettings({ homeDirectory: home });
    expect(settings.extensions).toBeUndefined();
    expect(diagnostics).toContainEqual(expect.objectContaining({ severity: 'error', path: ['extensions'] }));
  });

  it('D1 missing, file and badly named folders are warnings; the same name twice keeps the first', async () => {
    const base = await temporaryDirectory();
    const rust = join(base, 'rust');
    await mkdir(rust);
    const again = join(base, 'again', 'RUST');
    await mkdir(again, { recursive: true });
    const file = join(base, 'file-ext');
    await writeFile(file, 'not a folder');
    const badName = join(base, 'bad name');
    await mkdir(badName);
    const hidden = join(base, '..hidden');
    await mkdir(hidden);
    const { extensions, diagnostics } = await readExtensionFolders([
      rust,
      join(base, 'missing'),
      file,
      badName,
      again,
      hidden,
    ]);
    expect(extensions).toEqual([
      {
        owner: 'rust',
        directory: rust,
        skillsDirectory: join(rust, 'skills'),
        agentsDirectory: join(rust, 'agents'),
      },
    ]);
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.file])).toEqual([
      ['settings_extension_unreadable', join(base, 'missing')],
      ['settings_extension_unreadable', file],
      ['settings_extension_name_invalid', badName],
      ['settings_extension_duplicate', again],
      ['settings_extension_name_invalid', hidden],
    ]);
    expect(diagnostics.every((diagnostic) => diagnostic.severity === 'warning')).toBe(true);
    expect(diagnostics[0]!.message).toContain('does not exist');
    expect(diagnostics[1]!.message).toContain('is not a folder');
  });
});
