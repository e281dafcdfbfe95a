import type { Readable, Writable } from 'node:stream';
import { loadOnce } from '../load-once.js';
import type { SkillsMcpServer } from './create-skills-mcp-server.js';

/** Options of {@link serveSkillsOverStdio}. */
export interface ServeSkillsOverStdioOptions {
  /** Where the client's messages arrive. Default `process.stdin`. */
  readonly stdin?: NodeJS.ReadableStream;
  /** Where the protocol goes, and nothing else. Default `process.stdout`. */
  readonly stdout?: NodeJS.WritableStream;
  /** A message that could not be read or sent (malformed JSON-RPC, a closed pipe). */
  readonly onError?: (error: Error) => void;
}

/** One client served over stdio. */
export interface SkillsStdioSession {
  /** Settles when the client is gone: stdin ended or the transport closed. */
  readonly closed: Promise<void>;
  /** Ends the session now. */
  close(): Promise<void>;
}

const loadTransport = loadOnce(
  async () => (await import('@modelcontextprotocol/sdk/server/stdio.js')).StdioServerTransport,
);

/**
 * Serves one MCP client over stdio (newline-delimited JSON-RPC, SPEC I3): `skilldock mcp`. The
 * session ends when stdin ends, so a client that exits takes the server's session with it.
 * @example
 * const stdio = await serveSkillsOverStdio(server, { onError: (error) => console.error(error.message) });
 * await stdio.closed;
 */
export async function serveSkillsOverStdio(
  server: SkillsMcpServer,
  { stdin = process.stdin, stdout = process.stdout, onError }: ServeSkillsOverStdioOptions = {},
): Promise<SkillsStdioSession> {
  const Transport = await loadTransport();
  const transport = new Transport(stdin as Readable, stdout as Writable);
  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    resolveClosed = resolve;
  });
  if (onError !== undefined) transport.onerror = onError;
  const connection = await server.connect(transport);
  const previous = transport.onclose;
  const ended = () => resolveClosed();
  transport.onclose = () => {
    previous?.();
    resolveClosed();
  };
  stdin.once('end', ended);
  stdin.once('close', ended);
  closed.then(() => {
    stdin.off('end', ended);
    stdin.off('close', ended);
  });
  return {
    closed,
    async close() {
      await connection.close();
      resolveClosed();
    },
  };
}
