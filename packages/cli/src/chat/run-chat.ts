import type { AgentWorkspace, Conversation, WorkspaceNotice } from '@skilldock/agent';
import type { CliApprovalMode } from '../agent/cli-approval-modes.js';
import { lineWriter } from '../agent/line-writer.js';
import { loadAgent } from '../agent/load-agent.js';
import { type CliSubagents, openCliSubagents } from '../agent/open-cli-subagents.js';
import { createEventRenderer } from '../agent/render-agent-event.js';
import { createTaskRenderer } from '../agent/render-task-event.js';
import { requireProjectFolder } from '../agent/require-project-folder.js';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { ExitCode, exitCodeFor } from '../exit-codes.js';
import { loadCore } from '../load-core.js';
import type { Output } from '../output.js';
import { pc } from '../terminal-style.js';
import { createChatApprovals } from './chat-approvals.js';
import { ChatInput } from './chat-input.js';
import { runSkillsPanel } from './skills-panel.js';
import { completeSlash, SLASH_COMMANDS } from './slash-commands.js';

/** Options of {@link runChat} (the `skilldock chat` flags). */
export interface ChatOptions {
  readonly model?: string;
  readonly approvalMode: CliApprovalMode;
  readonly resume?: string | boolean;
  readonly preload?: readonly string[];
  readonly cwd?: string;
  /** `--approve-mcp NAME`: project MCP servers approved for this session only (SPEC SEC2). */
  readonly approveMcp?: readonly string[];
}

/**
 * `skilldock chat`: the interactive terminal agent. One workspace (trust, tools, MCP, model) and
 * one conversation at a time (created once, so the prompt prefix stays byte-identical, R1);
 * streamed answers, activity lines, approval prompts, slash commands. Returns the exit code.
 */
export async function runChat(
  options: ChatOptions,
  output: Output,
  environment: CliEnvironment,
): Promise<number> {
  const { userInvocability } = await loadCore();
  const agent = await loadAgent();
  const writer = lineWriter((text) => output.writeOut(output.render(text)));
  const say = (text: string) => {
    writer.endLine();
    writer.write(text.endsWith('\n') ? text : `${text}\n`);
  };
  let conversation: Conversation | undefined;
  let turn: AbortController | undefined;
  let interrupts = 0;
  const input = new ChatInput({
    stdin: environment.stdin,
    stdout: environment.stdout,
    render: output.render,
    completer: (line: string) => {
      const ids = (conversation?.skillSession.catalog.skills ?? [])
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
  const notice = ({ message }: WorkspaceNotice) => say(pc.yellow(`note: ${message}`));

  let workspace: AgentWorkspace | undefined;
  let subagents: CliSubagents | undefined;
  try {
    const context = await createCliContext(
      environment,
      options.cwd === undefined ? {} : { cwd: options.cwd },
    );
    await requireProjectFolder(context, {
      explicitCwd: options.cwd !== undefined,
      askToUseFolder: async (folder) => {
        say(
          `${pc.yellow('?')} ${pc.bold(folder)} is not inside a project (no .git, .skilldock, .agents, .qwen or .claude), so the agent's tools would reach all of it.`,
        );
        const answer = await input.ask('  Work in this folder anyway and trust it? (remembered) y/N › ');
        return /^y(es)?$/i.test(answer?.trim() ?? '');
      },
    });
    workspace = await agent.openWorkspace({
      cwd: context.cwd,
      home: context.homeDirectory,
      env: context.env,
      ...(options.model === undefined ? {} : { model: options.model }),
      askTrust: async (projectRoot) => {
        say(
          `${pc.yellow('?')} ${pc.bold(projectRoot)} is not a trusted workspace. Its project skills, subagents and MCP servers can instruct the agent and run commands.`,
        );
        const answer = await input.ask(
          '  Trust this folder? (remembered in ~/.skilldock/trusted.json) y/N › ',
        );
        return /^y(es)?$/i.test(answer?.trim() ?? '');
      },
      ...(options.approveMcp === undefined ? {} : { approveMcp: options.approveMcp }),
      askMcpApproval: async ({ name, description }) => {
        say(
          `${pc.yellow('?')} The project settings add the MCP server ${pc.bold(name)}: it ${description}. It starts with every session in this folder.`,
        );
        const answer = await input.ask(
          '  Start it? (a yes for this exact entry is remembered in ~/.skilldock/trusted.json) y/N › ',
        );
        return /^y(es)?$/i.test(answer?.trim() ?? '');
      },
    });
    subagents = await openCliSubagents({
      workspace,
      interactive: true,
      env: context.env,
      temporaryDirectory: environment.temporaryDirectory,
    });
    const tasks = subagents.tasks;
    const open = async (resume: string | undefined) => {
      const opened = await agent.openConversation(workspace!, {
        extraTools: subagents!.tools,
        backgroundTasks: tasks,
        approvalModes: [options.approvalMode],
        askApproval: approvals.askApproval,
        askUser: approvals.askUser,
        ...(options.preload === undefined ? {} : { preload: options.preload }),
        ...(resume === undefined ? {} : { resume }),
      });
      await subagents!.attach(opened);
      return opened;
    };
    const resume = options.resume === true ? 'latest' : options.resume === false ? undefined : options.resume;
    conversation = await open(resume);
    for (const entry of [...workspace.notices, ...conversation.notices]) notice(entry);
    const skillCount = conversation.skillSession.catalog.skills.length;
    say(
      `${pc.bold('skilldock chat')} ${pc.dim(`· ${workspace.model.label} · ${skillCount} skill${skillCount === 1 ? '' : 's'} · /help for commands · Ctrl-D to quit`)}`,
    );
    if (conversation.resumed)
      say(
        pc.dim(`Resumed session ${conversation.resumed.id} (${conversation.resumed.messageCount} messages).`),
      );

    const location = { home: workspace.homeDirectory, projectRoot: workspace.projectRoot };
    /** The id `/resume <argument>` names: `latest` is the most recent readable session. */
    const resolveSessionId = async (argument: string) =>
      argument === 'latest'
        ? (await agent.listSessions(location).catch(() => [])).find((session) => session.error === undefined)
            ?.id
        : argument;
    const render = createEventRenderer({ text: writer, activity: writer });
    // Live task progress while a turn runs; a task's end whenever it comes (SPEC A3).
    const renderTask = createTaskRenderer(writer);
    tasks.subscribe((event) => {
      if (turn !== undefined || event.type === 'task-end') renderTask(event);
    });
    const send = async (prompt: string, origin?: 'signal') => {
      turn = new AbortController();
      try {
        const outcome = await conversation!.send(prompt, {
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

    const invokeSkill = async (commandLine: string) => {
      const invoked = await conversation!.skillSession.invoke(commandLine);
      if (!invoked.ok) {
        say(
          `${pc.red('✗')} ${invoked.reason}${invoked.code === 'unknown_skill' ? pc.dim(' (/help lists the commands)') : ''}`,
        );
        return;
      }
      say(pc.cyan(`◆ skill ${invoked.skillId}`));
      await send(invoked.prompt);
    };

    /** An idle point (SPEC A5): the results of background tasks go to the agent in one turn. */
    const deliverResults = async () => {
      // Progress pulses alone wake nobody; they go along with the next result.
      while (tasks.hasResults()) {
        say(pc.dim('↻ background task results go to the agent'));
        await send(tasks.takeNotificationText()!, 'signal');
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
        await send(text);
        continue;
      }
      const [command = '', ...rest] = text.slice(1).split(/\s+/);
      const argument = rest.join(' ');
      if (command === 'quit' || command === 'exit') break;
      if (command === 'help') {
        say(SLASH_COMMANDS.map((entry) => `  ${entry.usage.padEnd(20)} ${pc.dim(entry.help)}`).join('\n'));
        say(pc.dim('  /<skill-id> [args]   run a skill with arguments (Tab completes after /)'));
      } else if (command === 'skills') {
        const launch = await runSkillsPanel({
          input,
          write: (value) => writer.write(value),
          workspace,
          query: argument,
        });
        if (launch !== undefined) await invokeSkill(launch);
      } else if (command === 'model') {
        if (argument === '') say(`Model: ${workspace.model.label}`);
        else {
          try {
            const model = await workspace.useModel(argument);
            conversation.followModel();
            say(`Model: ${model.label} ${pc.dim('(from the next turn)')}`);
          } catch (error) {
            say(`${pc.red('error')} ${(error as Error).message}`);
          }
        }
      } else if (command === 'clear') {
        await conversation.close();
        approvals.reset();
        conversation = await open(undefined);
        say(pc.dim(`New conversation (session ${conversation.transcript.id}).`));
      } else if (command === 'resume') {
        if (argument === '') {
          const sessions = await agent.listSessions(location);
          if (sessions.length === 0) say(pc.dim('No saved sessions for this project.'));
          for (const session of sessions.slice(0, 20)) {
            say(
              `  ${session.id}  ${pc.dim(`${session.turns} turn${session.turns === 1 ? '' : 's'}`)}  ${session.error ?? session.preview}`,
            );
          }
        } else if ((await resolveSessionId(argument)) === conversation.transcript.id) {
          // Reopening it would load the transcript a second time and drop active skills and approvals.
          say(pc.dim(`Session ${conversation.transcript.id} is already open; nothing to resume.`));
        } else {
          try {
            const next = await open(argument);
            await conversation.close();
            approvals.reset();
            conversation = next;
            say(pc.dim(`Resumed session ${argument} (${next.resumed?.messageCount ?? 0} messages).`));
            for (const entry of next.notices) notice(entry);
          } catch (error) {
            say(`${pc.red('error')} ${(error as Error).message}`);
          }
        }
      } else await invokeSkill(text);
    }
    return ExitCode.ok;
  } catch (error) {
    say(`${pc.red('error')} ${error instanceof Error ? error.message : String(error)}`);
    return exitCodeFor(error);
  } finally {
    input.close();
    await subagents?.close().catch(() => undefined);
    await conversation?.close().catch(() => undefined);
    await workspace?.close().catch(() => undefined);
  }
}
