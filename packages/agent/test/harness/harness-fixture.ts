import { type FakeModelServer, type FakeScript, startFakeModelServer } from '@skilldock/agent/testing';
import { defineSkill } from '@skilldock/core/format';
import {
  type AgentFunction,
  createHarness,
  type Harness,
  type HarnessOptions,
} from '../../src/harness/index.js';
import { makeWorkspaceFolders, type WorkspaceFolders } from '../workspace/workspace-folders.js';

/** A temp project and home with the fake model server behind both protocols. */
export interface HarnessFixture {
  readonly folders: WorkspaceFolders;
  readonly server: FakeModelServer;
  /** Environment that sends `anthropic:` and `openai:` selectors to the fake server. */
  readonly env: NodeJS.ProcessEnv;
  /** A harness in the fixture's project, home and environment; closed with the fixture. */
  harness(agent: AgentFunction, options?: Partial<HarnessOptions>): Harness;
  close(): Promise<void>;
}

export async function startHarnessFixture(script: FakeScript): Promise<HarnessFixture> {
  const folders = await makeWorkspaceFolders();
  const server = await startFakeModelServer({ script });
  const harnesses: Harness[] = [];
  const env = {
    SKILLDOCK_MODEL: 'openai:test-model',
    OPENAI_API_KEY: 'test-key-openai',
    OPENAI_BASE_URL: server.openaiBaseUrl,
    ANTHROPIC_API_KEY: 'test-key-anthropic',
    ANTHROPIC_BASE_URL: server.anthropicBaseUrl,
  };
  return {
    folders,
    server,
    env,
    harness(agent, options = {}) {
      const harness = createHarness(agent, {
        workspace: folders.project,
        home: folders.home,
        env,
        onWarning: () => undefined,
        ...options,
      });
      harnesses.push(harness);
      return harness;
    },
    async close() {
      for (const harness of harnesses.splice(0)) await harness.close();
      await server.close();
      await folders.cleanup();
    },
  };
}

/** A request body as the Anthropic protocol sends it. */
export interface AnthropicBody {
  readonly model: string;
  readonly system: unknown;
  readonly tools: readonly { readonly name: string }[];
  readonly messages: readonly unknown[];
}

export const anthropicBody = (fixture: HarnessFixture, index: number): AnthropicBody =>
  fixture.server.requests[index]!.body as AnthropicBody;

/** The cached prefix of a request: its system prompt and tool declarations, as sent. */
export const prefixOf = (body: AnthropicBody): string => JSON.stringify([body.system, body.tools]);

export const refunds = defineSkill({
  name: 'refunds',
  description: 'Handle customer refund requests end to end. Use when a customer asks for a refund.',
  instructions: '1. Confirm the order id.\n2. Read POLICY.md.\n',
  files: { 'POLICY.md': 'Refunds within 30 days.\n' },
});

export const escalation = defineSkill({
  name: 'escalation',
  description: 'Escalate unresolved cases to a human specialist. Use when the customer asks for a human.',
  instructions: 'Summarise the case so far, tag it with the reason and hand it over with escalate_case.',
});
