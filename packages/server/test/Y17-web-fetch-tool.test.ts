/**
 * Issue 26 (Yuxi: a web fetch tool for platform runs so `deep-research` works without an MCP
 * server), SPEC SEC8, P5 on PGlite and PostgreSQL: the admins' allowlist (`GET/PUT
 * /api/admin/settings/web-fetch`, admins only, audited, empty = off) and the `web_fetch` tool
 * against a real loopback server — allowed only because the test lists its `host:port` and allows
 * insecure localhost, as the SEC8 helpers support. Attacks: hosts not listed, private addresses,
 * a redirect to one, DNS names resolving to private or loopback addresses, a huge body.
 */
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, startServer, type TestServer } from '../../core/test/install/sources/install-fixtures.js';
import { webFetchTool } from '../src/runs/web-fetch-tool.js';
import { addPerson, openContentApp, type TestPerson } from './support/skill-content-fixtures.js';
import { TestClient } from './support/test-client.js';
import { TEST_BACKENDS } from './support/test-databases.js';

const ARTICLE = `<!doctype html><html><head><title>Field notes</title></head><body>
<nav>menu menu menu</nav><article><h1>Field notes</h1><p>The quarterly numbers rose by 12 percent in the north region.</p>
<p>Sources are listed below for every claim made in this article.</p></article></body></html>`;

/** A resolver that answers fixed addresses for the test's names (a real DNS answer, in effect). */
const fixedResolve =
  (table: Record<string, string>) =>
  async (hostname: string): Promise<readonly LookupAddress[]> => {
    const address = table[hostname];
    if (address === undefined) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return [{ address, family: address.includes(':') ? 6 : 4 }];
  };

describe.each(TEST_BACKENDS)('web_fetch on $name', (backend) => {
  let started: Awaited<ReturnType<typeof openContentApp>>;
  let site: TestServer;
  let root: TestPerson;
  let admin: TestPerson;
  let user: TestPerson;

  beforeAll(async () => {
    if (backend.skip !== undefined) return;
    started = await openContentApp(await backend.openMigrated(), 'web-fetch');
    root = await addPerson(started.server, 'root', 'superadmin');
    admin = await addPerson(started.server, 'ada', 'admin');
    user = await addPerson(started.server, 'ulla', 'user');
    site = await startServer(
      routes({
        '/article': (response) =>
          response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE),
        '/notes.txt': (response) =>
          response.writeHead(200, { 'content-type': 'text/plain' }).end('plain notes'),
        '/to-metadata': (response) =>
          response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
        '/to-internal': (response) =>
          response.writeHead(302, { location: 'https://internal.example.com/secret' }).end(),
        '/huge': (response) => {
          response.writeHead(200, { 'content-type': 'text/plain' });
          const chunk = 'x'.repeat(64 * 1024);
          for (let index = 0; index < 64; index++) response.write(chunk);
          response.end();
        },
      }),
    );
  });
  afterAll(async () => {
    if (backend.skip !== undefined) return;
    await site.close();
    await started.close();
  });

  const setHosts = (person: TestPerson | TestClient, allowedHosts: string[]) =>
    ('client' in person ? person.client : person).request('PUT', '/api/admin/settings/web-fetch', {
      json: { allowedHosts },
    });
  const fetchWith = async (url: string, resolve?: ReturnType<typeof fixedResolve>) => {
    const tool = webFetchTool({
      db: started.server.database.db,
      allowInsecureLocalhost: true,
      ...(resolve === undefined ? {} : { resolve }),
    });
    return tool.execute(
      { url },
      { cwd: '/nonexistent', readOnlyRoots: [], signal: new AbortController().signal, reportFiles: () => {} },
    );
  };

  it.skipIf(backend.skip)(
    'issue 26 the allowlist is off by default, admins only, audited, and normalised',
    async () => {
      expect((await admin.client.request('GET', '/api/admin/settings/web-fetch')).body.settings).toEqual({
        allowedHosts: [],
      });
      const off = await fetchWith(`${site.origin}/article`);
      expect([off.isError, off.content]).toEqual([true, expect.stringContaining('web_fetch_disabled')]);
      expect((await user.client.request('GET', '/api/admin/settings/web-fetch')).status).toBe(403);
      expect((await setHosts(user, ['example.com'])).status).toBe(403);
      expect(
        (await new TestClient(started.server).request('GET', '/api/admin/settings/web-fetch')).status,
      ).toBe(401);
      const bad = await setHosts(admin, ['not a host/']);
      expect([bad.status, bad.body.error.code]).toEqual([400, 'invalid_allowed_host']);
      const saved = await setHosts(root, ['Docs.Example.com', 'docs.example.com:443']);
      expect([saved.status, saved.body.settings.allowedHosts]).toEqual([200, ['docs.example.com']]);
      const audit = await root.client.request('GET', '/api/admin/audit?targetType=setting');
      expect(JSON.stringify(audit.body)).toContain('run.web_fetch');
    },
  );

  it.skipIf(backend.skip)(
    'issue 26 web_fetch reads a listed page as text and refuses private addresses, redirects to them, rebinding names and huge bodies',
    async () => {
      const loopback = new URL(site.origin).host;
      expect((await setHosts(admin, [loopback, 'internal.example.com', 'rebind.example.com'])).status).toBe(
        200,
      );
      const page = await fetchWith(`${site.origin}/article`);
      expect(page.isError).toBe(false);
      expect(page.content).toContain('quarterly numbers rose by 12 percent');
      expect(page.content).not.toContain('<p>');
      expect(page.content).toContain(`URL: ${site.origin}/article`);
      expect((await fetchWith(`${site.origin}/notes.txt`)).content).toContain('plain notes');

      const refusal = async (url: string, resolve?: ReturnType<typeof fixedResolve>) => {
        const result = await fetchWith(url, resolve);
        expect(result.isError, url).toBe(true);
        return /refused \(([a-z_]+)\)/.exec(result.content)?.[1];
      };
      // Not on the list: another host, a private literal address, another loopback port.
      expect(await refusal('https://evil.example.com/')).toBe('host_not_allowed');
      expect(await refusal('https://10.0.0.7/')).toBe('host_not_allowed');
      expect(await refusal('http://127.0.0.1:1/')).toBe('host_not_allowed');
      // A listed name resolving to a private or loopback address is refused in the connection.
      const resolve = fixedResolve({ 'internal.example.com': '10.1.2.3', 'rebind.example.com': '127.0.0.1' });
      expect(await refusal('https://internal.example.com/secret', resolve)).toBe('address_not_public');
      expect(await refusal('https://rebind.example.com/', resolve)).toBe('address_not_public');
      // Redirects are checked again: to the metadata address, to a listed name that is private.
      expect(await refusal(`${site.origin}/to-metadata`)).toMatch(/insecure_protocol|host_not_allowed/);
      expect(await refusal(`${site.origin}/to-internal`, resolve)).toBe('address_not_public');
      // 4 MiB streamed against the 2 MiB cap.
      expect(await refusal(`${site.origin}/huge`)).toBe('download_too_large');
      // Not http(s) at all.
      expect(await refusal('file:///etc/passwd')).toMatch(/unsupported_protocol|invalid_url/);
    },
  );
});
