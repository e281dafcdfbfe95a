import type { ResolvedSubagent, SubagentEntry } from '@skilldock/agent';
import type { ModelSelector } from '@skilldock/core';
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

/** One subagent as JSON: the stable shape documented in the README ("agents list --json"). */
export function subagentJson(entry: SubagentEntry): Record<string, unknown> {
  const { subagent } = entry;
  return {
    name: subagent.name,
    description: subagent.description,
    level: subagent.level,
    file: subagent.file ?? null,
    status: entry.status,
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
