import { open } from 'node:fs/promises';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** How much of a test file is read for its `@vitest-environment` comment (it sits on the first lines). */
const HEADER_BYTES = 512;

/** The environment a file's docblock asks for (`// @vitest-environment happy-dom`), or `node`. */
async function environmentOf(file: string): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(HEADER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEADER_BYTES, 0);
    return /@vitest-environment\s+([\w-]+)/.exec(buffer.toString('utf8', 0, bytesRead))?.[1] ?? 'node';
  } finally {
    await handle.close();
  }
}

/**
 * Vitest's order (project by project; failed first, then slowest first, from its cache), with the
 * files of one environment kept together within a project: Node files first, then the DOM files. Written because vitest
 * (4.1) keeps a worker for the next file only when that file has the same environment; with
 * `isolate: false` it otherwise stops the worker and starts another, which imports every package
 * again (and loads a PGlite for the server's files). Interleaved, the fast tier started ~25 workers
 * where it needs one per core and environment.
 */
export default class EnvironmentGroupingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const environments = await Promise.all(sorted.map((spec) => environmentOf(spec.moduleId)));
    // Projects keep vitest's order (a worker serves one project too); within each, Node files first.
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    const rank = (spec: TestSpecification, environment: string) =>
      projects.indexOf(spec.project.name) * 2 + (environment === 'node' ? 0 : 1);
    return sorted
      .map((spec, index) => ({ spec, index, rank: rank(spec, environments[index]!) }))
      .sort((a, b) => a.rank - b.rank || a.index - b.index)
      .map(({ spec }) => spec);
  }
}
