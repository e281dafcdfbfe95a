import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchGitRepository } from '../../../src/install/sources/fetch-git-repository.js';
import type { ResolveHost } from '../../../src/network/index.js';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

const resolver =
  (table: Record<string, string>): ResolveHost =>
  async (hostname) => {
    const address = table[hostname];
    if (address === undefined) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return [{ address, family: 4 }];
  };

async function emptyFolder(): Promise<string> {
  const base = await mkdtemp(path.join(tmpdir(), 'skilldock-git-pin-'));
  cleanups.push(() => rm(base, { recursive: true, force: true }));
  return path.join(base, 'repository');
}

describe('fetchGitRepository checks and pins the address git connects to (SEC8)', () => {
  it('SEC8 a host that resolves to a private address is refused before git runs', async () => {
    const failure = fetchGitRepository({
      url: 'https://rebind.test/acme/skills.git',
      directory: await emptyFolder(),
      resolve: resolver({ 'rebind.test': '10.0.0.5' }),
    });
    await expect(failure).rejects.toMatchObject({
      code: 'address_not_public',
      details: { host: 'rebind.test', address: '10.0.0.5' },
    });
  });

  it('SEC8 git connects to the address that was checked: a name only the check resolves still reaches it', async () => {
    const seen: string[] = [];
    const server: Server = createServer((request, response) => {
      seen.push(request.url ?? '');
      response.writeHead(404).end();
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    cleanups.push(() => new Promise((done) => server.close(done)));
    const { port } = server.address() as AddressInfo;
    // pinned.test exists for our resolver alone: git reaches the server only through the pin.
    const failure = fetchGitRepository({
      url: `http://pinned.test:${port}/acme/skills.git`,
      directory: await emptyFolder(),
      allowHttp: true,
      addressAllowance: 'any',
      resolve: resolver({ 'pinned.test': '127.0.0.1' }),
      timeoutMs: 20_000,
    });
    await expect(failure).rejects.toMatchObject({ code: 'git_fetch_failed' });
    expect(seen.some((url) => url.startsWith('/acme/skills.git/info/refs'))).toBe(true);
  });
});
