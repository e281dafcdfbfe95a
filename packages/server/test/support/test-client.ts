/** A small in-process HTTP client over `app.request`, keeping one cookie session like a browser. */
import type { AppUnderTest } from './test-app.js';

/** A JSON answer: status, headers and the parsed body. */
export interface JsonAnswer {
  readonly status: number;
  readonly headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the route answered.
  readonly body: any;
}

/** One browser-like caller: its session cookie and CSRF token, once logged in. */
export class TestClient {
  cookie: string | undefined;
  csrfToken: string | undefined;
  bearer: string | undefined;

  constructor(readonly server: Pick<AppUnderTest, 'app'>) {}

  async request(
    method: string,
    path: string,
    options: { json?: unknown; body?: BodyInit; headers?: Record<string, string>; csrf?: boolean } = {},
  ): Promise<JsonAnswer> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.json !== undefined) headers['content-type'] ??= 'application/json';
    if (this.cookie !== undefined) headers.cookie = this.cookie;
    if (this.bearer !== undefined) headers.authorization = `Bearer ${this.bearer}`;
    if (this.csrfToken !== undefined && options.csrf !== false && method !== 'GET')
      headers['x-csrf-token'] ??= this.csrfToken;
    const response = await this.server.app.request(path, {
      method,
      headers,
      body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {}
    return { status: response.status, headers: response.headers, body };
  }

  /** Logs in; keeps the cookie and CSRF token on success. */
  async login(username: string, password: string, headers: Record<string, string> = {}): Promise<JsonAnswer> {
    const answer = await this.request('POST', '/api/auth/login', { json: { username, password }, headers });
    if (answer.status === 200) {
      this.cookie = answer.headers.get('set-cookie')!.split(';')[0];
      this.csrfToken = answer.body.csrfToken;
    }
    return answer;
  }
}
