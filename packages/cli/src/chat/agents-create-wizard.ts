import path from 'node:path';
import type { AgentWorkspace } from '@skilldock/agent/workspace';
import { loadAgent } from '../agent/load-agent.js';
import { pc } from '../terminal-style.js';
import type { ChatInput } from './chat-input.js';

/** What the wizard needs from the chat. */
export interface AgentsWizardOptions {
  readonly input: Pick<ChatInput, 'ask'>;
  readonly write: (text: string) => void;
  readonly workspace: AgentWorkspace;
}

const APPROVAL_CHOICES = ['default', 'plan', 'auto-edit', 'yolo', 'bubble'] as const;

/**
 * `/agents create` (SPEC A8): a guided wizard — level, name, description, tools picked from the
 * session's real tool list, model, approval mode, system prompt — that writes `<name>.md` under
 * the project's or the user's `.agents/agents` with `createSubagentFile` (validated first, never
 * overwriting) and refreshes the registry, so the agent is usable at the next call. Ctrl-D at
 * any question, or "no" at the end, writes nothing. Returns the file written.
 */
export async function runAgentsCreateWizard({
  input,
  write,
  workspace,
}: AgentsWizardOptions): Promise<string | undefined> {
  const { checkSubagentName, createSubagentFile } = await loadAgent();
  const say = (text: string) => write(`${text}\n`);
  const cancelled = () => {
    say(pc.dim('Cancelled; nothing was written.'));
    return undefined;
  };
  say(pc.bold('Create a subagent') + pc.dim(' (Ctrl-D cancels)'));

  const projectFolder = path.join(workspace.projectRoot, '.agents', 'agents');
  const userFolder = path.join(workspace.homeDirectory, '.agents', 'agents');
  say(`  1  project  ${pc.dim(projectFolder)}`);
  say(`  2  user     ${pc.dim(userFolder)} ${pc.dim('(every project)')}`);
  let level: 'project' | 'user' | undefined;
  while (level === undefined) {
    const answer = await input.ask('Level [1] › ');
    if (answer === undefined) return cancelled();
    const choice = answer.trim().toLowerCase();
    if (choice === '' || choice === '1' || choice === 'project') level = 'project';
    else if (choice === '2' || choice === 'user') level = 'user';
    else say(pc.red('Type 1 (project) or 2 (user).'));
  }
  if (level === 'project' && (!workspace.trusted || workspace.safeMode)) {
    say(
      pc.yellow(
        workspace.safeMode
          ? 'Note: safe mode is on, so project subagents are not loaded in this session.'
          : 'Note: this workspace is not trusted, so sessions do not load its project subagents until you trust it.',
      ),
    );
  }

  let name: string | undefined;
  while (name === undefined) {
    const answer = await input.ask('Name (e.g. code-reviewer) › ');
    if (answer === undefined) return cancelled();
    const candidate = answer.trim();
    const problem = checkSubagentName(candidate);
    const taken = workspace.subagents
      .entries()
      .find(
        (entry) =>
          entry.subagent.level === level && entry.subagent.name.toLowerCase() === candidate.toLowerCase(),
      );
    if (problem !== undefined) say(pc.red(`The name ${problem}.`));
    else if (taken !== undefined)
      say(
        pc.red(`A ${level} subagent named ${taken.subagent.name} exists (${taken.subagent.file ?? level}).`),
      );
    else name = candidate;
  }

  let description: string | undefined;
  while (description === undefined) {
    const answer = await input.ask('Description: when should the main agent delegate to it? › ');
    if (answer === undefined) return cancelled();
    const text = answer.trim();
    if (text === '') say(pc.red('A description is required: it is how the main agent picks this subagent.'));
    else if ([...text].length > 1000) say(pc.red('At most 1000 characters.'));
    else description = text;
  }

  const toolNames = workspace.tools.map((tool) => tool.name);
  say(pc.bold('Tools'));
  toolNames.forEach((tool, index) => {
    say(`  ${String(index + 1).padStart(2)}  ${tool}`);
  });
  let tools: readonly string[] | '*' | undefined;
  let toolsChosen = false;
  while (!toolsChosen) {
    const answer = await input.ask(
      'Tools: numbers or names separated by commas, * for all, Enter for the default set › ',
    );
    if (answer === undefined) return cancelled();
    const text = answer.trim();
    if (text === '') {
      toolsChosen = true;
      continue;
    }
    if (text === '*' || text.toLowerCase() === 'all') {
      tools = '*';
      toolsChosen = true;
      continue;
    }
    const picked: string[] = [];
    const unknown: string[] = [];
    for (const part of text
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)) {
      const byNumber = /^\d+$/.test(part) ? toolNames[Number(part) - 1] : undefined;
      const tool = byNumber ?? (toolNames.includes(part) ? part : undefined);
      if (tool === undefined) unknown.push(part);
      else if (!picked.includes(tool)) picked.push(tool);
    }
    if (unknown.length > 0) say(pc.red(`Not in the list: ${unknown.join(', ')}`));
    else {
      tools = picked;
      toolsChosen = true;
    }
  }

  const modelAnswer = await input.ask('Model: inherit, fast, <model> or <provider>:<model> [inherit] › ');
  if (modelAnswer === undefined) return cancelled();
  const model = modelAnswer.trim() || 'inherit';

  say(
    pc.dim(`Approval modes: ${APPROVAL_CHOICES.join(', ')} (the stricter of it and the session's applies)`),
  );
  let approvalMode: (typeof APPROVAL_CHOICES)[number] | undefined;
  let modeChosen = false;
  while (!modeChosen) {
    const answer = await input.ask('Approval mode [session default] › ');
    if (answer === undefined) return cancelled();
    const text = answer.trim();
    if (text === '') modeChosen = true;
    else if ((APPROVAL_CHOICES as readonly string[]).includes(text)) {
      approvalMode = text as (typeof APPROVAL_CHOICES)[number];
      modeChosen = true;
    } else say(pc.red(`One of: ${APPROVAL_CHOICES.join(', ')}`));
  }

  say(
    pc.dim(
      'System prompt: type it line by line; an empty line ends it (Enter at once writes a starting prompt).',
    ),
  );
  const promptLines: string[] = [];
  for (;;) {
    const line = await input.ask(promptLines.length === 0 ? 'Prompt › ' : '       › ');
    if (line === undefined) return cancelled();
    if (line.trim() === '') break;
    promptLines.push(line);
  }

  const folder = level === 'project' ? projectFolder : userFolder;
  say(
    [
      pc.bold('Summary'),
      `  ${name} → ${path.join(folder, `${name}.md`)}`,
      `  tools: ${tools === undefined ? 'default set' : tools === '*' ? 'all' : tools.join(', ') || 'none'}`,
      `  model: ${model}${approvalMode === undefined ? '' : ` · approval mode: ${approvalMode}`}`,
    ].join('\n'),
  );
  const confirm = await input.ask('Write it? y/N › ');
  if (confirm === undefined || !/^y(es)?$/i.test(confirm.trim())) return cancelled();
  try {
    const file = await createSubagentFile(folder, {
      name,
      description,
      model,
      ...(tools === undefined ? {} : { tools }),
      ...(approvalMode === undefined ? {} : { approvalMode }),
      ...(promptLines.length === 0 ? {} : { prompt: promptLines.join('\n') }),
    });
    await workspace.subagents.refresh();
    say(`${pc.green('Created')} ${file} ${pc.dim('(the agent tool can use it from the next call)')}`);
    return file;
  } catch (error) {
    say(pc.red((error as Error).message));
    return undefined;
  }
}
