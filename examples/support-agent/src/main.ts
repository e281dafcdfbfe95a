import { createInterface } from 'node:readline/promises';
import { pathToFileURL } from 'node:url';
import type { ApprovalRequest } from '@skilldock/agent';
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

/** `node dist/main.js "<prompt>" ["<next prompt>" …]`: one conversation, one turn per argument. */
async function main(prompts: readonly string[]): Promise<void> {
  const harness = createSupportHarness({ askApproval: askOnTerminal });
  try {
    for (const prompt of prompts) {
      for await (const event of harness.stream(prompt)) {
        if (event.type === 'text-delta') process.stdout.write(event.text);
        if (event.type === 'signal-append') process.stderr.write(`\n[${event.signals.join(' | ')}]\n`);
        if (event.type === 'harness-warning') process.stderr.write(`warning: ${event.warning.message}\n`);
      }
      process.stdout.write('\n');
    }
    process.stderr.write(`Session ${harness.sessionId} (continue it with resume).\n`);
  } finally {
    await harness.close();
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const prompts = process.argv.slice(2);
  if (prompts.length === 0) {
    process.stderr.write('usage: node dist/main.js "<prompt>" ["<next prompt>" …]\n');
    process.exitCode = 2;
  } else {
    await main(prompts);
  }
}
