/** One structured log line's fields: plain JSON values, never a request body, password or token. */
export type LogFields = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** Structured JSON logs, one object per line (`{ time, level, event, …fields }`). */
export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

/**
 * `write` for lines, called once per turn of the event loop with every line of that turn joined:
 * a server logs a line per request, and one write each (synchronous, on a pipe) is a system call
 * per request on the request path. The lines are written from `setImmediate`, and at the latest
 * when the process exits.
 * @example const logger = createJsonLogger(batchLines((text) => process.stderr.write(text)));
 */
export function batchLines(write: (text: string) => void): (line: string) => void {
  let pending: string[] = [];
  const flush = () => {
    process.off('exit', flush);
    const text = pending.join('');
    pending = [];
    if (text !== '') write(text);
  };
  return (line) => {
    if (pending.length === 0) {
      setImmediate(flush);
      process.once('exit', flush);
    }
    pending.push(line);
  };
}

/**
 * A logger that writes one JSON object per line to `write` (the process's stderr, a turn of the
 * event loop at a time, by default: see {@link batchLines}).
 * @example const logger = createJsonLogger((line) => lines.push(line));
 */
export function createJsonLogger(
  write: (line: string) => void = batchLines((text) => process.stderr.write(text)),
): Logger {
  const log =
    (level: 'info' | 'warn' | 'error') =>
    (event: string, fields: LogFields = {}) => {
      write(`${JSON.stringify({ time: new Date().toISOString(), level, event, ...fields })}\n`);
    };
  return { info: log('info'), warn: log('warn'), error: log('error') };
}

/** A logger that drops everything (embedding programs that log elsewhere). */
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };
