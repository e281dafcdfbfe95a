import { type Failure, failure } from '@skilldock/core/errors';

/** Most bytes a prompt piped into `skilldock run` may have: far above any prompt, far below memory trouble. */
export const MAX_STDIN_PROMPT_BYTES = 4 * 1024 * 1024;

/** What was piped in, or how big it was when it went past the limit (reading stops there). */
export type StdinPrompt =
  | { readonly ok: true; readonly text: string }
  | Failure<'prompt_too_large', { readonly bytesRead: number }>;

/** Reads `stdin` as text (a prompt piped into `skilldock run`), refusing more than `maxBytes`. */
export async function readStdin(
  stdin: NodeJS.ReadableStream,
  maxBytes = MAX_STDIN_PROMPT_BYTES,
): Promise<StdinPrompt> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stdin) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    total += bytes.length;
    if (total > maxBytes) {
      (stdin as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
      return failure(
        'prompt_too_large',
        `The prompt on stdin is over ${maxBytes / 1024 / 1024} MiB; put the material in a file in the project and ask the agent to read it.`,
        { bytesRead: total },
      );
    }
    chunks.push(bytes);
  }
  return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
}
