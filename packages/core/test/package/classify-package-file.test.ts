import { classifyPackageFile, LARGE_FILE_BYTES, PACKAGE_FILE_RULES } from '@skilldock/core/package';
import { describe, expect, it } from 'vitest';

const file = { isDirectory: false, isSymbolicLink: false, size: 10 };
const folder = { isDirectory: true, isSymbolicLink: false, size: 0 };

/** One matching path per name rule, and a near miss that must not match it. */
const EXAMPLES: Record<string, { path: string; isDirectory: boolean; nearMiss: string }> = {
  git: { path: 'sub/.git', isDirectory: true, nearMiss: '.github' },
  'node-modules': { path: 'node_modules', isDirectory: true, nearMiss: 'node_modules.md' },
  dist: { path: 'tools/dist', isDirectory: true, nearMiss: 'distance.md' },
  cache: { path: '.cache', isDirectory: true, nearMiss: 'cache' },
  turbo: { path: '.turbo', isDirectory: true, nearMiss: 'turbo.json' },
  'ds-store': { path: 'docs/.DS_Store', isDirectory: false, nearMiss: 'DS_Store.md' },
  'vim-swap': { path: '.SKILL.md.swp', isDirectory: false, nearMiss: 'swap.md' },
  'backup-tilde': { path: 'notes.md~', isDirectory: false, nearMiss: 'notes~.md' },
  'emacs-lock': { path: '.#SKILL.md', isDirectory: false, nearMiss: 'a.#b' },
  'env-file': { path: 'config/.env', isDirectory: false, nearMiss: 'env.md' },
  'env-variant': { path: '.env.production', isDirectory: false, nearMiss: '.envrc' },
  'dev-vars': { path: '.dev.vars.staging', isDirectory: false, nearMiss: 'dev.vars.md' },
  pem: { path: 'certs/server.PEM', isDirectory: false, nearMiss: 'pem.md' },
  key: { path: 'tls.key', isDirectory: false, nearMiss: 'keyboard.md' },
  p12: { path: 'store.p12', isDirectory: false, nearMiss: 'p12.md' },
  pfx: { path: 'store.pfx', isDirectory: false, nearMiss: 'pfx.txt' },
  'ssh-private-key-name': { path: 'keys/id_ed25519', isDirectory: false, nearMiss: 'id_ed25519.pub' },
  netrc: { path: '_netrc', isDirectory: false, nearMiss: 'netrc.md' },
  npmrc: { path: '.npmrc', isDirectory: false, nearMiss: 'npmrc.md' },
  pypirc: { path: '.pypirc', isDirectory: false, nearMiss: 'pypirc' },
  'credentials-json': { path: 'gcp/credentials.json', isDirectory: false, nearMiss: 'credentials.md' },
  'secret-file': { path: 'secrets.yaml', isDirectory: false, nearMiss: 'secretary.md' },
  aws: { path: '.aws', isDirectory: true, nearMiss: 'aws' },
  ssh: { path: 'home/.ssh', isDirectory: true, nearMiss: 'ssh' },
  gnupg: { path: '.gnupg', isDirectory: true, nearMiss: 'gnupg' },
};

describe('classifyPackageFile: the P2 rules table', () => {
  it('P2 has an example for every name rule in the table', () => {
    const nameRules = PACKAGE_FILE_RULES.filter((rule) => rule.name !== undefined).map((rule) => rule.id);
    expect(Object.keys(EXAMPLES).sort()).toEqual([...nameRules].sort());
  });

  for (const rule of PACKAGE_FILE_RULES.filter((candidate) => candidate.name !== undefined)) {
    it(`P2 rule ${rule.id} (${rule.kind}) matches its example and not a near miss`, () => {
      const example = EXAMPLES[rule.id]!;
      const info = example.isDirectory ? folder : file;
      expect(classifyPackageFile(example.path, info)).toEqual({
        kind: rule.kind,
        reason: rule.reason,
        rule: rule.id,
      });
      expect(classifyPackageFile(example.nearMiss, info).kind).toBe('include');
    });
  }

  it('P2 matches secret names case-insensitively and noise names exactly', () => {
    expect(classifyPackageFile('.ENV', file).kind).toBe('secret');
    expect(classifyPackageFile('ID_RSA', file).kind).toBe('secret');
    expect(classifyPackageFile('.ds_store', file).kind).toBe('include');
  });

  it('P2 applies folder rules to folders only and file rules to files only', () => {
    expect(classifyPackageFile('dist', file).kind).toBe('include');
    expect(classifyPackageFile('.aws', file).kind).toBe('include');
    expect(classifyPackageFile('.env', folder).kind).toBe('include');
    expect(classifyPackageFile('secrets', folder).kind).toBe('secret');
  });

  it('P2 reports a symbolic link whatever its name', () => {
    expect(classifyPackageFile('README.md', { ...file, isSymbolicLink: true })).toEqual({ kind: 'symlink' });
  });

  it('P2 warns about files over 1 MiB but keeps them', () => {
    expect(classifyPackageFile('big.bin', { ...file, size: LARGE_FILE_BYTES })).toEqual({ kind: 'include' });
    const large = classifyPackageFile('big.bin', { ...file, size: LARGE_FILE_BYTES + 1 });
    expect(large.kind).toBe('large');
    expect(large.kind === 'large' && large.reason).toContain('1 MiB');
  });

  it('P2 has one content rule: a private key under any name', () => {
    const contentRules = PACKAGE_FILE_RULES.filter((rule) => rule.content !== undefined);
    expect(contentRules.map((rule) => rule.id)).toEqual(['private-key-content']);
    const pattern = contentRules[0]!.content!;
    for (const header of [
      'RSA PRIVATE KEY',
      'OPENSSH PRIVATE KEY',
      'PRIVATE KEY',
      'EC PRIVATE KEY',
      'PGP PRIVATE KEY BLOCK',
    ]) {
      expect(pattern.test(`-----BEGIN ${header}-----\nMIIE...`), header).toBe(true);
    }
    expect(pattern.test('-----BEGIN PUBLIC KEY-----')).toBe(false);
    expect(pattern.test('-----BEGIN CERTIFICATE-----')).toBe(false);
  });
});
