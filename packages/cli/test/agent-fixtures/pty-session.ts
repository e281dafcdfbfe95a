import { PassThrough, Writable } from 'node:stream';
import { type IPty, spawn } from 'node-pty';
import { runCli } from '../../src/program.js';
import { BIN } from '../run-cli.js';

// CSI/OSC sequences and other escapes, so tests match what a person reads.
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

/** Strips ANSI escape codes (colours, cursor moves). */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/** `skilldock chat` on a terminal: what it printed, and keys typed into it. */
export interface ChatSession {
  /** Everything printed so far, ANSI codes stripped, `\r` removed. */
  screen(): string;
  /** Everything printed so far, exactly as the terminal received it (escape codes included). */
  raw(): string;
  /** Printed since `mark()` (or the start). */
  sinceMark(): string;
  /** Remembers the current end of the output, so later waits look only at what follows. */
  mark(): void;
  /** Types text (no newline). */
  type(text: string): void;
  /** Types a line and presses Enter. */
  line(text: string): void;
  /** Waits until the output since the mark contains `text` or matches it. */
  waitFor(text: string | RegExp, timeoutMs?: number): Promise<void>;
  readonly exited: Promise<number>;
  kill(): void;
}

/** `skilldock chat` in a real pseudo-terminal. */
export interface PtySession extends ChatSession {
  readonly pty: IPty;
}

/** Spawns `node bin/skilldock.js chat …` in a pseudo-terminal of 120×40. */
export function startChat(
  args: readonly string[],
  { cwd, home, env = {} }: { cwd: string; home: string; env?: Record<string, string> },
): PtySession {
  const pty = spawn(process.execPath, [BIN, 'chat', ...args], {
    name: 'xterm-256color',
    cols: 120,
    rows: 40,
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: home, TERM: 'xterm-256color', NO_COLOR: '1', ...env },
  });
  const screen = watchScreen();
  pty.onData((data) => screen.append(data));
  const exited = new Promise<number>((resolve) => pty.onExit(({ exitCode }) => resolve(exitCode)));
  return {
    ...screen.session,
    pty,
    type: (text) => pty.write(text),
    line: (text) => pty.write(`${text}\r`),
    exited,
    kill: () => {
      try {
        pty.kill();
      } catch {
        // Already gone.
      }
    },
  };
}

/**
 * `skilldock chat` in this process (`runCli` with a terminal's streams: stdin and stdout say they
 * are a 120×40 TTY, stderr goes to the same screen), for what a chat does rather than how a real
 * terminal carries it: no Node start-up per session. Keys go through node:readline as in a
 * terminal (Enter is `\r`, Ctrl-C `\u0003`). The pseudo-terminal smoke tests keep {@link startChat}.
 */
export function startChatInProcess(
  args: readonly string[],
  { cwd, home, env = {} }: { cwd: string; home: string; env?: Record<string, string> },
): ChatSession {
  const screen = watchScreen();
  const stdin = Object.assign(new PassThrough(), { isTTY: true });
  const terminalOutput = () =>
    Object.assign(
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          screen.append(chunk.toString('utf8'));
          done();
        },
      }),
      { isTTY: true, columns: 120, rows: 40 },
    );
  const exited = runCli({
    argv: ['chat', ...args],
    cwd,
    home,
    env: { PATH: process.env.PATH ?? '', HOME: home, TERM: 'xterm-256color', NO_COLOR: '1', ...env },
    stdin,
    stdout: terminalOutput(),
    stderr: terminalOutput(),
    isTTY: true,
  });
  return {
    ...screen.session,
    type: (text) => stdin.write(text),
    line: (text) => stdin.write(`${text}\r`),
    exited,
    kill: () => stdin.end(),
  };
}

/** Collects what a terminal shows, and the waits on it, for either kind of session. */
function watchScreen(): {
  append(data: string): void;
  session: Pick<ChatSession, 'screen' | 'raw' | 'sinceMark' | 'mark' | 'waitFor'>;
} {
  let raw = '';
  let markAt = 0;
  const waiters = new Set<() => void>();
  const sinceMark = () => stripAnsi(raw.slice(markAt)).replace(/\r/g, '');
  return {
    append: (data) => {
      raw += data;
      for (const waiter of waiters) waiter();
    },
    session: {
      screen: () => stripAnsi(raw).replace(/\r/g, ''),
      raw: () => raw,
      sinceMark,
      mark: () => {
        markAt = raw.length;
      },
      waitFor(text, timeoutMs = 20_000) {
        const matches = () =>
          typeof text === 'string' ? sinceMark().includes(text) : text.test(sinceMark());
        return new Promise<void>((resolve, reject) => {
          const check = () => {
            if (!matches()) return;
            waiters.delete(check);
            clearTimeout(timer);
            resolve();
          };
          const timer = setTimeout(() => {
            waiters.delete(check);
            reject(new Error(`timed out waiting for ${String(text)}; screen since mark:\n${sinceMark()}`));
          }, timeoutMs);
          waiters.add(check);
          check();
        });
      },
    },
  };
}
