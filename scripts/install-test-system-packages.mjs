#!/usr/bin/env node
/**
 * `npm run setup:test-system` (which `.ci/run` calls before the full tier): installs the Debian packages the full tier needs when any is missing — `chromium`
 * (the web app's browser tests drive /usr/bin/chromium through playwright-core),
 * `fonts-wqy-microhei` (Chinese text in screenshots), `bubblewrap` (sandboxed run tools), and
 * `slirp4netns`, `iproute2`, `util-linux` (a network-allowed sandbox's own namespace: slirp4netns,
 * ip, nsenter).
 * Installs only as root (CI and these machines); otherwise it says what to install and goes on.
 */
import { spawnSync } from 'node:child_process';

const PACKAGES = ['chromium', 'fonts-wqy-microhei', 'bubblewrap', 'slirp4netns', 'iproute2', 'util-linux'];

function installed(name) {
  const result = spawnSync('dpkg', ['-s', name], { encoding: 'utf8' });
  return result.status === 0 && /^Status: install ok installed$/m.test(result.stdout);
}

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

if (spawnSync('dpkg-query', ['--version']).status !== 0) {
  console.log(
    'Test system packages: not a Debian system; install Chromium, a CJK font, bubblewrap and slirp4netns yourself.',
  );
  process.exit(0);
}
const missing = PACKAGES.filter((name) => !installed(name));
if (missing.length === 0) process.exit(0);
if (process.getuid?.() !== 0) {
  console.warn(
    `Test system packages missing: ${missing.join(', ')} — run: sudo apt-get install -y ${missing.join(' ')}`,
  );
  process.exit(0);
}
// A fresh machine may have no package lists yet; try the install first, and update only if it fails.
if (!run('apt-get', ['install', '-y', ...missing])) {
  if (!run('apt-get', ['update']) || !run('apt-get', ['install', '-y', ...missing])) {
    console.error(`Could not install ${missing.join(', ')}`);
    process.exit(1);
  }
}
