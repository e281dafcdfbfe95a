import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Harness, HarnessOptions } from '@skilldock/agent/harness';
import { AgentState, renderAgent } from '@skilldock/agent/harness';
import { type FakeModelServer, startFakeModelServer } from '@skilldock/agent/testing';
import { isBundledSkill } from '@skilldock/core/format';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exampleRoot = fileURLToPath(new URL('..', import.meta.url));

/** What the built `dist/main.js` exports. */
interface BuiltExample {
  SupportAgent(): string;
  createSupportHarness(options?: Partial<HarnessOptions>): Harness;
  refundedOrders: string[];
  escalatedCases: { summary: string; reason: string }[];
}

interface AnthropicBody {
  readonly model: string;
  readonly system: unknown;
  readonly tools: readonly { readonly name: string }[];
  readonly messages: readonly unknown[];
}

describe('examples/support-agent (issue 16 §5, SPEC I5, I6)', () => {
  let outDir: string;
  let built: BuiltExample;
  let bundleText: string;

  beforeAll(async () => {
    // Built the way `npm run build` builds it (the example's own vite.config.ts), into a folder of
    // this run inside the example, so the bundle's imports resolve through the root node_modules
    // (under dist/, which git and the linter skip).
    await mkdir(path.join(exampleRoot, 'dist'), { recursive: true });
    outDir = await mkdtemp(path.join(exampleRoot, 'dist', 'test-run-'));
    const output = await build({
      configFile: path.join(exampleRoot, 'vite.config.ts'),
      logLevel: 'silent',
      build: { outDir, emptyOutDir: true },
    });
    const outputs = Array.isArray(output) ? output : [output];
    bundleText = outputs
      .flatMap((result) => ('output' in result ? result.output : []))
      .map((item) => (item.type === 'chunk' ? item.code : ''))
      .join('\n');
    built = (await import(pathToFileURL(path.join(outDir, 'main.js')).href)) as BuiltExample;
  });
  afterAll(async () => {
    await rm(outDir, { recursive: true, force: true });
  });

  it('I5 the build bundles the refunds folder into a frozen skill, with its POLICY.md and no path of this machine', () => {
    const rendered = renderAgent(built.SupportAgent, new AgentState());
    const [refunds] = rendered.skills;
    expect(isBundledSkill(refunds)).toBe(true);
    expect(refunds?.inlineFiles?.['POLICY.md']).toContain('Damaged or missing items');
    expect(rendered.skills.map((skill) => skill.id)).toEqual(['refunds']);
    expect(bundleText).not.toContain(exampleRoot);
  });

  it('I6 R7 R1 end to end: a refund with approval, then escalation unlocked mid-conversation, prefix unchanged', async () => {
    const base = await realpath(await mkdtemp(path.join(tmpdir(), 'support-agent-')));
    const project = path.join(base, 'shop');
    const home = path.join(base, 'home');
    await mkdir(path.join(project, '.git'), { recursive: true });
    await mkdir(home);
    let server: FakeModelServer | undefined;
    let harness: Harness | undefined;
    try {
      server = await startFakeModelServer({
        script: [
          { toolCalls: [{ name: 'activate_skill', arguments: { name: 'refunds' } }] },
          { toolCalls: [{ name: 'read_skill_resource', arguments: { path: '/.skills/refunds/POLICY.md' } }] },
          { toolCalls: [{ name: 'issue_refund', arguments: { order: '1234' } }] },
          { text: 'Order 1234 is refunded in full.' },
          { toolCalls: [{ name: 'flag_for_human', arguments: { reason: 'wants a manager' } }] },
          { text: 'I have flagged this for a specialist.' },
          { toolCalls: [{ name: 'activate_skill', arguments: { name: 'escalation' } }] },
          {
            toolCalls: [
              {
                name: 'escalate_case',
                arguments: { summary: 'Refund done; wants a manager.', reason: 'manager' },
              },
            ],
          },
          { text: 'A specialist will reply by email.' },
        ],
      });
      harness = built.createSupportHarness({
        workspace: project,
        home,
        env: { ANTHROPIC_API_KEY: 'test-key-anthropic', ANTHROPIC_BASE_URL: server.anthropicBaseUrl },
        onWarning: () => undefined,
      });

      const stopped = await harness.prompt('Refund order 1234, it arrived broken.');
      expect(stopped.status).toBe('interrupted');
      expect(stopped.interruptions).toMatchObject([{ toolName: 'issue_refund', input: { order: '1234' } }]);
      expect(built.refundedOrders).toEqual([]);
      harness.approve(stopped.interruptions![0]!.toolCallId);
      expect((await harness.resume()).finalText).toBe('Order 1234 is refunded in full.');
      expect(built.refundedOrders).toEqual(['1234']);

      await harness.prompt('I want to talk to a human.');
      expect(harness.state()).toEqual({ escalated: true });
      const signals: string[] = [];
      for await (const event of harness.stream('Please hand me over.')) {
        if (event.type === 'signal-append') signals.push(...event.signals);
      }
      expect(built.escalatedCases).toEqual([{ summary: 'Refund done; wants a manager.', reason: 'manager' }]);
      expect(signals).toEqual([
        expect.stringMatching(/^New skill available: escalation — Escalate unresolved cases/),
      ]);

      const bodies = server.requests.map((request) => request.body as AnthropicBody);
      expect(bodies).toHaveLength(9);
      expect(new Set(server.requests.map((request) => request.protocol))).toEqual(new Set(['anthropic']));
      expect(new Set(bodies.map((body) => body.model))).toEqual(new Set(['claude-haiku-4-5']));
      // The catalog: refunds from the first request, escalation only after the state flipped.
      const system = JSON.stringify(bodies[0]!.system);
      expect(system).toContain('refunds');
      expect(system).not.toContain('escalation');
      for (const body of bodies.slice(0, 6))
        expect(JSON.stringify(body.messages)).not.toContain('New skill available');
      expect(JSON.stringify(bodies[6]!.messages)).toContain('New skill available: escalation');
      // The skill's supporting file came from the bundle, read at its virtual path.
      expect(JSON.stringify(bodies[2]!.messages)).toContain('Damaged or missing items');
      // The cached prefix — system prompt and tool declarations — is byte-identical on every request.
      const prefix = JSON.stringify([bodies[0]!.system, bodies[0]!.tools]);
      for (const body of bodies) expect(JSON.stringify([body.system, body.tools])).toBe(prefix);
      expect(bodies[0]!.tools.map((tool) => tool.name)).toEqual(
        expect.arrayContaining([
          'issue_refund',
          'flag_for_human',
          'escalate_case',
          'activate_skill',
          'read_skill_resource',
        ]),
      );
    } finally {
      await harness?.close();
      await server?.close();
      await rm(base, { recursive: true, force: true });
    }
  });
});
