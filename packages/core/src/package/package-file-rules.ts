/** What a rule does with a matching entry: skip it with a warning, or refuse to package it. */
export type PackageFileRuleKind = 'noise' | 'secret';

/**
 * One P2 rule. A rule matches an entry by its base name (`name`, tested against the last path
 * segment) or, for files, by the first bytes of their content (`content`, tested against up to
 * {@link CONTENT_SNIFF_BYTES} bytes read as Latin-1).
 */
export interface PackageFileRule {
  /** Stable id, e.g. `env-file`; tests and messages refer to it. */
  readonly id: string;
  readonly kind: PackageFileRuleKind;
  /** Which entries the rule looks at. */
  readonly appliesTo: 'file' | 'directory' | 'any';
  readonly name?: RegExp;
  readonly content?: RegExp;
  /** Why the entry is skipped or refused, in words for the user. */
  readonly reason: string;
}

/** How many leading bytes of a file the content rules see. */
export const CONTENT_SNIFF_BYTES = 256;

/** A file larger than this is still packaged, with a warning (SPEC P2). */
export const LARGE_FILE_BYTES = 1024 * 1024;

/**
 * The P2 rules as data, in the order they are tried. Noise is matched case-sensitively (the names
 * tools really write); secrets case-insensitively, because `.ENV` on a case-insensitive disk is
 * still the same secret.
 */
export const PACKAGE_FILE_RULES: readonly PackageFileRule[] = [
  { id: 'git', kind: 'noise', appliesTo: 'any', name: /^\.git$/, reason: 'version-control data' },
  {
    id: 'node-modules',
    kind: 'noise',
    appliesTo: 'directory',
    name: /^node_modules$/,
    reason: 'installed dependencies',
  },
  { id: 'dist', kind: 'noise', appliesTo: 'directory', name: /^dist$/, reason: 'build output' },
  { id: 'cache', kind: 'noise', appliesTo: 'directory', name: /^\.cache$/, reason: 'cache folder' },
  { id: 'turbo', kind: 'noise', appliesTo: 'directory', name: /^\.turbo$/, reason: 'Turborepo cache' },
  { id: 'ds-store', kind: 'noise', appliesTo: 'file', name: /^\.DS_Store$/, reason: 'macOS folder metadata' },
  { id: 'vim-swap', kind: 'noise', appliesTo: 'file', name: /\.sw[po]$/, reason: 'editor swap file' },
  { id: 'backup-tilde', kind: 'noise', appliesTo: 'file', name: /~$/, reason: 'editor backup file' },
  { id: 'emacs-lock', kind: 'noise', appliesTo: 'any', name: /^\.#/, reason: 'editor lock file' },
  { id: 'env-file', kind: 'secret', appliesTo: 'file', name: /^\.env$/i, reason: 'environment file' },
  {
    id: 'env-variant',
    kind: 'secret',
    appliesTo: 'file',
    name: /^\.env\..+$/i,
    reason: 'environment file',
  },
  {
    id: 'dev-vars',
    kind: 'secret',
    appliesTo: 'file',
    name: /^\.dev\.vars/i,
    reason: 'Wrangler secrets file',
  },
  { id: 'pem', kind: 'secret', appliesTo: 'file', name: /\.pem$/i, reason: 'PEM key or certificate' },
  { id: 'key', kind: 'secret', appliesTo: 'file', name: /\.key$/i, reason: 'key file' },
  { id: 'p12', kind: 'secret', appliesTo: 'file', name: /\.p12$/i, reason: 'PKCS#12 key store' },
  { id: 'pfx', kind: 'secret', appliesTo: 'file', name: /\.pfx$/i, reason: 'PKCS#12 key store' },
  {
    id: 'ssh-private-key-name',
    kind: 'secret',
    appliesTo: 'file',
    name: /^id_(rsa|dsa|ecdsa|ed25519)(_sk)?$/i,
    reason: 'private SSH key',
  },
  {
    id: 'private-key-content',
    kind: 'secret',
    appliesTo: 'file',
    content: /^\s*-----BEGIN [A-Z0-9 ]*PRIVATE KEY( BLOCK)?-----/,
    reason: 'private key',
  },
  { id: 'netrc', kind: 'secret', appliesTo: 'file', name: /^[._]netrc$/i, reason: 'netrc credentials' },
  { id: 'npmrc', kind: 'secret', appliesTo: 'file', name: /^\.npmrc$/i, reason: 'npm credentials' },
  { id: 'pypirc', kind: 'secret', appliesTo: 'file', name: /^\.pypirc$/i, reason: 'PyPI credentials' },
  {
    id: 'credentials-json',
    kind: 'secret',
    appliesTo: 'file',
    name: /^credentials\.json$/i,
    reason: 'credentials file',
  },
  {
    id: 'secret-file',
    kind: 'secret',
    appliesTo: 'any',
    name: /^secrets?(\..+)?$/i,
    reason: 'secrets file',
  },
  { id: 'aws', kind: 'secret', appliesTo: 'directory', name: /^\.aws$/i, reason: 'AWS credentials folder' },
  { id: 'ssh', kind: 'secret', appliesTo: 'directory', name: /^\.ssh$/i, reason: 'SSH key folder' },
  { id: 'gnupg', kind: 'secret', appliesTo: 'directory', name: /^\.gnupg$/i, reason: 'GnuPG key folder' },
];
