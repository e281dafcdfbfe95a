import { batchLines, type LogFields, type Logger } from './logger.js';

/** A value as `key=value` shows it: bare when it is one harmless word, else JSON-quoted (no line breaks). */
function shown(value: string | number | boolean | null): string {
  const text = String(value);
  return typeof value === 'string' && !/^[\w.:/@+-]+$/.test(value) ? JSON.stringify(value) : text;
}

/**
 * A logger for people at a terminal (`skilldock serve --log-format pretty`): one line per entry,
 * `HH:MM:SS.mmm LEVEL event key=value …`, the same entries and fields as {@link createJsonLogger}
 * (undefined fields left out). Hand-written rather than pino-pretty: the logger is not pino, and
 * the format is ten lines. Strings are JSON-quoted when they hold anything but plain word
 * characters, so a hostile value cannot forge a line.
 * @example const logger = createPrettyLogger((line) => process.stderr.write(line));
 */
export function createPrettyLogger(
  write: (line: string) => void = batchLines((text) => process.stderr.write(text)),
): Logger {
  const log =
    (level: 'info' | 'warn' | 'error') =>
    (event: string, fields: LogFields = {}) => {
      const pairs = Object.entries(fields)
        .filter((entry): entry is [string, string | number | boolean | null] => entry[1] !== undefined)
        .map(([key, value]) => `${key}=${shown(value)}`);
      const time = new Date().toISOString().slice(11, 23);
      write(`${[time, level.toUpperCase().padEnd(5), shown(event), ...pairs].join(' ')}\n`);
    };
  return { info: log('info'), warn: log('warn'), error: log('error') };
}
