import type { Diagnostic } from '../format/diagnostic.js';
import type { Skill } from '../format/types.js';

/** Options of {@link walkSkillDependencies}. */
export interface WalkSkillDependenciesOptions {
  /** Looks a skill up by id. */
  readonly get: (id: string) => Pick<Skill, 'id' | 'fields' | 'skillFile'> | undefined;
  /** Explains why an id is absent (e.g. `is disabled`); default `is not available`. */
  readonly explainMissing?: (id: string) => string;
  /** Report each cycle once whatever node it was entered from. */
  readonly reportEachCycleOnce?: boolean;
}

/** What a dependency walk found. */
export interface WalkSkillDependenciesResult {
  /** Every reachable skill that exists, starting ids first, depth first, each once. */
  readonly ids: readonly string[];
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Follows `skill_dependencies` depth first from `startIds` (SPEC D6), reporting cycles
 * (`a → b → a`) and missing skills (`a → b → c`, naming the chain that reached them).
 */
export function walkSkillDependencies(
  startIds: readonly string[],
  {
    get,
    explainMissing = () => 'is not available',
    reportEachCycleOnce = false,
  }: WalkSkillDependenciesOptions,
): WalkSkillDependenciesResult {
  const ids: string[] = [];
  const diagnostics: Diagnostic[] = [];
  const done = new Set<string>();
  const chain: string[] = [];
  const onChain = new Set<string>();
  const reportedCycles = new Set<string>();

  const visit = (id: string): void => {
    if (onChain.has(id)) {
      const cycle = [...chain.slice(chain.indexOf(id)), id];
      const key = reportEachCycleOnce ? canonicalCycle(cycle) : cycle.join('\u0000');
      if (reportedCycles.has(key)) return;
      reportedCycles.add(key);
      const owner = get(chain.at(-1)!);
      diagnostics.push({
        code: 'skill_dependency_cycle',
        severity: 'warning',
        message: `skill dependencies form a cycle: ${cycle.join(' → ')}`,
        ...(owner?.skillFile === undefined ? {} : { file: owner.skillFile }),
        path: ['skill_dependencies'],
      });
      return;
    }
    if (done.has(id)) return;
    done.add(id);
    const skill = get(id);
    if (skill === undefined) {
      const route = [...chain, id].join(' → ');
      const owner = chain.length > 0 ? get(chain.at(-1)!) : undefined;
      diagnostics.push({
        code: 'skill_dependency_missing',
        severity: 'warning',
        message:
          chain.length > 0
            ? `missing skill dependency ${route}: '${id}' ${explainMissing(id)}`
            : `skill '${id}' ${explainMissing(id)}`,
        ...(owner?.skillFile === undefined ? {} : { file: owner.skillFile }),
        ...(chain.length > 0 ? { path: ['skill_dependencies'] } : {}),
      });
      return;
    }
    ids.push(id);
    chain.push(id);
    onChain.add(id);
    for (const dependency of skill.fields.skillDependencies) visit(dependency);
    chain.pop();
    onChain.delete(id);
  };

  for (const id of startIds) visit(id);
  return { ids, diagnostics };
}

/** The same cycle entered at any node gives the same key: rotate to start at the smallest id. */
function canonicalCycle(cycle: readonly string[]): string {
  const nodes = cycle.slice(0, -1);
  let start = 0;
  for (let index = 1; index < nodes.length; index++) if (nodes[index]! < nodes[start]!) start = index;
  return [...nodes.slice(start), ...nodes.slice(0, start)].join('\u0000');
}
