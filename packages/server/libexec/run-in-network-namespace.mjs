// Runs one sandboxed shell command with its own network (SPEC Y17): started by the server as
//   node run-in-network-namespace.mjs <plan JSON> <shell> -c <command>
// where the plan (built by `networkSandboxLauncher` in src/run-tools/network-sandbox.ts) holds
// the whole command lines. Steps:
//   1. start the outer bwrap (new user + network namespace, --info-fd 3 --block-fd 4) whose
//      command is the sandbox's own bwrap; fd 5 carries the sandbox's resolv.conf;
//   2. read the namespace's pid from fd 3 and attach slirp4netns to it (--ready-fd 3 --exit-fd 4);
//   3. once slirp4netns is ready, configure its tap0 and add `unreachable` routes for the host's
//      own addresses inside the namespace (nsenter … ip -batch -). slirp4netns runs without
//      --configure because that also sets the namespace's `lo` up, which makes the kernel add
//      127.0.0.1 itself; bwrap adds that address at the same moment and fails ("loopback: Failed
//      RTM_NEWADDR") when slirp4netns comes first. Only bwrap touches `lo` this way;
//   4. only then write fd 4, so the command starts with the network already confined;
//   5. when bwrap ends, stop slirp4netns and exit with bwrap's status.
// A plain .mjs file (not TypeScript) because it is run as a program from src/ and dist/ alike.
// If this process dies, bwrap (--die-with-parent) and slirp4netns (its exit fd closes) end too.
import { spawn } from 'node:child_process';

/** Exit status when the network could not be set up (the command did not run). */
const SETUP_FAILED = 125;
/** How long slirp4netns gets to end after SIGTERM. */
const SLIRP_STOP_MS = 2000;
/** How many times a failed route line is tried, and how long apart. */
const ROUTE_ATTEMPTS = 5;
const ROUTE_RETRY_MS = 100;

const [planText, ...command] = process.argv.slice(2);
const plan = JSON.parse(planText ?? '{}');

const bwrap = spawn(plan.bwrap[0], [...plan.bwrap.slice(1), ...command], {
  stdio: ['inherit', 'inherit', 'inherit', 'pipe', 'pipe', 'pipe'],
});
/** @type {import('node:child_process').ChildProcess | undefined} */
let slirp;
let slirpErrors = '';
let released = false;
let failed = false;
let stopping = false;

bwrap.stdio[5].end(plan.resolvConf);
bwrap.stdio[3].setEncoding('utf8');
let info = '';
bwrap.stdio[3].on('data', (chunk) => {
  info += chunk;
  const found = /"child-pid":\s*(\d+)/.exec(info);
  if (found === null || slirp !== undefined) return;
  attachNetwork(found[1]);
});
// The other ends close when bwrap ends; their errors are not ours to report.
for (const index of [3, 4, 5]) bwrap.stdio[index].on('error', () => {});

/** @param {string} pid */
function attachNetwork(pid) {
  slirp = spawn(plan.slirp4netns[0], [...plan.slirp4netns.slice(1), pid, 'tap0'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'],
  });
  slirp.stderr.setEncoding('utf8');
  slirp.stderr.on('data', (chunk) => {
    slirpErrors = (slirpErrors + chunk).slice(-2000);
  });
  slirp.stdio[3].once('data', () => confine(pid));
  slirp.stdio[4].on('error', () => {});
  slirp.once('error', (error) => fail(`${plan.slirp4netns[0]} could not start: ${error.message}`));
  slirp.once('exit', (code, signal) => {
    if (!released)
      fail(`slirp4netns ended before the network was ready (${signal ?? code}): ${lastLine(slirpErrors)}`);
  });
}

/**
 * Sets tap0 up and adds the routes: `ip -batch` stops at the first line that fails and names it
 * ("Command failed -:N"). A CI run once saw line 1 (`link set tap0 … up`) fail right after
 * slirp4netns reported ready, so a failed line is tried again from that line on (the lines before
 * it took effect; `add` is not idempotent), a few times, before the run is refused.
 * @param {string} pid
 * @param {string[]} lines what is left to apply
 * @param {number} attempt
 */
function confine(pid, lines = plan.routes.split('\n').filter((line) => line !== ''), attempt = 1) {
  const routes = spawn(
    plan.confine[0],
    [...plan.confine.slice(1).map((arg) => (arg === '{pid}' ? pid : arg))],
    {
      stdio: ['pipe', 'ignore', 'pipe'],
    },
  );
  let said = '';
  routes.stderr.setEncoding('utf8');
  routes.stderr.on('data', (chunk) => {
    said = (said + chunk).slice(-2000);
  });
  routes.stdin.on('error', () => {});
  routes.stdin.end(lines.map((line) => `${line}\n`).join(''));
  routes.once('error', (error) => fail(`${plan.confine[0]} could not start: ${error.message}`));
  routes.once('exit', (code) => {
    if (code === 0) {
      released = true;
      bwrap.stdio[4].end('1');
      return;
    }
    const failedLine = Number(/Command failed -:(\d+)/.exec(said)?.[1] ?? 1);
    if (attempt < ROUTE_ATTEMPTS && !failed && !stopping)
      return setTimeout(() => confine(pid, lines.slice(failedLine - 1), attempt + 1), ROUTE_RETRY_MS);
    fail(`the sandbox's routes could not be set (${code}): ${said.trim().split('\n').join(' / ')}`);
  });
}

/** @param {string} message */
function fail(message) {
  if (failed || released || stopping) return;
  failed = true;
  process.stderr.write(`The sandbox's network could not be set up: ${message}\n`);
  bwrap.kill('SIGKILL');
}

/** @param {string} text */
function lastLine(text) {
  return text.trim().split('\n').at(-1) ?? '';
}

bwrap.once('error', (error) => {
  process.stderr.write(`${plan.bwrap[0]} could not start: ${error.message}\n`);
  stopSlirp(() => process.exit(SETUP_FAILED));
});
bwrap.once('exit', (code, signal) =>
  stopSlirp(() => {
    if (failed) process.exit(SETUP_FAILED);
    if (signal !== null) process.kill(process.pid, signal);
    process.exit(code ?? SETUP_FAILED);
  }),
);

/** @param {() => void} then */
function stopSlirp(then) {
  stopping = true;
  if (slirp === undefined || slirp.exitCode !== null || slirp.signalCode !== null) return then();
  const killer = setTimeout(() => slirp?.kill('SIGKILL'), SLIRP_STOP_MS);
  slirp.once('exit', () => {
    clearTimeout(killer);
    then();
  });
  slirp.stdio[4]?.destroy();
  slirp.kill('SIGTERM');
}
