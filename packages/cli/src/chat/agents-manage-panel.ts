import path from 'node:path';
import type { ResolvedSubagent } from '@skilldock/agent/subagents';
import type { AgentWorkspace } from '@skilldock/agent/workspace';
import type { Diagnostic } from '@skilldock/core/format';
import { shorten } from '../agent/describe-tool-call.js';
import { loadCore } from '../load-core.js';
import { renderDiagnostic } from '../output.js';
import { describeLevel, modelLabel, toolsLabel } from '../subagents/subagent-summary.js';
import { pc } from '../terminal-style.js';
import type { ChatInput } from './chat-input.js';

/** What the panel needs from the chat. */
export interface AgentsManageOptions {
  readonly input: Pick<ChatInput, 'ask' | 'suspend'>;
  readonly write: (text: string) => void;
  readonly workspace: AgentWorkspace;
  /** Opens a file in the user's editor; resolves when it closes. */
  readonly edit: (file: string) => Promise<number>;
}

/** One numbered row: a definition, or an agent file that failed to load. */
type PanelRow =
  | { readonly kind: 'agent'; readonly subagent: ResolvedSubagent; readonly note: string }
  | {
      readonly kind: 'invalid';
      readonly file: string;
      readonly level: string;
      readonly diagnostics: readonly Diagnostic[];
    };

const SECTIONS = [
  ['session', 'Session (defined in code, read-only)'],
  ['project', 'Project'],
  ['user', 'User'],
  ['extension', 'Extension Agents (read-only: edit the extension)'],
  ['builtin', 'Built-in (read-only: a project or user agent of the same name overrides it)'],
] as const;

const HELP = 'view N · edit N (opens $EDITOR) · delete N · Enter closes';

/**
 * `/agents manage` (SPEC A8): the subagents by level — session, project, user, extension,
 * built-in — with every agent file that failed to load and why (file, line, field). `view N`
 * shows one; `edit N` opens its file in `$VISUAL`/`$EDITOR` and re-checks it; `delete N` asks,
 * then removes the file (proved inside its folder; a link is removed as a link). Extension,
 * built-in and session agents are read-only. The registry is re-read after every change.
 */
export async function runAgentsManagePanel({
  input,
  write,
  workspace,
  edit,
}: AgentsManageOptions): Promise<void> {
  const say = (text: string) => write(`${text}\n`);
  const { subagents } = workspace;
  await subagents.refresh();
  for (;;) {
    const rows = panelRows(workspace);
    say(pc.bold(`Subagents (${subagents.list().length} available)`));
    if (workspace.safeMode || !workspace.trusted) {
      say(
        pc.yellow(
          workspace.safeMode
            ? 'Safe mode: project subagents and executor agents are off in this session.'
            : `This workspace is not trusted: its project subagents are not loaded (skilldock trust ${workspace.projectRoot}).`,
        ),
      );
    }
    for (const [level, title] of SECTIONS) {
      const inLevel = rows.filter((row) => (row.kind === 'agent' ? row.subagent.level : row.level) === level);
      if (inLevel.length === 0) continue;
      say(pc.bold(title));
      for (const row of inLevel) {
        const index = String(rows.indexOf(row) + 1).padStart(3);
        if (row.kind === 'invalid') {
          say(
            `${index}  ${pc.red('✗ invalid')}  ${path.basename(row.file)}  ${pc.dim(`${row.diagnostics.length} problem(s)`)}`,
          );
          for (const diagnostic of row.diagnostics)
            say(`     ${renderDiagnostic(diagnostic, { relativeTo: workspace.projectRoot }).trimStart()}`);
        } else {
          say(
            `${index}  ${row.subagent.name}${row.note ? pc.yellow(` (${row.note})`) : ''}  ${pc.dim(shorten(row.subagent.description, 70))}`,
          );
        }
      }
    }
    say(pc.dim(HELP));
    const answer = (await input.ask('agents › '))?.trim();
    if (answer === undefined || answer === '') return;
    const command = /^(view|edit|delete)\s+(\d+)$/.exec(answer);
    const row = command === null ? undefined : rows[Number(command[2]) - 1];
    if (command === null || row === undefined) {
      say(pc.red(command === null ? HELP : `No subagent number ${command[2]} in the list.`));
      continue;
    }
    const file = row.kind === 'invalid' ? row.file : row.subagent.file;
    const level = row.kind === 'invalid' ? row.level : row.subagent.level;
    if (command[1] === 'view') {
      if (row.kind === 'invalid') say(pc.dim(`${row.file} did not load; edit it to fix the problems above.`));
      else say(describeSubagent(row.subagent, workspace.projectRoot));
      continue;
    }
    if (file === undefined || level === 'extension' || level === 'builtin' || level === 'session') {
      say(pc.red(`${row.kind === 'agent' ? row.subagent.name : file} is read-only here (${level}).`));
      continue;
    }
    if (command[1] === 'edit') {
      const code = await input.suspend(() => edit(file));
      if (code !== 0) say(pc.yellow(`The editor exited with code ${code}.`));
      await subagents.refresh();
      const problems = subagents.diagnostics().filter((diagnostic) => diagnostic.file === file);
      if (problems.some((diagnostic) => diagnostic.severity === 'error'))
        say(pc.red(`${file} is invalid now:`));
      else say(pc.green(`${file} is valid.`));
      for (const diagnostic of problems)
        say(renderDiagnostic(diagnostic, { relativeTo: workspace.projectRoot }));
      continue;
    }
    const confirm = await input.ask(`Delete ${file}? y/N › `);
    if (confirm === undefined || !/^y(es)?$/i.test(confirm.trim())) {
      say(pc.dim('Kept.'));
      continue;
    }
    try {
      const { removeInside } = await loadCore('fs');
      await removeInside(file, path.dirname(file));
      await subagents.refresh();
      say(`${pc.green('Deleted')} ${file}`);
    } catch (error) {
      say(pc.red((error as Error).message));
    }
  }
}

/** Every definition (shadowed ones marked) and every agent file that failed to load, by level. */
function panelRows(workspace: AgentWorkspace): PanelRow[] {
  const { subagents } = workspace;
  const agents: PanelRow[] = subagents.entries().map((entry) => ({
    kind: 'agent',
    subagent: entry.subagent,
    note:
      entry.status === 'shadowed' && entry.shadowedBy !== undefined
        ? `shadowed by ${describeLevel(entry.shadowedBy, workspace.projectRoot)}`
        : entry.status === 'unavailable'
          ? (entry.reason ?? 'unavailable')
          : '',
  }));
  const invalid = new Map<string, Diagnostic[]>();
  for (const diagnostic of subagents.diagnostics()) {
    if (diagnostic.severity !== 'error' || diagnostic.file === undefined) continue;
    if (diagnostic.code === 'subagent_session_conflict') continue;
    invalid.set(diagnostic.file, [...(invalid.get(diagnostic.file) ?? []), diagnostic]);
  }
  const invalidRows: PanelRow[] = [...invalid].map(([file, diagnostics]) => ({
    kind: 'invalid',
    file,
    level: subagents.folders.find((folder) => path.dirname(file) === folder.directory)?.level ?? 'project',
    diagnostics,
  }));
  const order = SECTIONS.map(([level]) => level as string);
  const levelOf = (row: PanelRow) => order.indexOf(row.kind === 'agent' ? row.subagent.level : row.level);
  return [...agents, ...invalidRows].sort((first, second) => levelOf(first) - levelOf(second));
}

function describeSubagent(subagent: ResolvedSubagent, projectRoot: string): string {
  const lines = [
    pc.bold(subagent.name),
    `  ${subagent.description}`,
    `  source: ${describeLevel(subagent, projectRoot)}`,
    `  model: ${modelLabel(subagent.model)} · tools: ${toolsLabel(subagent)}${subagent.approvalMode === undefined ? '' : ` · approval mode: ${subagent.approvalMode}`}`,
    ...(subagent.disallowedTools.length > 0 ? [`  disallowed: ${subagent.disallowedTools.join(', ')}`] : []),
    `  runs ${subagent.background ? 'in the background' : 'in the foreground'} by default`,
    ...subagent.diagnostics.map((diagnostic) => renderDiagnostic(diagnostic, { relativeTo: projectRoot })),
  ];
  if (subagent.systemPrompt !== '') lines.push(pc.dim('  ─ system prompt ─'), subagent.systemPrompt);
  return lines.join('\n');
}
