import { readdir, stat } from 'node:fs/promises';
import { compareText } from '@skilldock/core/format';
import { readTranscript } from './read-transcript.js';
import {
  SESSION_ID_PATTERN,
  type SessionLocation,
  sessionsFolder,
  transcriptFileIn,
} from './session-location.js';

/** One saved session, as a listing shows it. */
export interface SessionSummary {
  readonly id: string;
  readonly file: string;
  /** ISO 8601. */
  readonly createdAt: string;
  /** Time of the last line (ISO 8601). */
  readonly updatedAt: string;
  readonly model: string;
  /** The first user prompt, on one line, cut to about 80 characters. */
  readonly preview: string;
  /** User prompts (host signals are not turns). */
  readonly turns: number;
  /** Set when the transcript cannot be read; the other fields then come from the file. */
  readonly error?: string;
}

/**
 * The project's saved sessions, most recently updated first (SPEC G5). A transcript that cannot
 * be read is still listed, with `error` saying why.
 */
export async function listSessions(location: SessionLocation): Promise<SessionSummary[]> {
  const folder = await sessionsFolder(location);
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const ids = names.filter((name) => name.endsWith('.jsonl')).map((name) => name.slice(0, -'.jsonl'.length));
  const summaries = await Promise.all(
    ids.filter((id) => SESSION_ID_PATTERN.test(id)).map((id) => summarize(id, transcriptFileIn(folder, id))),
  );
  return summaries.sort(
    (first, second) => compareText(second.updatedAt, first.updatedAt) || compareText(second.id, first.id),
  );
}

async function summarize(id: string, file: string): Promise<SessionSummary> {
  try {
    const transcript = await readTranscript(file);
    const prompts = transcript.messages.filter(
      (message) => message.role === 'user' && message.origin !== 'signal',
    );
    const last = transcript.entries.at(-1);
    return {
      id,
      file,
      createdAt: transcript.header.createdAt,
      updatedAt: last?.at ?? transcript.header.createdAt,
      model: transcript.header.model,
      preview: previewOf(prompts[0]?.text ?? ''),
      turns: prompts.length,
    };
  } catch (error) {
    const modified = await stat(file).then(
      (info) => info.mtime.toISOString(),
      () => new Date(0).toISOString(),
    );
    return {
      id,
      file,
      createdAt: modified,
      updatedAt: modified,
      model: '',
      preview: '',
      turns: 0,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

function previewOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
