import { Session } from 'node:inspector/promises';
import { fileURLToPath } from 'node:url';

/** Self time of one function or file in a CPU profile. */
export interface ProfileEntry {
  /** `functionName (file)` or a file path. */
  readonly label: string;
  readonly selfMilliseconds: number;
  readonly share: number;
}

/** Where the time of a profiled operation went. */
export interface CpuProfileSummary {
  readonly totalMilliseconds: number;
  /** Functions by self time, highest first. */
  readonly functions: readonly ProfileEntry[];
  /** Source files (and V8's own buckets such as `(garbage collector)`) by self time. */
  readonly files: readonly ProfileEntry[];
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { functionName: string; url: string };
}

interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples?: readonly number[];
  readonly timeDeltas?: readonly number[];
}

/**
 * Runs an operation under the V8 sampling profiler (the same data as `node --cpu-prof`) and sums
 * self time per function and per file, so a benchmark can print its top costs.
 * @example
 * const summary = await profileCpu(() => discoverSkills(options), { repositoryRoot });
 * for (const entry of summary.functions.slice(0, 10)) console.log(entry.label, entry.selfMilliseconds);
 */
export async function profileCpu(
  operation: () => Promise<unknown> | unknown,
  { repositoryRoot, intervalMicroseconds = 200 }: { repositoryRoot: string; intervalMicroseconds?: number },
): Promise<CpuProfileSummary> {
  const session = new Session();
  session.connect();
  try {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: intervalMicroseconds });
    await session.post('Profiler.start');
    let failed = false;
    let failure: unknown;
    const started = process.hrtime.bigint();
    try {
      await operation();
    } catch (error) {
      failed = true;
      failure = error;
    }
    const ended = process.hrtime.bigint();
    const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
    await session.post('Profiler.disable');
    if (failed) throw failure;
    return summarize(profile, repositoryRoot, { start: Number(started / 1000n), end: Number(ended / 1000n) });
  } finally {
    session.disconnect();
  }
}

/** Microseconds on the monotonic clock, which V8's profile timestamps also use. */
interface TimeWindow {
  readonly start: number;
  readonly end: number;
}

function summarize(profile: Profile, repositoryRoot: string, window: TimeWindow): CpuProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  // Samples taken while the profiler starts and stops (inside the inspector's `dispatch`) are not
  // the operation's; keep the operation's window unless the clocks turn out not to agree.
  const times: number[] = [];
  let time = profile.startTime;
  for (const delta of deltas) {
    time += delta;
    times.push(time);
  }
  const inWindow = times.filter((at) => at >= window.start && at <= window.end).length;
  const keep = (index: number) =>
    inWindow === 0 || (times[index]! >= window.start && times[index]! <= window.end);
  let total = 0;
  for (let index = 0; index < samples.length; index++) {
    const node = nodes.get(samples[index]!);
    // timeDeltas[i] is the time before sample i; attributing it to sample i is what DevTools does.
    const milliseconds = (deltas[index] ?? 0) / 1000;
    if (node === undefined || !keep(index)) continue;
    total += milliseconds;
    const file = shortFile(node.callFrame.url, repositoryRoot);
    const name = node.callFrame.functionName || '(anonymous)';
    // Line numbers are left out: under tsx they point into transpiled code, not the source.
    const label = file === '' ? name : `${name} (${file})`;
    byFunction.set(label, (byFunction.get(label) ?? 0) + milliseconds);
    const fileLabel = file === '' ? name : file;
    byFile.set(fileLabel, (byFile.get(fileLabel) ?? 0) + milliseconds);
  }
  return { totalMilliseconds: total, functions: ranked(byFunction, total), files: ranked(byFile, total) };
}

function ranked(totals: ReadonlyMap<string, number>, total: number): ProfileEntry[] {
  return [...totals]
    .map(([label, selfMilliseconds]) => ({
      label,
      selfMilliseconds,
      share: total === 0 ? 0 : selfMilliseconds / total,
    }))
    .sort((left, right) => right.selfMilliseconds - left.selfMilliseconds);
}

function shortFile(url: string, repositoryRoot: string): string {
  if (url === '') return '';
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  const nodeModules = path.lastIndexOf('/node_modules/');
  if (nodeModules >= 0) return path.slice(nodeModules + 1);
  return path.startsWith(`${repositoryRoot}/`) ? path.slice(repositoryRoot.length + 1) : path;
}
