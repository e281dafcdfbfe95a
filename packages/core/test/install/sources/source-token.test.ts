/**
 * SPEC P5 / SEC3: a skills server's API token goes to the origin (scheme, host, port) it was bound
 * to and nowhere else — not to another host or port, not after a redirect to another origin (checked
 * on every hop), not over plain http except to loopback — and it never appears in an error.
 * Real HTTP servers on loopback record every Authorization header they receive.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { SkilldockError } from '../../../src/errors.js';
import { prepareInstall } from '../../../src/install/prepare-install.js';
import { downloadBytes } from '../../../src/install/sources/download-bytes.js';
import { fetchWellKnownSource } from '../../../src/install/sources/fetch-well-known-source.js';
import {
  authorizationHeaders,
  createSourceToken,
  type SourceToken,
} from '../../../src/install/sources/source-token.js';
import { WELL_KNOWN_SCHEMA_V2 } from '../../../src/install/sources/well-known-index-schema.js';
import { startServer, type TestServer, temporaryDirectory } from './install-fixtures.js';

const SECRET = 'skd_test-secret-value-0123456789';
const policy = { allowInsecureLocalhost: true };
const servers: TestServer[] = [];

/** A server that records the Authorization header of every request, then answers with `handler`. */
async function recordingServer(handler: (request: IncomingMessage, response: ServerResponse) => void) {
  const seen: { url: string; authorization: string | undefined }[] = [];
  const server = await startServer((request, response) => {
    seen.push({ url: request.url ?? '', authorization: request.headers.authorization });
    handler(request, response);
  });
  servers.push(server);
  return { ...server, seen };
}

/** A v0.1 index serving one skill, `guarded`; with `requireToken`, 401 to any request without it. */
function guardedIndex(requireToken: boolean) {
  const skill = '---\nname: guarded\ndescription: Guarded.\n---\n# Guarded\n';
  return (request: IncomingMessage, response: ServerResponse) => {
    if (requireToken && request.headers.authorization !== `Bearer ${SECRET}`)
      return void response.writeHead(401).end();
    if (request.url === '/.well-known/skills/index.json')
      return void response
        .writeHead(200)
        .end(JSON.stringify({ skills: [{ name: 'guarded', description: 'Guarded.', files: ['SKILL.md'] }] }));
    if (request.url === '/.well-known/skills/guarded/SKILL.md')
      return void response.writeHead(200).end(skill);
    response.writeHead(404).end();
  };
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function caught(promise: Promise<unknown>): Promise<SkilldockError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!SkilldockError.isInstance(error)) throw new Error(`expected a SkilldockError, got ${String(error)}`);
  return error;
}

describe('authorizationHeaders', () => {
  const token: SourceToken = createSourceToken('https://skills.example.com/team', SECRET, 'SKILLDOCK_TOKEN');

  it('P5 sends the token to its own origin only: not another host, port, scheme or look-alike', () => {
    expect(authorizationHeaders(new URL('https://skills.example.com/x/index.json'), token)).toEqual({
      authorization: `Bearer ${SECRET}`,
    });
    for (const other of [
      'https://evil.example.com/',
      'https://skills.example.com:8443/',
      'http://skills.example.com/',
      'https://skills.example.com.evil.com/',
      'https://evil.com/skills.example.com/',
    ])
      expect(authorizationHeaders(new URL(other), token), other).toEqual({});
    expect(authorizationHeaders(new URL('https://skills.example.com/'), undefined)).toEqual({});
  });

  it('P5 never sends a token over plain http, except to loopback', () => {
    const plain = createSourceToken('http://intranet.example/', SECRET, 'SKILLDOCK_TOKEN');
    expect(authorizationHeaders(new URL('http://intranet.example/index.json'), plain)).toEqual({});
    const loopback = createSourceToken('http://127.0.0.1:7860', SECRET, 'SKILLDOCK_TOKEN');
    expect(authorizationHeaders(new URL('http://127.0.0.1:7860/a'), loopback)).toEqual({
      authorization: `Bearer ${SECRET}`,
    });
  });

  it('SEC3 refuses a token that could split the header, without echoing it', () => {
    for (const value of [`${SECRET}\r\nX-Evil: 1`, 'two words', '', ' '.repeat(3), 'x'.repeat(5000)]) {
      let error: unknown;
      try {
        createSourceToken('https://skills.example.com', value, 'SKILLDOCK_TOKEN');
      } catch (thrown) {
        error = thrown;
      }
      expect(SkilldockError.isInstance(error) && error.code).toBe('invalid_token');
      expect(
        JSON.stringify({ message: (error as Error).message, details: (error as SkilldockError).details }),
      ).not.toContain(SECRET);
    }
    // A token pasted where the variable name belongs is refused and not repeated either, even when
    // its characters would make a valid name.
    expect(() => createSourceToken('https://skills.example.com', SECRET, 'skd_abc123')).toThrow(
      /environment variable name/,
    );
    expect(() => createSourceToken('https://skills.example.com', SECRET, SECRET)).toThrow(
      /environment variable name/,
    );
    try {
      createSourceToken('https://skills.example.com', SECRET, SECRET);
    } catch (error) {
      expect((error as Error).message).not.toContain(SECRET);
    }
  });
});

describe('downloadBytes with a token', () => {
  it('P5 a redirect to another loopback port does not receive the token; a same-origin hop does', async () => {
    const other = await recordingServer((_request, response) => {
      response.writeHead(200).end('from the other port');
    });
    const home = await recordingServer((request, response) => {
      if (request.url === '/start') response.writeHead(302, { location: '/hop' }).end();
      else response.writeHead(307, { location: `${other.origin}/landed` }).end();
    });
    const token = createSourceToken(home.origin, SECRET, 'SKILLDOCK_TOKEN');
    const { bytes } = await downloadBytes(`${home.origin}/start`, { policy, maxBytes: 1024, token });
    expect(bytes.toString()).toBe('from the other port');
    expect(home.seen).toEqual([
      { url: '/start', authorization: `Bearer ${SECRET}` },
      { url: '/hop', authorization: `Bearer ${SECRET}` },
    ]);
    expect(other.seen).toEqual([{ url: '/landed', authorization: undefined }]);
  });

  it('P5 a redirect that leaves the origin and comes back is re-checked on every hop', async () => {
    const bounce = await recordingServer((_request, response) => {
      response.writeHead(302, { location: `${home.origin}/back` }).end();
    });
    const home = await recordingServer((request, response) => {
      if (request.url === '/start') response.writeHead(302, { location: `${bounce.origin}/away` }).end();
      else response.writeHead(200).end('ok');
    });
    const token = createSourceToken(home.origin, SECRET, 'SKILLDOCK_TOKEN');
    await downloadBytes(`${home.origin}/start`, { policy, maxBytes: 1024, token });
    expect(bounce.seen.map((request) => request.authorization)).toEqual([undefined]);
    expect(home.seen.map((request) => request.authorization)).toEqual([
      `Bearer ${SECRET}`,
      `Bearer ${SECRET}`,
    ]);
  });

  it('P5 a 401 to a request that carried the token is token_rejected, naming the variable, not the token', async () => {
    const server = await recordingServer((_request, response) => {
      response.writeHead(401).end(`{"error":"bad token ${SECRET}"}`);
    });
    const token = createSourceToken(server.origin, SECRET, 'TEAM_TOKEN');
    const error = await caught(downloadBytes(`${server.origin}/x`, { policy, maxBytes: 1024, token }));
    expect(error.code).toBe('token_rejected');
    expect(error.message).toContain('$TEAM_TOKEN');
    expect(error.message).toContain('--token-env');
    expect(JSON.stringify({ message: error.message, details: error.details })).not.toContain(SECRET);
  });
});

describe('fetchWellKnownSource with a token', () => {
  it('P5 the index, the archive and the files on the index origin all carry the token', async () => {
    const server = await recordingServer(guardedIndex(true));
    const token = createSourceToken(server.origin, SECRET, 'SKILLDOCK_TOKEN');
    const fetched = await fetchWellKnownSource({
      url: server.origin,
      directory: await temporaryDirectory(),
      policy,
      token,
    });
    expect(fetched.failed).toEqual([]);
    expect(fetched.candidates.map((candidate) => candidate.installName)).toEqual(['guarded']);
    expect(server.seen.every((request) => request.authorization === `Bearer ${SECRET}`)).toBe(true);
    expect(server.seen.map((request) => request.url)).toContain('/.well-known/skills/guarded/SKILL.md');
  });

  it('P5 an artifact URL on another origin is fetched without the token', async () => {
    const skill = Buffer.from('---\nname: elsewhere\ndescription: Elsewhere.\n---\n# E\n');
    const { createHash } = await import('node:crypto');
    const cdn = await recordingServer((_request, response) => void response.writeHead(200).end(skill));
    const server = await recordingServer((_request, response) => {
      response.writeHead(200).end(
        JSON.stringify({
          $schema: WELL_KNOWN_SCHEMA_V2,
          skills: [
            {
              name: 'elsewhere',
              description: 'Elsewhere.',
              type: 'skill-md',
              url: `${cdn.origin}/elsewhere.md`,
              digest: `sha256:${createHash('sha256').update(skill).digest('hex')}`,
            },
          ],
        }),
      );
    });
    const fetched = await fetchWellKnownSource({
      url: server.origin,
      directory: await temporaryDirectory(),
      policy,
      token: createSourceToken(server.origin, SECRET, 'SKILLDOCK_TOKEN'),
    });
    expect(fetched.candidates).toHaveLength(1);
    expect(server.seen.map((request) => request.authorization)).toEqual([`Bearer ${SECRET}`]);
    expect(cdn.seen.map((request) => request.authorization)).toEqual([undefined]);
  });

  it('P5 a server answering 401 without a token is token_required (not "no index found")', async () => {
    const server = await recordingServer((_request, response) => void response.writeHead(401).end());
    const error = await caught(
      fetchWellKnownSource({ url: server.origin, directory: await temporaryDirectory(), policy }),
    );
    expect(error.code).toBe('token_required');
    expect(error.message).toContain('--token-env');
  });
});

describe('prepareInstall with a token', () => {
  it('SEC3 refuses a token bound to another origin or a non well-known source, before any request', async () => {
    const server = await recordingServer((_request, response) => void response.writeHead(404).end());
    const stagingParent = await temporaryDirectory('skilldock-staging-');
    const foreign = createSourceToken('http://127.0.0.1:1', SECRET, 'SKILLDOCK_TOKEN');
    const mismatch = await caught(
      prepareInstall(server.origin, { cwd: '/', stagingParent, ...policy, token: foreign }),
    );
    expect(mismatch.code).toBe('token_origin_mismatch');
    const local = await caught(
      prepareInstall(await temporaryDirectory(), { cwd: '/', stagingParent, token: foreign }),
    );
    expect(local.code).toBe('token_not_supported');
    expect(server.seen).toEqual([]);
    expect(mismatch.message + local.message).not.toContain(SECRET);
  });

  it('SEC3 the draft records where the token came from, never the token', async () => {
    const server = await recordingServer(guardedIndex(false));
    const { readFile } = await import('node:fs/promises');
    const path = await import('node:path');
    const stagingParent = await temporaryDirectory('skilldock-staging-');
    const draft = await prepareInstall(server.origin, {
      cwd: '/',
      stagingParent,
      ...policy,
      token: createSourceToken(server.origin, SECRET, 'TEAM_TOKEN'),
    });
    expect(draft.source.tokenEnv).toBe('TEAM_TOKEN');
    expect(JSON.stringify(draft)).not.toContain(SECRET);
    const stored = await readFile(path.join(draft.stagingDirectory, 'draft.json'), 'utf8');
    expect(stored).toContain('TEAM_TOKEN');
    expect(stored).not.toContain(SECRET);
  });
});
