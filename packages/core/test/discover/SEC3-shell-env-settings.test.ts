import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettings } from '../../src/discover/load-settings.js';
import { temporaryDirectory, writeJson } from './skill-tree.js';

async function load(user: unknown, project: unknown) {
  const home = await temporaryDirectory();
  const projectRoot = await temporaryDirectory();
  await writeJson(join(home, '.skilldock', 'settings.json'), user);
  await writeJson(join(projectRoot, '.skilldock', 'settings.json'), project);
  return { ...(await loadSettings({ projectRoot, homeDirectory: home })), projectRoot };
}

describe('shell.env settings', () => {
  it('SEC3 deny lists of both files add up; allow comes from the user file only', async () => {
    const result = await load(
      { shell: { env: { allow: ['NPM_TOKEN'], deny: ['CORP_URL'] } } },
      { shell: { env: { allow: ['OPENAI_API_KEY'], deny: ['BUILD_PASS', 'CORP_URL'] } } },
    );
    expect(result.settings.shell).toEqual({
      env: { allow: ['NPM_TOKEN'], deny: ['CORP_URL', 'BUILD_PASS'] },
    });
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: 'settings_shell_allow_in_project',
        severity: 'warning',
        file: join(result.projectRoot, '.skilldock', 'settings.json'),
        path: ['shell', 'env', 'allow'],
      }),
    ]);
  });

  it('SEC3 a name that is not a variable name is an error naming the key, and is ignored', async () => {
    const result = await load({ shell: { env: { deny: ['NOT A NAME'] } } }, {});
    expect(result.settings.shell).toBeUndefined();
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: 'settings_invalid_value',
        severity: 'error',
        path: ['shell', 'env', 'deny', '0'],
      }),
    ]);
    expect(result.diagnostics[0]?.message).toContain('must be a variable name');
  });

  it('SEC3 shell.sandbox and shell.network come from the user file only: a project cannot turn the sandbox off', async () => {
    const result = await load({ shell: { network: false } }, { shell: { sandbox: 'off', network: true } });
    expect(result.settings.shell).toEqual({ network: false });
    expect(result.diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.path])).toEqual([
      ['settings_shell_sandbox_in_project', ['shell', 'sandbox']],
      ['settings_shell_sandbox_in_project', ['shell', 'network']],
    ]);
    const own = await load({ shell: { sandbox: 'off' } }, {});
    expect(own.settings.shell).toEqual({ sandbox: 'off' });
    const invalid = await load({ shell: { sandbox: 'maybe' } }, {});
    expect(invalid.settings.shell).toBeUndefined();
    expect(invalid.diagnostics[0]).toMatchObject({
      code: 'settings_invalid_value',
      path: ['shell', 'sandbox'],
    });
  });
});
