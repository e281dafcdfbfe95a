import type { Conversation } from '@skilldock/agent/conversation';
import type { AgentWorkspace, WorkspaceNotice } from '@skilldock/agent/workspace';
import type { LineWriter } from '../agent/line-writer.js';
import type { AgentModule } from '../agent/load-agent.js';
import type { ChatApprovals } from './chat-approvals.js';
import type { ChatInput } from './chat-input.js';

/**
 * What a slash command works with: the chat's workspace, its current conversation and its terminal.
 * One per `skilldock chat`, made by {@link runChat}; handlers change the conversation through it.
 */
export interface ChatContext {
  readonly agent: AgentModule;
  readonly workspace: AgentWorkspace;
  readonly input: ChatInput;
  readonly writer: LineWriter;
  readonly approvals: ChatApprovals;
  /** The chat's environment (`$EDITOR` for `/agents manage`, …). */
  readonly env: NodeJS.ProcessEnv;
  /** The chat's own commands, in help order (for `/help`). */
  readonly commands: readonly SlashCommand[];
  /** The open conversation; a handler that replaces it closes the old one first or after. */
  conversation: Conversation;
  /** Prints a line (ending the streamed one first). */
  say(text: string): void;
  /** Prints a workspace or conversation notice. */
  notice(entry: WorkspaceNotice): void;
  /** Opens a conversation in the workspace: a new one, or `resume` (an id or `latest`). */
  open(resume: string | undefined): Promise<Conversation>;
  /** Sends a prompt as the user's turn and renders the answer; Ctrl-C cancels it. */
  send(prompt: string): Promise<void>;
  /** Runs work that Ctrl-C cancels as it cancels a turn (`/learn`): `signal` aborts on Ctrl-C. */
  cancellable<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Runs `/<skill-id> [arguments]` (SPEC R9): the skill's instructions become the prompt. */
  invokeSkill(commandLine: string): Promise<void>;
}

/** `quit` ends the chat; anything else reads the next line. */
export type SlashCommandOutcome = 'quit' | undefined;

/**
 * One of the chat's slash commands. Adding one is a module exporting this shape and one entry in
 * `SLASH_COMMANDS` (`slash-commands.ts`); help and Tab completion follow from the entry.
 */
export interface SlashCommand {
  /** What follows the `/`, without arguments. */
  readonly name: string;
  /** Other names that run it (not completed, not listed). */
  readonly aliases?: readonly string[];
  /** How `/help` shows it, with its arguments. */
  readonly usage: string;
  /** What `/help` says it does. */
  readonly help: string;
  /** Runs it; `argument` is the rest of the line after the name (may be empty). */
  run(chat: ChatContext, argument: string): Promise<SlashCommandOutcome>;
}
