import type { ResolvedSubagent, SubagentEntry } from '@skilldock/agent/subagents';
import type { ModelSelector } from '@skilldock/core/format';
import { diagnosticJson } from '../output.js';

/** `inherit`, `fast`, `<model>` or `<provider>:<model>`: a selector as a user writes it. */
export function modelLabel(model: ModelSelector): string {
  if (model.kind !== 'model') return model.kind;
  return model.provider === undefined ? model.model : `${model.provider}:${model.model}`;
}

/** `*`, `default`, or the tool names: the TOOLS cell of a listing. */
export function toolsLabel(subagent: ResolvedSubagent): string {
  if (subagent.executor !== undefined) return `${subagent.executor.kind} executor`;
  if (subagent.tools === undefined) return 'default';
  return subagent.tools === '*' ? '*' : subagent.tools.join(', ');
}

/** `project (.qwen/agents/x.md)`, `builtin`: where a definition comes from, relative to `cwd`. */
export function describeLevel(subagent: ResolvedSubagent, cwd?: string): string {
  if (subagent.file === undefined) return subagent.level;
  const file =
    cwd !== undefined && subagent.file.startsWith(`${cwd}/`)
      ? subagent.file.slice(cwd.length + 1)
      : subagent.file;
  return `${subagent.level} (${file})`;
}

/** The definitions `winner` hides: the shadowed entries whose `shadowedBy` it is. */
export function overriddenBy(
  winner: ResolvedSubagent,
  entries: readonly SubagentEntry[],
): readonly ResolvedSubagent[] {
  return entries.filter((entry) => entry.shadowedBy === winner).map((entry) => entry.subagent);
}

/**
 * One subagent as JSON: the stable shape documented in the README ("agents list --json");
 * `overrides` lists the definitions it hides when `entries` (the registry's) are given.
 */
export function subagentJson(
  entry: SubagentEntry,
  entries: readonly SubagentEntry[] = [],
): Record<string, unknown> {
  const { subagent } = entry;
  return {
    name: subagent.name,
    description: subagent.description,
    level: subagent.level,
    file: subagent.file ?? null,
    status: entry.status,
    overrides: overriddenBy(subagent, entries).map((hidden) => ({
      level: hidden.level,
      file: hidden.file ?? null,
    })),
    shadowedBy:
      entry.shadowedBy === undefined
        ? null
        : { level: entry.shadowedBy.level, file: entry.shadowedBy.file ?? null },
    model: modelLabel(subagent.model),
    approvalMode: subagent.approvalMode ?? null,
    tools: subagent.tools ?? null,
    disallowedTools: subagent.disallowedTools,
    background: subagent.background,
    maxTurns: subagent.maxTurns ?? null,
    maxTimeMs: subagent.maxTimeMs ?? null,
    executor: subagent.executor ?? null,
    diagnostics: subagent.diagnostics.map(diagnosticJson),
  };
}
