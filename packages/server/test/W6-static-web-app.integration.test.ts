import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type SkilldockServer, silentLogger } from '../src/index.js';
import { temporaryFolder } from './support/temporary-folder.js';
import { TEST_BACKENDS } from './support/test-databases.js';
import { TEST_PASSWORD_HASH_COST } from './support/test-password-cost.js';

const pglite = TEST_BACKENDS[0]!;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

async function serverWithWebRoot(webRoot: string, dataDir: string): Promise<SkilldockServer> {
  return createServer({
    database: await pglite.openMigrated(),
    passwordHashCost: TEST_PASSWORD_HASH_COST,
    dataDir,
    builtinDir: '/nonexistent-builtin-folder',
    adminPassword: 'static-files-admin',
    logger: silentLogger,
    webRoot,
  });
}

describe('the built web app served at /', () => {
  let folder: Awaited<ReturnType<typeof temporaryFolder>>;
  let server: SkilldockServer;
  let unbuilt: SkilldockServer;

  beforeAll(async () => {
    folder = await temporaryFolder('static-web');
    const dist = path.join(folder.path, 'dist');
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(dist, 'assets', 'index-3f2a9c.js'), SCRIPT);
    await writeFile(path.join(dist, 'assets', 'index-3f2a9c.css'), 'body{margin:0}');
    await writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    await writeFile(path.join(dist, '.env'), 'SECRET=1');
    await writeFile(path.join(folder.path, 'outside.txt'), 'outside the web root');
    await symlink(path.join(folder.path, 'outside.txt'), path.join(dist, 'assets', 'linked.js'));
    await symlink(folder.path, path.join(dist, 'up'));
    server = await serverWithWebRoot(dist, path.join(folder.path, 'data'));
    unbuilt = await serverWithWebRoot(
      path.join(folder.path, 'missing-dist'),
      path.join(folder.path, 'data2'),
    );
  });
  afterAll(async () => {
    for (const each of [server, unbuilt]) {
      await each?.stop();
      await each?.database.close();
    }
    await folder?.remove();
  });

  it('W6 / and every client route answer index.html, revalidated, with the page security policy', async () => {
    for (const route of ['/', '/skills', '/skills/pdf-tools', '/admin/audit?action=x']) {
      const response = await server.app.request(route);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
      // Chat images (SPEC W4) over https only: never plain http.
      expect(response.headers.get('content-security-policy')).toContain("img-src 'self' data: blob: https:;");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('W6 hashed assets carry their content type, a year of cache, gzip and an ETag', async () => {
    const plain = await server.app.request('/assets/index-3f2a9c.js');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(SCRIPT);

    const gzipped = await server.app.request('/assets/index-3f2a9c.js', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString()).toBe(SCRIPT);

    const etag = plain.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await server.app.request('/assets/index-3f2a9c.js', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    const css = await server.app.request('/assets/index-3f2a9c.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    const icon = await server.app.request('/favicon.svg');
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('W6 the API keeps its routes and its own 404s: /api/*, /.well-known/* and /openapi.json are never the app', async () => {
    expect((await server.app.request('/api/health')).status).toBe(200);
    expect((await server.app.request('/openapi.json')).headers.get('content-type')).toContain('json');
    for (const route of ['/api/no-such-route', '/api', '/.well-known/nothing']) {
      const response = await server.app.request(route);
      expect(response.status, route).toBe(404);
      expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
    }
    expect((await server.app.request('/', { method: 'POST' })).status).toBe(404);
  });

  it('SEC1 a missing file, a hidden file, a link or a climb out of the web root is a 404, never a file', async () => {
    for (const route of [
      '/assets/missing.js',
      '/.env',
      '/assets/linked.js',
      '/up/outside.txt',
      '/assets/..%2f..%2foutside.txt',
      '/%2e%2e/outside.txt',
      '/assets/%00.js',
      '/assets/%E0%A4%A.js',
    ]) {
      const response = await server.app.request(route);
      expect(response.status, route).toBe(404);
      expect(await response.text(), route).not.toContain('outside the web root');
    }
  });

  it('W6 without a build, / says how to build the web app', async () => {
    const response = await unbuilt.app.request('/skills');
    expect(response.status).toBe(503);
    const page = await response.text();
    expect(page).toContain('The web app is not built');
    expect(page).toContain('npm run build');
    expect(page).toContain(path.join(folder.path, 'missing-dist'));
    expect((await unbuilt.app.request('/api/health')).status).toBe(200);
  });
});
