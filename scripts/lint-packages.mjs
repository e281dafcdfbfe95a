/**
 * `npm run lint:packages`: packs every published package the way `npm publish` would (`npm pack`,
 * into a temp folder) and lints the tarball — not the work tree — with publint (strict: warnings and
 * suggestions fail too), Are the Types Wrong (profile esm-only: the packages are ESM, so CommonJS
 * `require` and node10 resolution are out of scope) and the manifest rules below that neither checks.
 * Needs the build (`dist/`) first. No network: attw's DefinitelyTyped look-up is off.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';

const root = fileURLToPath(new URL('..', import.meta.url));
const REPOSITORY_URL = 'git+https://github.com/skilldock/skilldock.git';

/**
 * Every published package. The web package ships only its built bundle (no JavaScript entry, no
 * types: `skilldock serve` finds it through its package.json), so attw has nothing to check there.
 */
const PUBLISHED_PACKAGES = [
  { folder: 'packages/core', types: true },
  { folder: 'packages/agent', types: true },
  { folder: 'packages/server', types: true },
  { folder: 'packages/build', types: true },
  { folder: 'packages/cli', types: true },
  { folder: 'packages/web', types: false },
];

/** The manifest fields a stranger's install and the registry page need, which publint does not require. */
function manifestProblems(manifest, folder) {
  const problems = [];
  if (manifest.private) problems.push('is private');
  if (manifest.type !== 'module') problems.push('"type" is not "module"');
  if (manifest.license !== 'MIT') problems.push('"license" is not "MIT"');
  if (typeof manifest.engines?.node !== 'string') problems.push('has no "engines.node"');
  if (!('sideEffects' in manifest)) problems.push('has no "sideEffects"');
  if (manifest.repository?.url !== REPOSITORY_URL) problems.push(`"repository.url" is not ${REPOSITORY_URL}`);
  if (manifest.repository?.directory !== folder) problems.push(`"repository.directory" is not ${folder}`);
  if (!Array.isArray(manifest.files)) problems.push('has no "files" list');
  if (manifest.name.startsWith('@') && manifest.publishConfig?.access !== 'public')
    problems.push('is scoped but "publishConfig.access" is not "public" (npm would publish it restricted)');
  for (const [field, dependencies] of Object.entries({
    dependencies: manifest.dependencies,
    peerDependencies: manifest.peerDependencies,
  })) {
    for (const [name, range] of Object.entries(dependencies ?? {})) {
      if (/^(file|link|workspace|git\+|github):/.test(range)) problems.push(`${field}.${name} is ${range}`);
    }
  }
  return problems;
}

/** The files every tarball must hold (checked against the list `npm pack --json` prints). */
function requiredFiles(manifest) {
  return ['package.json', 'README.md', 'LICENSE', ...(manifest.bin ? Object.values(manifest.bin) : [])].map(
    (file) => path.posix.normalize(file),
  );
}

function run(command, args, cwd) {
  return spawnSync(command, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

const packFolder = await mkdtemp(path.join(tmpdir(), 'skilldock-lint-packages-'));
let failures = 0;
try {
  for (const { folder, types } of PUBLISHED_PACKAGES) {
    const packageDir = path.join(root, folder);
    const manifest = JSON.parse(await readFile(path.join(packageDir, 'package.json'), 'utf8'));
    const problems = manifestProblems(manifest, folder);

    const packed = run(
      'npm',
      ['pack', '--json', '--ignore-scripts', '--pack-destination', packFolder],
      packageDir,
    );
    if (packed.status !== 0) {
      process.stderr.write(`${manifest.name}: npm pack failed\n${packed.stderr}\n`);
      failures += 1;
      continue;
    }
    const [tarball] = JSON.parse(packed.stdout);
    const tarballFile = path.join(packFolder, tarball.filename);
    const packedFiles = new Set(tarball.files.map((file) => file.path));
    for (const file of requiredFiles(manifest)) {
      if (!packedFiles.has(file)) problems.push(`the tarball has no ${file}`);
    }
    // A "files" entry that packs nothing is a build that did not run (the web bundle, say).
    for (const entry of manifest.files ?? []) {
      const prefix = `${path.posix.normalize(entry).replace(/\/$/, '')}/`;
      if (!packedFiles.has(entry) && ![...packedFiles].some((file) => file.startsWith(prefix)))
        problems.push(`"files" lists ${entry}, but the tarball holds nothing from it (not built?)`);
    }

    const bytes = await readFile(tarballFile);
    const lint = await publint({
      // pkgDir left out: publint reads the package from the tarball's own root folder.
      pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
      strict: true,
      level: 'suggestion',
    });
    for (const message of lint.messages) {
      problems.push(`publint ${message.type}: ${formatMessage(message, lint.pkg, { color: false })}`);
    }

    if (types) {
      const attw = run(
        process.execPath,
        [
          path.join(root, 'node_modules/@arethetypeswrong/cli/dist/index.js'),
          tarballFile,
          '--profile',
          'esm-only',
          '--no-definitely-typed',
          '--format',
          'ascii',
          '--no-color',
          '--no-emoji',
        ],
        root,
      );
      if (attw.status !== 0) problems.push(`attw (profile esm-only) failed:\n${attw.stdout}${attw.stderr}`);
    }

    if (problems.length === 0) {
      process.stdout.write(
        `${manifest.name}: clean (${tarball.entryCount} files, ${tarball.size} bytes packed)\n`,
      );
    } else {
      failures += 1;
      process.stderr.write(`${manifest.name}:\n${problems.map((problem) => `  - ${problem}`).join('\n')}\n`);
    }
  }
} finally {
  await rm(packFolder, { recursive: true, force: true });
}
if (failures > 0) {
  process.stderr.write(`lint:packages: ${failures} package(s) failed\n`);
  process.exitCode = 1;
}
