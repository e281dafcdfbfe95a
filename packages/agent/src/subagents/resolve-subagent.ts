import type { Diagnostic, SubagentDefinition } from '@skilldock/core/format';
import type { ApprovalMode } from '../policy/approval-mode.js';
import { mapSubagentToolNames } from './map-subagent-tool-names.js';
import { resolveSubagentModel } from './resolve-subagent-model.js';
import type { ResolvedSubagent, SubagentLevel } from './subagent-types.js';

/** Claude Code's `permissionMode`, as our approval modes; `dontAsk` becomes the stricter `plan`. */
const PERMISSION_MODES: Readonly<Record<string, ApprovalMode>> = {
  default: 'default',
  acceptEdits: 'auto-edit',
  plan: 'plan',
  bypassPermissions: 'yolo',
  dontAsk: 'plan',
};

/** Options of {@link resolveSubagent}. */
export interface ResolveSubagentOptions {
  readonly level: SubagentLevel;
  readonly file?: string;
  /** `agents.modelAliases` from settings. */
  readonly modelAliases?: Readonly<Record<string, string>>;
  /** Tool names that exist, to warn about names no tool has. */
  readonly knownTools?: readonly string[];
  /** Warnings `parseSubagent` returned, kept with the definition. */
  readonly diagnostics?: readonly Diagnostic[];
}

/**
 * A parsed definition as the runtime uses it (SPEC S6, A1): Claude Code and Qwen Code fields read
 * as ours (`tools: Read, Bash`, `model: sonnet`, `permissionMode`, `maxTurns`, `modelConfig`),
 * every translation that loses something reported as a warning. The result is frozen.
 * @example resolveSubagent(parsed.subagent, { level: 'project', file, diagnostics: parsed.diagnostics })
 */
export function resolveSubagent(
  definition: SubagentDefinition,
  { level, file, modelAliases, knownTools, diagnostics: parseDiagnostics = [] }: ResolveSubagentOptions,
): ResolvedSubagent {
  const { frontmatter, positions } = definition;
  const diagnostics: Diagnostic[] = [...parseDiagnostics];
  const at = (path: string) => ({ ...(file === undefined ? {} : { file }), ...positions[path] });
  const mapOptions = (field: 'tools' | 'disallowedTools') => ({
    field,
    positions,
    ...(file === undefined ? {} : { file }),
    ...(knownTools === undefined ? {} : { knownTools }),
  });

  let tools: readonly string[] | '*' | undefined;
  if (frontmatter.tools === '*') tools = '*';
  else if (frontmatter.tools !== undefined) {
    const mapped = mapSubagentToolNames(frontmatter.tools, mapOptions('tools'));
    tools = mapped.names;
    diagnostics.push(...mapped.diagnostics);
  }
  const denied = mapSubagentToolNames(frontmatter.disallowedTools ?? [], mapOptions('disallowedTools'));
  diagnostics.push(...denied.diagnostics);

  const permissionMode = frontmatter.permissionMode;
  const approvalMode =
    frontmatter.approvalMode ?? (permissionMode === undefined ? undefined : PERMISSION_MODES[permissionMode]);
  if (permissionMode !== undefined && frontmatter.approvalMode !== undefined) {
    diagnostics.push({
      code: 'subagent_permission_mode_ignored',
      severity: 'warning',
      message: `'permissionMode: ${permissionMode}' is ignored: 'approvalMode: ${frontmatter.approvalMode}' is set`,
      ...at('permissionMode'),
      path: ['permissionMode'],
    });
  }
  for (const option of ['temp', 'top_p'] as const) {
    if (frontmatter.modelConfig?.[option] === undefined) continue;
    diagnostics.push({
      code: 'subagent_field_unsupported',
      severity: 'warning',
      message: `'modelConfig.${option}' is not supported: the provider's default is used`,
      ...at('modelConfig'),
      path: ['modelConfig', option],
    });
  }

  const maxTurns = frontmatter.runConfig?.max_turns ?? frontmatter.maxTurns;
  const maxMinutes = frontmatter.runConfig?.max_time_minutes;
  const executor = frontmatter.executor;
  return Object.freeze({
    name: definition.name,
    description: definition.description,
    systemPrompt: definition.systemPrompt,
    level,
    ...(file === undefined ? {} : { file }),
    model: resolveSubagentModel(frontmatter.model ?? frontmatter.modelConfig?.model, modelAliases),
    ...(approvalMode === undefined ? {} : { approvalMode }),
    ...(tools === undefined ? {} : { tools }),
    disallowedTools: denied.names,
    // External executors run in the foreground unless asked (SPEC A9); our own in the background (A5).
    background: frontmatter.background ?? executor === undefined,
    ...(maxTurns === undefined ? {} : { maxTurns }),
    ...(maxMinutes === undefined ? {} : { maxTimeMs: Math.round(maxMinutes * 60_000) }),
    ...(executor === undefined
      ? {}
      : {
          executor: {
            kind: executor.kind,
            command: executor.command,
            ...(executor.args === undefined ? {} : { args: executor.args }),
          },
        }),
    // In file order, so a listing reads top to bottom (the sort is stable for equal lines).
    diagnostics: diagnostics.sort(
      (first, second) => (first.line ?? 0) - (second.line ?? 0) || (first.column ?? 0) - (second.column ?? 0),
    ),
  });
}
