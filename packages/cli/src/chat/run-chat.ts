import type { Conversation } from '@skilldock/agent/conversation';
import type { SubagentSession } from '@skilldock/agent/subagents';
import type { AgentWorkspace, WorkspaceNotice } from '@skilldock/agent/workspace';
import type { CliApprovalMode } from '../agent/cli-approval-modes.js';
import { type LineWriter, lineWriter } from '../agent/line-writer.js';
import { type AgentModule, loadAgent } from '../agent/load-agent.js';
import { createEventRenderer } from '../agent/render-agent-event.js';
import { createTaskRenderer } from '../agent/render-task-event.js';
import { requireProjectFolder } from '../agent/require-project-folder.js';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { discoveryCacheDirectory } from '../discovery-cache-directory.js';
import { ExitCode, exitCodeFor } from '../exit-codes.js';
import { loadCore } from '../load-core.js';
import type { Output } from '../output.js';
import { pc } from '../terminal-style.js';
import type { ChatApprovals } from './chat-approvals.js';
import { createChatApprovals } from './chat-approvals.js';
import type { ChatContext } from './chat-context.js';
import { ChatInput } from './chat-input.js';
import { completeSlash, findSlashCommand, SLASH_COMMANDS } from './slash-commands.js';

/** Options of {@link runChat} (the `skilldock chat` flags). */
export interface ChatOptions {
  readonly model?: string;
  readonly approvalMode: CliApprovalMode;
  readonly resume?: string | boolean;
  readonly preload?: readonly string[];
  readonly cwd?: string;
  /** `--approve-mcp NAME`: project MCP servers approved for this session only (SPEC SEC2). */
  readonly approveMcp?: readonly string[];
  /** `--safe-mode` (SPEC A11). */
  readonly safeMode?: boolean;
}

/**
 * `skilldock chat`: the interactive terminal agent. One workspace (trust, tools, MCP, model) and
 * one conversation at a time (created once, so the prompt prefix stays byte-identical, R1);
 * streamed answers, activity lines, approval prompts, slash commands (`SLASH_COMMANDS`). Returns
 * the exit code.
 */
export async function runChat(
  options: ChatOptions,
  output: Output,
  environment: CliEnvironment,
): Promise<number> {
  const { userInvocability } = await loadCore('catalog');
  const agent = await loadAgent();
  const writer = lineWriter((text) => output.writeOut(output.render(text)));
  const say = (text: string) => {
    writer.endLine();
    writer.write(text.endsWith('\n') ? text : `${text}\n`);
  };
  let chat: ChatContext | undefined;
  let turn: AbortController | undefined;
  let interrupts = 0;
  const input = new ChatInput({
    stdin: environment.stdin,
    stdout: environment.stdout,
    render: output.render,
    completer: (line: string) => {
      const ids = (chat?.conversation.skillSession.catalog.skills ?? [])
        .filter((skill) => userInvocability(skill).allowed)
        .map((skill) => skill.id);
      return completeSlash(line, ids);
    },
    onInterrupt: (lineWasEmpty) => {
      if (turn !== undefined) {
        turn.abort();
        return;
      }
      if (!lineWasEmpty) {
        interrupts = 0;
        return;
      }
      interrupts++;
      if (interrupts >= 2) input.close();
      else say(pc.dim('(press Ctrl-C again to quit, or type /quit)'));
    },
  });
  const approvals = createChatApprovals({ input, writer, signal: () => turn?.signal });
  const render = createEventRenderer({ text: writer, activity: writer });
  const send = async (conversation: Conversation, prompt: string, origin?: 'signal') => {
    turn = new AbortController();
    try {
      const outcome = await conversation.send(prompt, {
        signal: turn.signal,
        onEvent: render,
        ...(origin === undefined ? {} : { origin }),
      });
      writer.endLine();
      if (outcome.error !== undefined) say(`${pc.red('error')} ${outcome.error.message}`);
      else if (outcome.result.status === 'cancelled') say(pc.yellow('(turn cancelled)'));
    } finally {
      turn = undefined;
    }
  };

  const cancellable = async <T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> => {
    turn = new AbortController();
    try {
      return await work(turn.signal);
    } finally {
      turn = undefined;
    }
  };

  let workspace: AgentWorkspace | undefined;
  let subagents: SubagentSession | undefined;
  try {
    workspace = await openChatWorkspace(agent, options, environment, { input, say });
    subagents = agent.openSubagentSession({
      workspace,
      interactive: true,
      env: environment.env,
      temporaryDirectory: environment.temporaryDirectory,
    });
    const tasks = subagents.tasks;
    // Live task progress while a turn runs; a task's end whenever it comes (SPEC A3).
    const renderTask = createTaskRenderer(writer);
    tasks.subscribe((event) => {
      if (turn !== undefined || event.type === 'task-end') renderTask(event);
    });
    chat = await startChat({
      subagents,
      agent,
      workspace,
      input,
      writer,
      approvals,
      say,
      send,
      cancellable,
      options,
      env: environment.env,
    });
    const current = chat;
    /** An idle point (SPEC A5): the results of background tasks go to the agent in one turn. */
    const deliverResults = async () => {
      // Progress pulses alone wake nobody; they go along with the next result.
      while (tasks.hasResults()) {
        say(pc.dim('↻ background task results go to the agent'));
        await send(current.conversation, tasks.takeNotificationText()!, 'signal');
      }
    };
    for (;;) {
      await deliverResults();
      // A result arriving while the prompt waits is an idle point too: it wakes the prompt.
      const idle = new AbortController();
      void tasks.waitForResult(idle.signal).then(() => {
        if (tasks.hasResults()) idle.abort();
      });
      const line = await input.ask(pc.cyan('› '), { signal: idle.signal });
      const woken = idle.signal.aborted;
      idle.abort();
      if (line === undefined && woken && !input.closed) continue;
      if (line === undefined) break;
      const text = line.trim();
      if (text === '') continue;
      interrupts = 0;
      if (!text.startsWith('/')) {
        await chat.send(text);
        continue;
      }
      const [name = '', ...rest] = text.slice(1).split(/\s+/);
      const command = findSlashCommand(name);
      if (command === undefined) await chat.invokeSkill(text);
      else if ((await command.run(chat, rest.join(' '))) === 'quit') break;
    }
    return ExitCode.ok;
  } catch (error) {
    say(`${pc.red('error')} ${error instanceof Error ? error.message : String(error)}`);
    return exitCodeFor(error);
  } finally {
    input.close();
    await chat?.conversation.close().catch(() => undefined);
    await subagents?.close().catch(() => undefined);
    await workspace?.close().catch(() => undefined);
  }
}

/** The terminal a chat asks its questions on. */
interface ChatPrompter {
  readonly input: ChatInput;
  say(text: string): void;
}

/** Asks a yes/no question; only `y` or `yes` is a yes. */
async function confirm({ input, say }: ChatPrompter, question: string, prompt: string): Promise<boolean> {
  say(question);
  const answer = await input.ask(prompt);
  return /^y(es)?$/i.test(answer?.trim() ?? '');
}

/**
 * The workspace of a chat: outside a project it asks before the folder is used; an untrusted
 * workspace and each project MCP server entry are asked about on the terminal (SPEC D2, SEC2).
 */
async function openChatWorkspace(
  agent: AgentModule,
  options: ChatOptions,
  environment: CliEnvironment,
  prompter: ChatPrompter,
): Promise<AgentWorkspace> {
  const context = await createCliContext(environment, options.cwd === undefined ? {} : { cwd: options.cwd });
  await requireProjectFolder(context, {
    explicitCwd: options.cwd !== undefined,
    askToUseFolder: (folder) =>
      confirm(
        prompter,
        `${pc.yellow('?')} ${pc.bold(folder)} is not inside a project (no .git, .skilldock, .agents, .qwen or .claude), so the agent's tools would reach all of it.`,
        '  Work in this folder anyway and trust it? (remembered) y/N › ',
      ),
  });
  const discoveryCache = await discoveryCacheDirectory(context);
  return agent.openWorkspace({
    cwd: context.cwd,
    home: context.homeDirectory,
    env: context.env,
    ...(discoveryCache === undefined ? {} : { discoveryCache }),
    ...(options.model === undefined ? {} : { model: options.model }),
    askTrust: (projectRoot) =>
      confirm(
        prompter,
        `${pc.yellow('?')} ${pc.bold(projectRoot)} is not a trusted workspace. Its project skills, subagents and MCP servers can instruct the agent and run commands.`,
        '  Trust this folder? (remembered in ~/.skilldock/trusted.json) y/N › ',
      ),
    ...(options.approveMcp === undefined ? {} : { approveMcp: options.approveMcp }),
    ...(options.safeMode === true ? { safeMode: true } : {}),
    askMcpApproval: ({ name, description }) =>
      confirm(
        prompter,
        `${pc.yellow('?')} The project settings add the MCP server ${pc.bold(name)}: it ${description}. It starts with every session in this folder.`,
        '  Start it? (a yes for this exact entry is remembered in ~/.skilldock/trusted.json) y/N › ',
      ),
  });
}

/** What {@link startChat} builds the chat from. */
interface StartChatOptions {
  readonly agent: AgentModule;
  readonly subagents: SubagentSession;
  readonly workspace: AgentWorkspace;
  readonly input: ChatInput;
  readonly writer: LineWriter;
  readonly approvals: ChatApprovals;
  readonly options: ChatOptions;
  readonly env: NodeJS.ProcessEnv;
  say(text: string): void;
  send(conversation: Conversation, prompt: string, origin?: 'signal'): Promise<void>;
  cancellable: ChatContext['cancellable'];
}

/** Opens the first conversation (resumed when asked), prints the banner and returns the chat. */
async function startChat({
  agent,
  subagents,
  workspace,
  input,
  writer,
  approvals,
  options,
  env,
  say,
  send,
  cancellable,
}: StartChatOptions): Promise<ChatContext> {
  const notice = ({ message }: WorkspaceNotice) => say(pc.yellow(`note: ${message}`));
  const open = async (resume: string | undefined) => {
    const opened = await agent.openConversation(workspace, {
      extraTools: subagents.tools,
      backgroundTasks: subagents.tasks,
      approvalModes: [options.approvalMode],
      askApproval: approvals.askApproval,
      askUser: approvals.askUser,
      ...(options.preload === undefined ? {} : { preload: options.preload }),
      ...(resume === undefined ? {} : { resume }),
    });
    await subagents.attach(opened);
    return opened;
  };
  const resume = options.resume === true ? 'latest' : options.resume === false ? undefined : options.resume;
  const chat: ChatContext = {
    agent,
    workspace,
    input,
    writer,
    approvals,
    commands: SLASH_COMMANDS,
    env,
    conversation: await open(resume),
    say,
    notice,
    open,
    send: (prompt) => send(chat.conversation, prompt),
    cancellable,
    async invokeSkill(commandLine) {
      const invoked = await chat.conversation.skillSession.invoke(commandLine);
      if (!invoked.ok) {
        say(
          `${pc.red('✗')} ${invoked.message}${invoked.code === 'skill_not_found' ? pc.dim(' (/help lists the commands)') : ''}`,
        );
        return;
      }
      say(pc.cyan(`◆ skill ${invoked.skillId}`));
      await chat.send(invoked.prompt);
    },
  };
  for (const entry of [...workspace.notices, ...chat.conversation.notices]) notice(entry);
  const skillCount = chat.conversation.skillSession.catalog.skills.length;
  say(
    `${pc.bold('skilldock chat')} ${pc.dim(`· ${workspace.model.label} · ${skillCount} skill${skillCount === 1 ? '' : 's'} · /help for commands · Ctrl-D to quit`)}`,
  );
  if (chat.conversation.resumed)
    say(
      pc.dim(
        `Resumed session ${chat.conversation.resumed.id} (${chat.conversation.resumed.messageCount} messages).`,
      ),
    );
  return chat;
}
