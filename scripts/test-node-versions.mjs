/**
 * Runs the fast test tier (`vitest run --project fast`) under every pinned Node major of
 * scripts/node-versions.mjs (22 and 24), each with its `node` first on PATH so the tests' child
 * processes run under it too. With `--full-tier-first` (what `npm run test:all` passes) the whole
 * suite runs first under the machine's own Node. Every run goes on even when one before it failed;
 * the script ends with one line per run and one combined `N passed, N failed, N skipped` line, and
 * exits 1 when any run failed, printed no summary line, or could not start.
 *
 * `node scripts/test-node-versions.mjs [--full-tier-first] [22] [24]`
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNode, NODE_VERSIONS } from './node-versions.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitestEntry = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
/** The closing line of scripts/summary-reporter.ts. */
const SUMMARY_LINE = /^(\d+) passed, (\d+) failed, (\d+) skipped$/gm;
/** How much of a run's output is kept to find its summary line (the rest is only streamed). */
const KEPT_OUTPUT = 64 * 1024;

/**
 * Runs vitest with `nodeFile`, streaming its output, and resolves to the counts of its last summary
 * line (undefined when it printed none) and its exit status.
 */
function runVitest(nodeFile, vitestArgs, pathPrefix) {
  return new Promise((resolve) => {
    const env = { ...process.env };
    if (pathPrefix !== undefined) env.PATH = `${pathPrefix}${path.delimiter}${process.env.PATH ?? ''}`;
    const child = spawn(nodeFile, [vitestEntry, 'run', ...vitestArgs], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let tail = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      tail = (tail + chunk.toString('utf8')).slice(-KEPT_OUTPUT);
    });
    child.on('error', (error) => resolve({ status: null, error: error.message, counts: undefined }));
    child.on('close', (status, signal) => {
      const last = [...tail.matchAll(SUMMARY_LINE)].at(-1);
      const counts = last && { passed: Number(last[1]), failed: Number(last[2]), skipped: Number(last[3]) };
      resolve({
        status,
        error: signal ? `killed by ${signal}` : undefined,
        counts,
        failures: failedTests(tail),
      });
    });
  });
}

/**
 * The failed tests the summary reporter named in a run's output (its "Failed tests:" block), so the
 * closing lines repeat them: a CI log is often read from its tail.
 */
function failedTests(output) {
  const heading = '\nFailed tests:\n';
  const start = output.lastIndexOf(heading);
  if (start === -1) return [];
  const block = output.slice(start + heading.length);
  const lines = [];
  for (const line of block.split('\n')) {
    if (!line.startsWith('  ')) break;
    lines.push(line);
  }
  return lines;
}

const args = process.argv.slice(2);
const fullTierFirst = args.includes('--full-tier-first');
const majors = args.filter((arg) => arg !== '--full-tier-first');
const runs = [
  ...(fullTierFirst
    ? [{ label: `all tiers, Node ${process.versions.node}`, major: undefined, vitestArgs: [] }]
    : []),
  ...(majors.length > 0 ? majors : Object.keys(NODE_VERSIONS)).map((major) => ({
    label: `fast tier, Node ${NODE_VERSIONS[major] ?? major}`,
    major,
    vitestArgs: ['--project', 'fast'],
  })),
];

const results = [];
for (const run of runs) {
  process.stdout.write(`\n=== ${run.label} ===\n`);
  let nodeFile = process.execPath;
  let binFolder;
  if (run.major !== undefined) {
    try {
      binFolder = await ensureNode(run.major);
      nodeFile = path.join(binFolder, 'node');
    } catch (error) {
      results.push({ label: run.label, status: null, error: error.message, counts: undefined });
      continue;
    }
  }
  results.push({ label: run.label, ...(await runVitest(nodeFile, run.vitestArgs, binFolder)) });
}

const total = { passed: 0, failed: 0, skipped: 0 };
let anyFailed = false;
process.stdout.write('\n');
for (const { label, status, error, counts, failures = [] } of results) {
  const ok = status === 0 && counts !== undefined && counts.failed === 0;
  anyFailed ||= !ok;
  if (counts !== undefined) {
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
  } else {
    // A run that died before its summary counts as one failure, so the total cannot look green.
    total.failed += 1;
  }
  const detail = counts
    ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`
    : `no summary line (${error ?? `exit ${status}`})`;
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'}  ${label}: ${detail}\n`);
  for (const line of failures) process.stdout.write(`      ${line}\n`);
}
process.stdout.write(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
if (anyFailed) process.exitCode = 1;
