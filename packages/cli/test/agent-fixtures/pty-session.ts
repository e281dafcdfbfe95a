import { type IPty, spawn } from 'node-pty';
import { BIN } from '../run-cli.js';

// CSI/OSC sequences and other escapes, so tests match what a person reads.
const ANSI = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

/** Strips ANSI escape codes (colours, cursor moves). */
export function stripAnsi(text: string): string {
  return text.replace(ANSI, '');
}

/** `skilldock chat` in a real pseudo-terminal. */
export interface PtySession {
  readonly pty: IPty;
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
  let raw = '';
  let markAt = 0;
  const waiters = new Set<() => void>();
  pty.onData((data) => {
    raw += data;
    for (const waiter of waiters) waiter();
  });
  const exited = new Promise<number>((resolve) => pty.onExit(({ exitCode }) => resolve(exitCode)));
  const screen = () => stripAnsi(raw).replace(/\r/g, '');
  const sinceMark = () => stripAnsi(raw.slice(markAt)).replace(/\r/g, '');
  return {
    pty,
    screen,
    raw: () => raw,
    sinceMark,
    mark: () => {
      markAt = raw.length;
    },
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
    waitFor(text, timeoutMs = 20_000) {
      const matches = () => (typeof text === 'string' ? sinceMark().includes(text) : text.test(sinceMark()));
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
  };
}
