/** A `fetch` for component tests that talk to a real `skilldock serve` over loopback. */
import { request as httpRequest } from 'node:http';

/**
 * A `fetch` that sends each request with Node's `http` to `origin` (whatever origin the request
 * names) and keeps the session cookie the way a browser does — so a happy-dom test, whose own
 * fetch follows the page's origin rules, drives the real server exactly as the app does.
 */
export function loopbackFetch(origin: string): typeof fetch {
  let cookie: string | undefined;
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const target = new URL(url.pathname + url.search, origin);
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.arrayBuffer();
    const headers: Record<string, string> = {};
    request.headers.forEach((value, key) => {
      headers[key] = value;
    });
    if (cookie !== undefined) headers.cookie = cookie;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = httpRequest(target, { method: request.method, headers }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () => {
          const setCookie = incoming.headers['set-cookie']?.[0];
          if (setCookie !== undefined) cookie = setCookie.split(';')[0];
          const answer = new Headers();
          for (const [key, value] of Object.entries(incoming.headers)) {
            if (typeof value === 'string') answer.set(key, value);
          }
          const status = incoming.statusCode ?? 500;
          const bytes = Buffer.concat(chunks);
          resolve(new Response(status === 204 || status === 304 ? null : bytes, { status, headers: answer }));
        });
        incoming.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end(body === null ? undefined : Buffer.from(body));
    });
  }) as typeof fetch;
}
