import { chmod, type FileHandle, mkdir, open, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { UserInputError } from '@skilldock/core/errors';
import { loadSession } from './load-session.js';
import { type LoadedTranscript, readTranscript } from './read-transcript.js';
import {
  createSessionId,
  realProjectRoot,
  type SessionLocation,
  sessionsFolder,
  transcriptFileIn,
} from './session-location.js';
import {
  TRANSCRIPT_VERSION,
  type TranscriptEntry,
  type TranscriptEventRecord,
  type TranscriptHeader,
  type TranscriptMessage,
  type TranscriptUsageRecord,
} from './transcript-record.js';

/** Options of {@link SessionTranscript.create}. */
export interface CreateSessionOptions extends SessionLocation {
  /** The model the session starts with, as the user named it. */
  readonly model: string;
  /** Clock for ids and timestamps; default the system clock. */
  readonly now?: () => Date;
  /**
   * The folder to write in instead of the project's sessions folder: a subagent's transcript
   * goes beside its session's (`<session-id>.agents/`), out of `listSessions`.
   */
  readonly folder?: string;
}

/** Options of {@link SessionTranscript.resume}. */
export interface ResumeSessionOptions extends SessionLocation {
  /** A session id, or `'latest'` for the most recently updated one. */
  readonly id: string | 'latest';
  readonly now?: () => Date;
}

/** A line to append; `at` defaults to the transcript clock. */
export type TranscriptEntryInput =
  | { readonly type: 'message'; readonly message: TranscriptMessage; readonly at?: string }
  | (Omit<TranscriptUsageRecord, 'at'> & { readonly at?: string })
  | (Omit<TranscriptEventRecord, 'at'> & { readonly at?: string });

/**
 * An open session transcript (SPEC G5): `~/.skilldock/sessions/<project-hash>/<id>.jsonl`, one
 * JSON object per line — a header, then messages and events. Every append is handed to the
 * operating system before its promise resolves, so a crash loses at most the line being written
 * (and readers skip such an unfinished line). Files are `0600`, folders `0700`: transcripts can
 * hold secrets users typed.
 * @example
 * const transcript = await SessionTranscript.create({ projectRoot: cwd, model: 'openai:gpt-5' });
 * await transcript.appendMessage({ role: 'user', text: 'hello', origin: 'prompt' });
 * await transcript.close();
 */
export class SessionTranscript {
  readonly id: string;
  readonly file: string;
  readonly header: TranscriptHeader;
  readonly #handle: FileHandle;
  readonly #now: () => Date;
  #queue: Promise<void> = Promise.resolve();
  #closed = false;

  private constructor(header: TranscriptHeader, file: string, handle: FileHandle, now: () => Date) {
    this.id = header.id;
    this.header = header;
    this.file = file;
    this.#handle = handle;
    this.#now = now;
  }

  /** Starts a new transcript and writes its header. */
  static async create({
    home,
    projectRoot,
    model,
    now = () => new Date(),
    folder: given,
  }: CreateSessionOptions): Promise<SessionTranscript> {
    const folder =
      given === undefined
        ? await ensureSessionsFolder({ ...(home === undefined ? {} : { home }), projectRoot })
        : await ensurePrivateFolder(given);
    const realRoot = await realProjectRoot(projectRoot);
    for (;;) {
      const createdAt = now();
      const id = createSessionId(createdAt);
      const file = transcriptFileIn(folder, id);
      let handle: FileHandle;
      try {
        handle = await open(file, 'ax', 0o600);
      } catch (error) {
        // Two sessions in the same second drew the same random suffix: draw again.
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw error;
      }
      const header: TranscriptHeader = {
        type: 'session',
        id,
        projectRoot: realRoot,
        createdAt: createdAt.toISOString(),
        model,
        version: TRANSCRIPT_VERSION,
      };
      const transcript = new SessionTranscript(header, file, handle, now);
      await transcript.#write(header);
      return transcript;
    }
  }

  /**
   * Opens a saved transcript to continue it: returns what it holds so far, and a transcript that
   * appends after it. An unfinished last line from a crash is cut off first.
   */
  static async resume({
    home,
    projectRoot,
    id,
    now = () => new Date(),
  }: ResumeSessionOptions): Promise<{ transcript: SessionTranscript; loaded: LoadedTranscript }> {
    const loaded = await loadSession({ ...(home === undefined ? {} : { home }), projectRoot }, id);
    return SessionTranscript.#continue(loaded, now);
  }

  /**
   * Opens a transcript file named by path to go on appending to it (a subagent task's, revived
   * in a later process): read and checked like {@link SessionTranscript.resume}.
   */
  static async continueFile(
    file: string,
    now: () => Date = () => new Date(),
  ): Promise<{ transcript: SessionTranscript; loaded: LoadedTranscript }> {
    return SessionTranscript.#continue(await readTranscript(file), now);
  }

  static async #continue(
    loaded: LoadedTranscript,
    now: () => Date,
  ): Promise<{ transcript: SessionTranscript; loaded: LoadedTranscript }> {
    const file = loaded.file;
    if (loaded.truncatedLastLine) await truncate(file, loaded.completeBytes);
    const handle = await open(file, 'a', 0o600);
    const transcript = new SessionTranscript(loaded.header, file, handle, now);
    const { size } = await handle.stat();
    if (size > 0) {
      const last = Buffer.alloc(1);
      const readable = await open(file, 'r');
      try {
        await readable.read(last, 0, 1, size - 1);
      } finally {
        await readable.close();
      }
      // A complete last line written without its newline (by another tool): end it first.
      if (last[0] !== 0x0a) await transcript.#enqueue(() => handle.write('\n').then(() => undefined));
    }
    return { transcript, loaded };
  }

  /** Appends one line. Resolves once the operating system has it. */
  append(entry: TranscriptEntryInput): Promise<void> {
    return this.#write({ ...entry, at: entry.at ?? this.#now().toISOString() } as TranscriptEntry);
  }

  /** Appends a conversation message. */
  appendMessage(message: TranscriptMessage): Promise<void> {
    return this.append({ type: 'message', message });
  }

  /** Appends the token usage of one model request. */
  appendUsage(usage: {
    inputTokens: number;
    outputTokens: number;
    cachedInputTokens?: number;
  }): Promise<void> {
    return this.append({ type: 'usage', ...usage });
  }

  /** Appends a named event with optional data. */
  appendEvent(name: string, data?: unknown): Promise<void> {
    return this.append({ type: 'event', name, ...(data === undefined ? {} : { data }) });
  }

  /** Waits for pending appends, syncs the file to disk and closes it. Idempotent. */
  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    await this.#queue.catch(() => undefined);
    await this.#handle.datasync().catch(() => undefined);
    await this.#handle.close();
  }

  #write(record: TranscriptHeader | TranscriptEntry): Promise<void> {
    if (this.#closed) {
      return Promise.reject(
        new UserInputError('session_closed', `the session ${this.id} is closed; resume it to append`),
      );
    }
    // One write per line, in order: lines never interleave and each is whole or missing.
    const line = `${JSON.stringify(record)}\n`;
    return this.#enqueue(() => this.#handle.write(line).then(() => undefined));
  }

  #enqueue(task: () => Promise<void>): Promise<void> {
    const next = this.#queue.then(task);
    this.#queue = next.catch(() => undefined);
    return next;
  }
}

async function ensurePrivateFolder(folder: string): Promise<string> {
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);
  return folder;
}

async function ensureSessionsFolder(location: SessionLocation): Promise<string> {
  const folder = await sessionsFolder(location);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  // mkdir's mode applies only to folders it creates (and the umask narrows it): set both levels.
  await chmod(join(folder, '..'), 0o700);
  await chmod(folder, 0o700);
  return folder;
}
