/** One structured log line's fields: plain JSON values, never a request body, password or token. */
export type LogFields = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** Structured JSON logs, one object per line (`{ time, level, event, …fields }`). */
export interface Logger {
  info(event: string, fields?: LogFields): void;
  warn(event: string, fields?: LogFields): void;
  error(event: string, fields?: LogFields): void;
}

/**
 * A logger that writes one JSON object per line to `write` (the process's stderr by default).
 * @example const logger = createJsonLogger((line) => lines.push(line));
 */
export function createJsonLogger(
  write: (line: string) => void = (line) => process.stderr.write(line),
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
