import { type Completer, createInterface, type Interface } from 'node:readline';

/** Options of {@link ChatInput}. */
export interface ChatInputOptions {
  /** The terminal's input and output (the invocation's stdin and stdout). */
  readonly stdin: NodeJS.ReadableStream;
  readonly stdout: NodeJS.WritableStream;
  /** Renders a question for the terminal (escaping, colours): `Output.render`. */
  readonly render: (text: string) => string;
  /** Tab completion (node:readline's completer). */
  readonly completer?: Completer;
  /** Called on Ctrl-C, whether or not a question is open. */
  readonly onInterrupt?: (lineWasEmpty: boolean) => void;
}

/**
 * The terminal input of `skilldock chat`: one node:readline interface for the whole session (prompt,
 * approval questions, panels), so history, completion and Ctrl-C handling stay in one place.
 * Questions resolve `undefined` when the input ends (Ctrl-D) or their signal aborts.
 */
export class ChatInput {
  readonly #readline: Interface;
  #closed = false;
  /** Lines typed while nothing was asked (during a turn): the next prompt takes them. */
  readonly #typedAhead: string[] = [];
  readonly #onClose = new Set<() => void>();
  readonly #stdout: NodeJS.WritableStream;
  readonly #stdin: NodeJS.ReadableStream;
  readonly #render: (text: string) => string;

  constructor({ stdin, stdout, render, completer, onInterrupt }: ChatInputOptions) {
    this.#stdout = stdout;
    this.#stdin = stdin;
    this.#render = render;
    this.#readline = createInterface({
      input: stdin,
      output: stdout,
      terminal: true,
      historySize: 500,
      ...(completer === undefined ? {} : { completer }),
    });
    this.#readline.on('SIGINT', () => {
      const empty = this.#readline.line === '';
      // Ctrl-C on a typed line clears it, as shells do.
      if (!empty) this.#readline.write(null, { ctrl: true, name: 'u' });
      onInterrupt?.(empty);
    });
    this.#readline.on('line', (line) => this.#typedAhead.push(line));
    this.#readline.on('close', () => {
      this.#closed = true;
      for (const listener of this.#onClose) listener();
      this.#onClose.clear();
    });
  }

  /** True once the input has ended (Ctrl-D, `close`). */
  get closed(): boolean {
    return this.#closed;
  }

  /**
   * Shows `query` and waits for a line. With `typeAhead` (default true), a line typed before the
   * question appeared answers it at once; approvals pass false, so nothing typed earlier approves.
   */
  ask(
    query: string,
    { signal, typeAhead = true }: { signal?: AbortSignal; typeAhead?: boolean } = {},
  ): Promise<string | undefined> {
    if (signal?.aborted) return Promise.resolve(undefined);
    if (typeAhead && this.#typedAhead.length > 0) return Promise.resolve(this.#typedAhead.shift());
    if (this.#closed) return Promise.resolve(undefined);
    return new Promise((resolve) => {
      const finish = (answer: string | undefined) => {
        this.#onClose.delete(onClose);
        signal?.removeEventListener('abort', onAbort);
        resolve(answer);
      };
      const onClose = () => finish(undefined);
      const onAbort = () => {
        this.#stdout.write('\n');
        finish(undefined);
      };
      this.#onClose.add(onClose);
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#readline.question(this.#render(query), signal === undefined ? {} : { signal }, (answer) =>
        finish(answer),
      );
    });
  }

  /**
   * Hands the terminal to `work` (an editor) and takes it back after: input is paused and raw mode
   * is off meanwhile, so the two never read the same keys.
   */
  async suspend<T>(work: () => Promise<T>): Promise<T> {
    const input = this.#stdin as NodeJS.ReadStream;
    const raw = input.isTTY === true && input.isRaw;
    // Node 24's readline throws ERR_USE_AFTER_CLOSE from pause() and resume() once the input has
    // ended (Node 20 and 22 ignore them): an input that ended (Ctrl-D, a piped stdin) is not paused.
    if (!this.#closed) this.#readline.pause();
    if (raw) input.setRawMode(false);
    try {
      return await work();
    } finally {
      if (raw) input.setRawMode(true);
      if (!this.#closed) this.#readline.resume();
    }
  }

  /** Ends the input; pending questions resolve `undefined`. */
  close(): void {
    if (!this.#closed) this.#readline.close();
  }
}
