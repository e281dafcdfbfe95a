import type { ConversationMessage } from '../model/conversation.js';
import { SessionTranscript } from '../session/session-transcript.js';
import { toTranscriptMessage } from '../session/transcript-messages.js';

/** Where a session's subagents keep their transcripts (SPEC A5: revival after the runtime is gone). */
export interface TaskTranscriptFolder {
  /** `<sessions>/<session-id>.agents`, private like the session's own transcript. */
  readonly folder: string;
  readonly projectRoot: string;
}

/** One task's open transcript: its file, the message sink, and closing. */
export interface TaskTranscript {
  readonly file: string;
  append(message: ConversationMessage): Promise<void>;
  close(): Promise<void>;
}

/**
 * Opens a new JSONL transcript for a subagent task in `folder` (the session transcript format,
 * SPEC G5), so `send_message` can revive the task from it when its runtime is gone.
 */
export async function openTaskTranscript(
  { folder, projectRoot }: TaskTranscriptFolder,
  model: string,
): Promise<TaskTranscript> {
  const transcript = await SessionTranscript.create({ projectRoot, model, folder });
  return {
    file: transcript.file,
    append: (message) => transcript.appendMessage(toTranscriptMessage(message)),
    close: () => transcript.close(),
  };
}
