import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ResolveHost } from '@skilldock/core/network';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchLearnPage } from '../../src/learn/fetch-learn-page.js';
import { DEFAULT_LEARN_LIMITS } from '../../src/learn/learn-material.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

async function site(
  answer: (path: string) => { status: number; headers?: Record<string, string>; body?: Buffer | string },
) {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    seen.push(request.url ?? '');
    const { status, headers, body } = answer(request.url ?? '');
    response.writeHead(status, headers).end(body ?? '');
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, seen };
}

/** A resolver answering from a table, as a hostile DNS server would. */
const resolver =
  (table: Record<string, string>): ResolveHost =>
  async (hostname) => {
    const address = table[hostname];
    if (address === undefined) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };

describe('fetchLearnPage', () => {
  it('SEC8 L1 learn https://name-that-resolves-to-127.0.0.1/ is refused on the resolved address', async () => {
    const failure = fetchLearnPage('https://rebind.test/guide', {
      policy: {},
      limits: DEFAULT_LEARN_LIMITS,
      resolve: resolver({ 'rebind.test': '127.0.0.1' }),
    });
    await expect(failure).rejects.toMatchObject({
      code: 'address_not_public',
      details: { host: 'rebind.test', address: '127.0.0.1' },
    });
  });

  it('SEC8 L1 a redirect to a name that resolves to the metadata address is refused before it is followed', async () => {
    const page = await site(() => ({
      status: 302,
      headers: { location: 'https://metadata.test/latest/meta-data' },
    }));
    const failure = fetchLearnPage(page.url('/moved'), {
      policy: { allowInsecureLocalhost: true },
      limits: DEFAULT_LEARN_LIMITS,
      resolve: resolver({ 'metadata.test': '169.254.169.254' }),
    });
    await expect(failure).rejects.toMatchObject({
      code: 'address_not_public',
      details: { address: '169.254.169.254' },
    });
    expect(page.seen).toEqual(['/moved']);
  });

  it('L1 binary bytes served as text/html are refused as a page that is not readable HTML', async () => {
    const binary = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 256));
    const page = await site(() => ({ status: 200, headers: { 'content-type': 'text/html' }, body: binary }));
    const failure = fetchLearnPage(page.url('/blob'), {
      policy: { allowInsecureLocalhost: true },
      limits: DEFAULT_LEARN_LIMITS,
    });
    await expect(failure).rejects.toMatchObject({
      name: 'UserInputError',
      code: 'learn_page_unreadable',
      details: { url: page.url('/blob') },
    });
    await expect(failure).rejects.toThrow(`The page at ${page.url('/blob')} is not readable HTML: `);
  });

  it('L1 text with no tag at all served as text/html is learned as text, not an internal error', async () => {
    const page = await site(() => ({
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: 'Use the thing.',
    }));
    const material = await fetchLearnPage(page.url('/plain'), {
      policy: { allowInsecureLocalhost: true },
      limits: DEFAULT_LEARN_LIMITS,
    });
    expect(material.text).toBe('Use the thing.');
  });

  it('L1 a real page served as text/html is still learned', async () => {
    const page = await site(() => ({
      status: 200,
      headers: { 'content-type': 'text/html; charset=utf-8' },
      body: '<html><head><title>Guide</title></head><body><h1>Guide</h1><p>Use the thing.</p></body></html>',
    }));
    const material = await fetchLearnPage(page.url('/guide'), {
      policy: { allowInsecureLocalhost: true },
      limits: DEFAULT_LEARN_LIMITS,
    });
    expect(material.title).toBe('Guide');
    expect(material.text).toContain('Use the thing.');
  });
});
