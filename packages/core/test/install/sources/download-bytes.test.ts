import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  assertPageUrlAllowed,
  type PagePolicy,
  pageAddressAllowance,
} from '../../../src/install/sources/assert-page-url-allowed.js';
import { remoteAddressAllowance } from '../../../src/install/sources/assert-remote-url-allowed.js';
import { downloadBytes } from '../../../src/install/sources/download-bytes.js';
import type { ResolveHost } from '../../../src/network/index.js';

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((done) => server.close(done))));
});

/** A loopback server that counts requests and answers with `handle`. */
async function site(
  handle: (path: string) => { status: number; headers?: Record<string, string>; body?: string },
) {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    seen.push(request.url ?? '');
    const answer = handle(request.url ?? '');
    response.writeHead(answer.status, answer.headers).end(answer.body ?? '');
  });
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return { port, seen };
}

/** A resolver that answers from a table, as a hostile DNS server could. */
function resolver(table: Record<string, string>): ResolveHost {
  return async (hostname) => {
    const address = table[hostname];
    if (address === undefined) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };
}

function pageDownload(url: string, policy: PagePolicy, resolve: ResolveHost) {
  return downloadBytes(url, {
    checkUrl: (target) => assertPageUrlAllowed(target, policy),
    addressAllowance: (target) => pageAddressAllowance(target, policy),
    maxBytes: 1024,
    timeoutMs: 5_000,
    resolve,
  });
}

describe('downloadBytes address policy (SEC8)', () => {
  it('SEC8 refuses a name that resolves to 127.0.0.1 before connecting', async () => {
    const { port, seen } = await site(() => ({ status: 200, body: 'secret' }));
    const failure = pageDownload(
      `https://rebind.test:${port}/`,
      {},
      resolver({ 'rebind.test': '127.0.0.1' }),
    );
    await expect(failure).rejects.toMatchObject({
      code: 'address_not_public',
      details: { host: 'rebind.test', address: '127.0.0.1' },
    });
    expect(seen).toEqual([]);
  });

  it.each([['10.0.0.5'], ['100.100.100.200'], ['169.254.169.254'], ['fd00:ec2::254'], ['::ffff:127.0.0.1']])(
    'SEC8 refuses a name that resolves to %s',
    async (address) => {
      await expect(
        pageDownload('https://inside.test/', {}, resolver({ 'inside.test': address })),
      ).rejects.toMatchObject({
        code: 'address_not_public',
      });
    },
  );

  it('SEC8 refuses a redirect to a name that resolves to a private address', async () => {
    const { port, seen } = await site(() => ({
      status: 302,
      headers: { location: 'https://internal.test/admin' },
    }));
    const failure = pageDownload(
      `http://127.0.0.1:${port}/moved`,
      { allowInsecureLocalhost: true },
      resolver({ 'internal.test': '10.0.0.5' }),
    );
    await expect(failure).rejects.toMatchObject({
      code: 'address_not_public',
      details: { address: '10.0.0.5' },
    });
    expect(seen).toEqual(['/moved']);
  });

  it('SEC8 the loopback opt-in lets a loopback name reach loopback, never a private address', async () => {
    const { port } = await site(() => ({
      status: 200,
      headers: { 'content-type': 'text/plain' },
      body: 'ok',
    }));
    const policy = { allowInsecureLocalhost: true };
    const fine = await pageDownload(
      `http://localhost:${port}/`,
      policy,
      resolver({ localhost: '127.0.0.1' }),
    );
    expect(fine.bytes.toString()).toBe('ok');
    await expect(
      pageDownload(`http://localhost:${port}/`, policy, resolver({ localhost: '192.168.0.7' })),
    ).rejects.toMatchObject({ code: 'address_not_public' });
  });

  it('SEC8 a host the operator listed in learn.allowedHosts may resolve to a private address', async () => {
    const { port } = await site(() => ({ status: 200, body: 'not tls' }));
    // The lookup lets it through; the TLS handshake with a plain-http server is what fails.
    const failure = pageDownload(
      `https://wiki.test:${port}/`,
      { allowedHosts: [`wiki.test:${port}`] },
      resolver({ 'wiki.test': '127.0.0.1' }),
    );
    await expect(failure).rejects.toMatchObject({ code: 'download_failed' });
  });

  it('SEC8 install: the default hosts must resolve publicly, a host the operator added may not', async () => {
    await expect(
      downloadBytes('https://github.com/acme/skills/archive.zip', {
        maxBytes: 1024,
        timeoutMs: 5_000,
        resolve: resolver({ 'github.com': '169.254.169.254' }),
      }),
    ).rejects.toMatchObject({ code: 'address_not_public' });
    expect(remoteAddressAllowance(new URL('https://github.com/a'), {})).toBe('public');
    expect(remoteAddressAllowance(new URL('https://git.corp/a'), { allowHosts: ['git.corp'] })).toBe('any');
    expect(
      remoteAddressAllowance(new URL('https://github.com/a'), { allowedHosts: ['github.com', 'git.corp'] }),
    ).toBe('public');
  });
});
