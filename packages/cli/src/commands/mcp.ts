import type { CatalogSnapshot } from '@skilldock/core/catalog';
import type { Diagnostic } from '@skilldock/core/format';
import { type Command, InvalidArgumentError } from 'commander';
import { createCliContext } from '../cli-context.js';
import type { CliEnvironment } from '../cli-environment.js';
import { ExitCode } from '../exit-codes.js';
import { diagnosticLocation, type Output } from '../output.js';

interface McpOptions {
  cwd?: string;
  http?: number;
  host: string;
  allowRemote?: boolean;
  trust?: boolean;
}

/**
 * `skilldock mcp` — the skills as an MCP server (SPEC I3, issue 16 §3) over stdio, or over
 * streamable HTTP on loopback with `--http PORT`. In stdio mode stdout is the protocol: every
 * notice goes to stderr, escaped (SPEC SEC5). Runs until the client closes stdin, or SIGINT/SIGTERM.
 */
export function registerMcp(
  program: Command,
  output: Output,
  setExitCode: (code: number) => void,
  environment: CliEnvironment,
): void {
  program
    .command('mcp')
    .description('Serve the skills to any MCP client (stdio, or streamable HTTP with --http)')
    .option('--cwd <dir>', 'serve the skills of this folder instead of the current one')
    .option('--http <port>', 'serve streamable HTTP on this port instead of stdio', portNumber)
    .option(
      '--host <address>',
      'address to bind with --http (loopback only unless --allow-remote)',
      '127.0.0.1',
    )
    .option('--allow-remote', 'let --host be a non-loopback address (there is no authentication)')
    .option(
      '--trust',
      'trust this workspace for this process only, serving its project skills (also: SKILLDOCK_TRUST=1)',
    )
    .action(async (options: McpOptions) => {
      setExitCode(await serveMcp(options, output, environment));
    });
}

async function serveMcp(options: McpOptions, output: Output, environment: CliEnvironment): Promise<number> {
  const context = await createCliContext(environment, options.cwd === undefined ? {} : { cwd: options.cwd });
  // Only the MCP server's stage: no model SDK, no loop.
  const { createSkillsMcpServer, serveSkillsOverHttp, serveSkillsOverStdio } = await import(
    '@skilldock/agent/mcp-server'
  );
  const log = (text: string) => output.error(`skilldock mcp: ${text}`);
  const reported = new Set<string>();
  const reportProblems = (snapshot: CatalogSnapshot) => {
    for (const diagnostic of snapshot.diagnostics) {
      const line = describeProblem(diagnostic);
      if (diagnostic.severity !== 'error' || reported.has(line)) continue;
      reported.add(line);
      log(line);
    }
  };
  const server = await createSkillsMcpServer({
    roots: {
      cwd: context.cwd,
      home: context.homeDirectory,
      env: context.env,
      ...(options.trust === true ? { trust: true } : {}),
    },
    onCatalog: (snapshot) => {
      log(`skills changed: ${snapshot.skills.length} available`);
      reportProblems(snapshot);
    },
  });
  try {
    for (const notice of server.notices) log(notice.message);
    reportProblems(server.catalog);
    if (options.http !== undefined) {
      const endpoint = await serveSkillsOverHttp(server, {
        port: options.http,
        host: options.host,
        ...(options.allowRemote === true ? { allowRemote: true } : {}),
        onRefused: (message) => log(`refused a request: ${message}`),
      });
      if (options.allowRemote === true)
        log('--allow-remote: anyone who reaches this address can read the skills.');
      log(`serving ${server.catalog.skills.length} skills at ${endpoint.url}`);
      try {
        await untilStopped();
      } finally {
        await endpoint.close();
      }
    } else {
      const stdio = await serveSkillsOverStdio(server, {
        stdin: environment.stdin,
        stdout: environment.stdout,
        onError: (error) => log(`protocol error: ${error.message}`),
      });
      log(`serving ${server.catalog.skills.length} skills on stdio`);
      try {
        await untilStopped(stdio.closed);
      } finally {
        await stdio.close();
      }
    }
    return ExitCode.ok;
  } finally {
    await server.close();
  }
}

/**
 * Resolves on SIGINT or SIGTERM, or when `other` settles first; the signal listeners are removed
 * either way (the CLI also runs in process, where a listener left behind would outlive the command).
 */
async function untilStopped(other?: Promise<void>): Promise<void> {
  let stop: () => void = () => undefined;
  const stopped = new Promise<void>((resolve) => {
    stop = resolve;
  });
  // `on`, not `once`: a listener removed while the signal is handled would leave signal-exit's (added
  // by proper-lockfile) alone, and it re-raises the signal. `finally` removes them after the stop.
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    await Promise.race(other === undefined ? [stopped] : [stopped, other]);
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
}

function describeProblem(diagnostic: Diagnostic): string {
  const where = diagnosticLocation(diagnostic);
  return `${where === '' ? '' : `${where}: `}${diagnostic.message} (${diagnostic.code})`;
}

function portNumber(value: string): number {
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new InvalidArgumentError('expected a port number from 0 to 65535');
  }
  return port;
}
