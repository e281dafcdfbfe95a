import { createInterface } from 'node:readline/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { ApprovalRequest } from '@skilldock/agent/loop';
import { createSupportHarness } from './support-agent.js';

export { createSupportHarness, escalatedCases, refundedOrders, SupportAgent } from './support-agent.js';

/** Asks on the terminal; without one (a pipe, CI) every call that needs approval is denied. */
async function askOnTerminal(request: ApprovalRequest): Promise<'allow' | 'deny'> {
  if (!process.stdin.isTTY) return 'deny';
  const terminal = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await terminal.question(
      `Allow ${request.toolName} ${JSON.stringify(request.input)}? [y/N] `,
    );
    return /^y(es)?$/i.test(answer.trim()) ? 'allow' : 'deny';
  } finally {
    terminal.close();
  }
}

/**
 * `node dist/main.js [--model <selector>] [--resume <id>|latest] "<prompt>" …`: one conversation,
 * one turn per prompt; `--model` overrides the agent's `useModel`, `--resume` continues a saved
 * conversation with its messages and its `useState` values.
 */
async function main(prompts: readonly string[], options: { model?: string; resume?: string }): Promise<void> {
  const harness = createSupportHarness({
    askApproval: askOnTerminal,
    ...(options.model === undefined ? {} : { model: options.model }),
    ...(options.resume === undefined ? {} : { resume: options.resume }),
  });
  try {
    for (const prompt of prompts) {
      for await (const event of harness.stream(prompt)) {
        if (event.type === 'text-delta') process.stdout.write(event.text);
        if (event.type === 'signal-append') process.stderr.write(`\n[${event.signals.join(' | ')}]\n`);
        if (event.type === 'harness-warning') process.stderr.write(`warning: ${event.warning.message}\n`);
      }
      process.stdout.write('\n');
    }
    process.stderr.write(`Session ${harness.sessionId} (continue it with --resume ${harness.sessionId}).\n`);
  } finally {
    await harness.close();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({
    options: { model: { type: 'string' }, resume: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length === 0) {
    process.stderr.write(
      'usage: node dist/main.js [--model <selector>] [--resume <id>|latest] "<prompt>" …\n',
    );
    process.exitCode = 2;
  } else {
    await main(positionals, values);
  }
}
