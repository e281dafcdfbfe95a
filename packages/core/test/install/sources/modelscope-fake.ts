/**
 * A fake of ModelScope's skills API on loopback (the answers its public clients read): a skill
 * repository's file list and raw files, and collections. Shared by the core and server tests.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startServer, type TestServer } from './install-fixtures.js';

/** A repository: its files (blobs) by path. */
export type FakeRepository = Record<string, string>;

/** What the fake serves. */
export interface FakeModelScope {
  /** By `@owner/name`. */
  readonly skills: Record<string, FakeRepository>;
  /** By `Owner/Name`: the `@owner/name` of each member. */
  readonly collections?: Record<string, readonly string[]>;
  /** Replaces the answer to one path (without query). */
  readonly override?: Record<string, (response: ServerResponse, request: IncomingMessage) => void>;
}

const ok = (response: ServerResponse, data: unknown) =>
  response
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify({ Success: true, Data: data }));

/** Serves `/api/v1/skills/@owner/name/repo/{files,raw}` and `/api/v1/collections` from `fake`. */
export function startFakeModelScope(fake: FakeModelScope): Promise<TestServer> {
  return startServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const override = fake.override?.[url.pathname];
    if (override) return override(response, request);
    const repo = /^\/api\/v1\/skills\/([^/]+)\/([^/]+)\/repo\/(files|raw)$/.exec(url.pathname);
    if (repo) {
      const key = `${decodeURIComponent(repo[1] ?? '')}/${decodeURIComponent(repo[2] ?? '')}`;
      const files = fake.skills[key];
      if (files === undefined) return response.writeHead(404).end('{"Success":false,"Message":"not found"}');
      if (repo[3] === 'files')
        return ok(response, {
          Files: [
            { Path: 'docs', Type: 'tree' },
            ...Object.keys(files).map((file) => ({ Path: file, Type: 'blob', Size: files[file]?.length })),
          ],
        });
      const content = files[url.searchParams.get('FilePath') ?? ''];
      if (content === undefined) return response.writeHead(404).end('{"Success":false}');
      return ok(response, { Content: content });
    }
    if (url.pathname === '/api/v1/collections') {
      const members = fake.collections?.[url.searchParams.get('Fid') ?? ''];
      if (members === undefined) return response.writeHead(404).end('{"Success":false}');
      return ok(response, {
        CollectionElements: {
          Total: members.length,
          CollectionElementVoList: members.map((member) => {
            const [owner, name] = member.split('/');
            return { ElementType: 'skill', ElementInfo: { SkillPath: owner, SkillName: name } };
          }),
        },
      });
    }
    response.writeHead(404).end('not found');
  });
}
