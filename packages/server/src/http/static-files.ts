import { createHash } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { OpenAPIHono } from '@hono/zod-openapi';
import { UserInputError } from '@skilldock/core/errors';
import { isSafePathSegment } from '@skilldock/core/fs';
import type { Context } from 'hono';
import type { AppEnv } from './app-env.js';
import { HttpError } from './http-error.js';

/** A built web app bigger than this is refused at start-up: the files are held in memory. */
const MAX_SITE_BYTES = 64 * 1024 * 1024;
const MAX_SITE_FILES = 5000;

/** Files under `assets/` carry a content hash in their name (Vite), so they never change. */
const IMMUTABLE_PREFIX = 'assets/';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.map',
  '.svg',
  '.txt',
  '.webmanifest',
]);

/**
 * The page's policy: scripts and styles only from this origin (Mantine sets inline `style`
 * attributes and a `<style>` of CSS variables, hence `'unsafe-inline'` for styles alone). Images
 * may also come over https: the chat's widgets and Markdown show images the model found (SPEC W4),
 * lazily and without a referrer; never over plain http.
 */
const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy':
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

/** Paths the API and its documents own: never answered with the web app. */
const SERVER_PATHS = /^\/(api|\.well-known)(\/|$)|^\/openapi\.json$/;

interface StaticFile {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly gzipped: Uint8Array<ArrayBuffer> | undefined;
  readonly contentType: string;
  readonly etag: string;
  readonly cacheControl: string;
}

/** A built web app held in memory: its files by URL path (`index.html`, `assets/index-3f2a.js`). */
export interface StaticSite {
  readonly root: string;
  readonly files: ReadonlyMap<string, StaticFile>;
}

/**
 * Reads the built web app under `root` (the `dist` of `@skilldock/web`) into memory, or returns
 * `undefined` when `root/index.html` is missing (not built yet). Links are skipped, never followed,
 * and only safe path segments are served (SPEC SEC1): the URL is then looked up in this map alone,
 * so no request path ever reaches the file system.
 */
export async function loadStaticSite(root: string): Promise<StaticSite | undefined> {
  const files = new Map<string, StaticFile>();
  let total = 0;
  const walk = async (folder: string, prefix: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && prefix === '') return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (!isSafePathSegment(entry.name) || entry.name.startsWith('.')) continue;
      const absolute = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        await walk(absolute, `${prefix}${entry.name}/`);
        continue;
      }
      if (!entry.isFile()) continue; // a link or a device: never served
      const body = new Uint8Array(await readFile(absolute));
      total += body.byteLength;
      if (files.size >= MAX_SITE_FILES || total > MAX_SITE_BYTES) {
        throw new UserInputError(
          'web_app_too_large',
          `The web app in ${root} is over ${MAX_SITE_FILES} files or ${MAX_SITE_BYTES} bytes`,
          { details: { path: root } },
        );
      }
      files.set(`${prefix}${entry.name}`, staticFile(`${prefix}${entry.name}`, body));
    }
  };
  await walk(path.resolve(root), '');
  return files.has('index.html') ? { root: path.resolve(root), files } : undefined;
}

function staticFile(name: string, body: Uint8Array<ArrayBuffer>): StaticFile {
  const extension = path.extname(name).toLowerCase();
  return {
    body,
    gzipped:
      COMPRESSIBLE.has(extension) && body.byteLength > 1024 ? new Uint8Array(gzipSync(body)) : undefined,
    contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
    cacheControl: name.startsWith(IMMUTABLE_PREFIX) ? 'public, max-age=31536000, immutable' : 'no-cache',
  };
}

/** Whether `Accept-Encoding` allows gzip (a `q=0` refuses it). */
function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding, ...parameters] = part.trim().toLowerCase().split(';');
    const refused = parameters.some((parameter) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(parameter));
    return (coding === 'gzip' || coding === '*') && !refused;
  });
}

function send(c: Context, file: StaticFile, extraHeaders: Readonly<Record<string, string>> = {}): Response {
  const headers: Record<string, string> = {
    'Content-Type': file.contentType,
    'Cache-Control': file.cacheControl,
    ETag: file.etag,
    Vary: 'Accept-Encoding',
    'X-Content-Type-Options': 'nosniff',
    ...extraHeaders,
  };
  const match = c.req.header('if-none-match');
  if (match?.split(',').some((tag) => tag.trim() === file.etag)) {
    return c.body(null, 304, headers);
  }
  if (file.gzipped !== undefined && acceptsGzip(c.req.header('accept-encoding'))) {
    return c.body(file.gzipped, 200, { ...headers, 'Content-Encoding': 'gzip' });
  }
  return c.body(file.body, 200, headers);
}

/** The page `/` shows when the web app was not built: what to run. */
function notBuiltPage(root: string | undefined): string {
  const where = root === undefined ? '' : ` in <code>${escapeHtml(root)}</code>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Skilldock</title></head><body><h1>Skilldock</h1><p>The web app is not built${where}. Build it with <code>npm run build</code> at the repository root, then restart <code>skilldock serve</code>. The API is at <a href="/api/docs">/api/docs</a>.</p></body></html>`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The file a URL path names, or `undefined` (a path with an unsafe or hidden segment names nothing). */
function lookup(site: StaticSite, urlPath: string): StaticFile | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  const segments = decoded.split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => !isSafePathSegment(segment) || segment.startsWith('.'))) return undefined;
  return site.files.get(segments.join('/'));
}

/**
 * Serves the web app at `/` (SPEC W1–W6) after every API route: files by path with their content
 * type, `assets/*` cached for a year (their names are content hashes), everything else
 * revalidated; a client route (a path without a file extension) answers `index.html` so that a
 * reload of `/skills/pdf` works. `/api/*`, `/.well-known/*` and `/openapi.json` are never the
 * app: an unknown one stays the API's 404. Without a built app (`site` undefined) `/` says how
 * to build it.
 */
export function registerStaticSite(
  app: OpenAPIHono<AppEnv>,
  site: StaticSite | undefined,
  root: string | undefined,
): void {
  app.get('*', (c) => {
    const urlPath = c.req.path;
    if (SERVER_PATHS.test(urlPath)) throw new HttpError(404, 'not_found', 'No such route');
    if (site === undefined) {
      return c.html(notBuiltPage(root), 503, { 'Cache-Control': 'no-store', ...PAGE_SECURITY_HEADERS });
    }
    const file = lookup(site, urlPath);
    if (file !== undefined) {
      return send(c, file, file.contentType.startsWith('text/html') ? PAGE_SECURITY_HEADERS : {});
    }
    const lastSegment = urlPath.split('/').pop() ?? '';
    if (lastSegment.includes('.')) throw new HttpError(404, 'not_found', 'No such file');
    return send(c, site.files.get('index.html')!, PAGE_SECURITY_HEADERS);
  });
}
