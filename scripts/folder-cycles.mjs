#!/usr/bin/env node
/**
 * Folder-level import cycles (issue 22, DESIGN.md "one folder per stage"): dependency-cruiser checks
 * module cycles, but two folders can import each other through different modules without any
 * module cycle, and then neither folder can be read, tested or moved alone. This reads
 * dependency-cruiser's JSON (`depcruise … --output-type json`) and finds the strongly connected
 * components (Tarjan) of the graph of `packages/<package>/src/<folder>` nodes — a file directly
 * under `src/` is its own node — over runtime imports (type-only imports do not tie folders at run
 * time). dependency-cruiser has no folder-level cycle rule, hence this small script.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** The folder node a module belongs to, or undefined outside the packages' sources. */
export function folderOf(modulePath) {
  const match = /^packages\/([^/]+)\/src\/([^/]+)(\/)?/.exec(modulePath);
  if (match === null) return undefined;
  return match[3] === '/' ? `${match[1]}/${match[2]}/` : `${match[1]}/${match[2]}`;
}

/** The folder graph: folder → folders it imports at run time. */
export function folderGraph(modules) {
  const graph = new Map();
  for (const module of modules) {
    const from = folderOf(module.source);
    if (from === undefined) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const dependency of module.dependencies ?? []) {
      if ((dependency.dependencyTypes ?? []).includes('type-only')) continue;
      const to = folderOf(dependency.resolved);
      if (to === undefined || to === from) continue;
      graph.get(from).add(to);
    }
  }
  return graph;
}

/** The strongly connected components with more than one folder: each is a folder cycle. */
export function folderCycles(graph) {
  let index = 0;
  const indices = new Map();
  const lowLinks = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    indices.set(node, index);
    lowLinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowLinks.set(node, Math.min(lowLinks.get(node), lowLinks.get(next)));
      } else if (onStack.has(next)) {
        lowLinks.set(node, Math.min(lowLinks.get(node), indices.get(next)));
      }
    }
    if (lowLinks.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) visit(node);
  return cycles;
}

/** One import of each edge inside a cycle, so the message says where to cut. */
function witnesses(modules, cycle) {
  const members = new Set(cycle);
  const lines = [];
  const seen = new Set();
  for (const module of modules) {
    const from = folderOf(module.source);
    if (!members.has(from)) continue;
    for (const dependency of module.dependencies ?? []) {
      if ((dependency.dependencyTypes ?? []).includes('type-only')) continue;
      const to = folderOf(dependency.resolved);
      if (to === from || !members.has(to) || seen.has(`${from}>${to}`)) continue;
      seen.add(`${from}>${to}`);
      lines.push(`    ${from} → ${to}  (${module.source} imports ${dependency.resolved})`);
    }
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  // With a file: read dependency-cruiser's JSON from it; without: run dependency-cruiser here.
  const json =
    process.argv[2] === undefined
      ? execFileSync(
          process.execPath,
          [
            new URL('../node_modules/dependency-cruiser/bin/dependency-cruise.mjs', import.meta.url).pathname,
            'packages',
            '--config',
            '.dependency-cruiser.cjs',
            '--output-type',
            'json',
          ],
          { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
        )
      : readFileSync(process.argv[2], 'utf8');
  const { modules } = JSON.parse(json);
  const cycles = folderCycles(folderGraph(modules));
  // The three cycles this check came in with are broken (issue 22): any cycle now fails lint.
  if (cycles.length === 0) {
    console.log('folder cycles: none');
    process.exit(0);
  }
  console.error(`folder cycles: ${cycles.length}`);
  for (const cycle of cycles) {
    console.error(`  ${cycle.join(' ↔ ')}`);
    for (const line of witnesses(modules, cycle)) console.error(line);
  }
  process.exit(1);
}
