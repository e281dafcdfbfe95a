import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The built package, in a fresh Node process: vitest's own module graph cannot show what Node loads.
const AGENT = new URL('../../dist/index.js', import.meta.url).href;

// A resolve hook that refuses the SDKs: importing one fails loudly with `blocked <name>`.
const BLOCK_SDKS = `data:text/javascript,${encodeURIComponent(`
export async function resolve(specifier, context, next) {
  const sdk = /^(openai|@anthropic-ai\\/sdk|@modelcontextprotocol\\/sdk)(\\/|$)/.exec(specifier);
  if (sdk) throw new Error('blocked ' + sdk[1]);
  return next(specifier, context);
}`)}`;

const SCRIPT = `
import { register } from 'node:module';
register(${JSON.stringify(BLOCK_SDKS)});
const agent = await import(${JSON.stringify(AGENT)});
const providers = [
  agent.createOpenAIProvider({ apiKey: 'test-key', baseUrl: 'http://127.0.0.1:9/v1' }),
  agent.createAnthropicProvider({ apiKey: 'test-key', baseUrl: 'http://127.0.0.1:9' }),
];
const request = { model: 'm', system: '', messages: [{ role: 'user', content: 'Hi' }], tools: [] };
const errors = [];
for (const provider of providers) {
  try {
    for await (const _event of provider.stream(request)) {}
  } catch (error) {
    errors.push({ code: error.code, message: error.message });
  }
}
const none = await agent.connectMcpServers({});
const one = await agent.connectMcpServers({ echo: { command: 'true' } });
console.log(JSON.stringify({ errors, none: none.statuses, one: one.statuses }));
`;

describe('lazy provider SDKs and MCP client', () => {
  it('G1 G4 importing @skilldock/agent and creating providers loads no SDK; the first request or server does', () => {
    const result = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT], {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      encoding: 'utf8',
      timeout: 20_000,
    });
    // Before the fix the import itself failed here: the SDKs were static imports.
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const report = JSON.parse(result.stdout) as {
      errors: { code: string; message: string }[];
      none: unknown[];
      one: { name: string; ok: boolean; error: string }[];
    };
    expect(report.errors).toEqual([
      { code: 'model_response_invalid', message: expect.stringContaining('blocked openai') },
      { code: 'model_response_invalid', message: expect.stringContaining('blocked @anthropic-ai/sdk') },
    ]);
    expect(report.none).toEqual([]);
    expect(report.one).toEqual([
      expect.objectContaining({
        name: 'echo',
        ok: false,
        code: 'mcp_server_failed',
        message: expect.stringContaining('blocked @modelcontextprotocol/sdk'),
      }),
    ]);
  });
});
