import type { ApprovalCallback } from '@skilldock/agent/loop';
import { AlwaysAllowRules, alwaysAllowable } from '@skilldock/agent/policy';
import type { UserAnswer, UserQuestion } from '@skilldock/agent/tools';
import { describeToolCall } from '../agent/describe-tool-call.js';
import type { LineWriter } from '../agent/line-writer.js';
import { pc } from '../terminal-style.js';
import type { ChatInput } from './chat-input.js';

const WHAT_KIND_DOES = {
  read: 'read files',
  edit: 'change files',
  execute: 'run a command',
  interact: 'talk to you',
} as const;

/** The chat's answers to the loop's questions: tool approvals (SPEC G3) and `ask_user_question`. */
export interface ChatApprovals {
  readonly askApproval: ApprovalCallback;
  readonly askUser: (question: UserQuestion) => Promise<UserAnswer>;
  /** Forgets "allow always" answers (a new conversation). */
  reset(): void;
}

/**
 * Approval prompts on the chat's input: allow once, allow this tool for the rest of the
 * conversation, or deny. `signal()` gives the running turn's signal, so Ctrl-C during a question
 * cancels the turn instead of answering it.
 */
export function createChatApprovals({
  input,
  writer,
  signal,
}: {
  input: ChatInput;
  writer: LineWriter;
  signal: () => AbortSignal | undefined;
}): ChatApprovals {
  const alwaysAllowed = new AlwaysAllowRules();
  return {
    async askApproval(request) {
      // A file that configures the agent or another tool is asked about every time, whatever was
      // allowed before (SEC2, SEC6): the rules say which calls they may cover, as on the platform.
      const configures = request.agentConfig ?? [];
      if (alwaysAllowed.covers(request)) return 'allow';
      writer.endLine();
      const call = {
        id: request.toolCallId,
        name: request.toolName,
        arguments: JSON.stringify(request.input),
      };
      if (configures.length > 0) {
        writer.write(
          `${pc.red('!')} ${pc.bold(describeToolCall(call))} wants to change a file that configures the agent or another tool:\n`,
        );
        for (const write of configures) writer.write(`    ${pc.bold(write.path)} — ${write.configures}\n`);
        writer.write(
          '  Such a change can start commands in later sessions. Approve only if you asked for it.\n',
        );
      } else {
        writer.write(
          `${pc.yellow('?')} ${pc.bold(describeToolCall(call))} wants to ${WHAT_KIND_DOES[request.kind]}.\n`,
        );
      }
      const always = alwaysAllowable(request) ? ` · ${pc.bold('a')} always for ${request.toolName}` : '';
      for (;;) {
        const current = signal();
        const answer = await input.ask(`  Allow? ${pc.bold('y')} once${always} · ${pc.bold('n')} deny › `, {
          typeAhead: false,
          ...(current === undefined ? {} : { signal: current }),
        });
        if (answer === undefined) return 'deny';
        const choice = answer.trim().toLowerCase();
        if (choice === 'y' || choice === 'yes') return 'allow';
        if ((choice === 'a' || choice === 'always') && alwaysAllowed.remember(request)) return 'allow';
        if (choice === 'n' || choice === 'no' || choice === '') return 'deny';
      }
    },
    async askUser(question) {
      writer.endLine();
      writer.write(`${pc.yellow('?')} ${question.question}\n`);
      for (const [index, option] of (question.options ?? []).entries())
        writer.write(`  ${index + 1}. ${option}\n`);
      const current = signal();
      const answer = (
        await input.ask('  answer › ', {
          typeAhead: false,
          ...(current === undefined ? {} : { signal: current }),
        })
      )?.trim();
      if (answer === undefined) return undefined;
      const option = /^\d+$/.test(answer) ? question.options?.[Number(answer) - 1] : undefined;
      return option ?? answer;
    },
    reset() {
      alwaysAllowed.clear();
    },
  };
}
