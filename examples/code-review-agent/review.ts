/**
 * A code-review agent built on `@skilldock/agent`: the skills in `.agents/skills` tell it how this
 * team reviews, and the `security-reviewer` subagent in `.agents/agents` takes the security pass.
 *
 *   npx tsx examples/code-review-agent/review.ts "Review sample/user-store.ts"
 *
 * The model comes from the environment, as for `skilldock run`: SKILLDOCK_MODEL (e.g.
 * `anthropic:claude-sonnet-4-5` or `openai:gpt-4.1`) with ANTHROPIC_API_KEY or OPENAI_API_KEY.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openConversation } from '@skilldock/agent/conversation';
import type { AgentEvent } from '@skilldock/agent/loop';
import { BackgroundTasks, createSubagentTools } from '@skilldock/agent/subagents';
import { openWorkspace } from '@skilldock/agent/workspace';

/** This example's folder: its `.agents/skills` and `.agents/agents` make it the workspace. */
export const EXAMPLE_FOLDER = path.dirname(fileURLToPath(import.meta.url));

/** The reviewer's own instructions; the skill catalog follows them in the system prompt. */
export const REVIEWER_PROMPT = [
  'You review code changes for this team. Before reviewing, activate the code-review skill and follow it.',
  'You may read files but never change them.',
].join(' ');

/** Options of {@link reviewCode}. */
export interface ReviewCodeOptions {
  /** The workspace folder (skills, subagents, the code under review). Default: this example's folder. */
  readonly cwd?: string;
  /** Where settings and session transcripts live. Default: the user's home. */
  readonly home?: string;
  /** The model's configuration and keys. Default: `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  /** Every step of the run: text as it streams, tool calls, skill activations, subagent tasks. */
  readonly onEvent?: (event: AgentEvent) => void;
}

/** What one review produced. */
export interface CodeReview {
  readonly text: string;
  readonly status: string;
  /** The session transcript (JSONL), for `skilldock chat --resume`. */
  readonly transcript: string;
}

/**
 * Reviews what `request` asks for. The workspace is trusted for this process only (its project
 * skills and subagents are this example's own); nothing is remembered.
 */
export async function reviewCode(request: string, options: ReviewCodeOptions = {}): Promise<CodeReview> {
  const env = options.env ?? process.env;
  const workspace = await openWorkspace({
    cwd: options.cwd ?? EXAMPLE_FOLDER,
    env,
    trust: true,
    ...(options.home === undefined ? {} : { home: options.home }),
  });
  // Subagents run as tasks of this process; `security-reviewer` runs in the foreground, so its
  // answer comes back as the result of the reviewer's `agent` call.
  const tasks = new BackgroundTasks({ interactive: false });
  try {
    const conversation = await openConversation(workspace, {
      approvalModes: ['default'],
      systemPrompt: REVIEWER_PROMPT,
      extraTools: createSubagentTools({ registry: workspace.subagents, tasks, env }),
      backgroundTasks: tasks,
    });
    try {
      const { result, error } = await conversation.send(
        request,
        options.onEvent === undefined ? {} : { onEvent: options.onEvent },
      );
      if (error !== undefined) throw error;
      return { text: result.finalText, status: result.status, transcript: conversation.transcript.file };
    } finally {
      await conversation.close();
    }
  } finally {
    await tasks.close();
    await workspace.close();
  }
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const request = process.argv.slice(2).join(' ') || 'Review sample/user-store.ts.';
  const review = await reviewCode(request, {
    onEvent: (event) => {
      if (event.type === 'skill-activate') process.stderr.write(`· skill ${event.skillId}\n`);
      if (event.type === 'tool-call-start') process.stderr.write(`· ${event.toolCall.name}\n`);
    },
  });
  process.stdout.write(`${review.text}\n`);
}
