import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Notification } from '@modelcontextprotocol/sdk/types.js';
import {
  createSkillsMcpServer,
  type SkillsMcpServer,
  type SkillsMcpServerOptions,
} from '../../src/mcp-server/index.js';
import { makeWorkspaceFolders, type WorkspaceFolders } from '../workspace/workspace-folders.js';

/** A temp project (a git root) and a temp home, in one temp folder `base`. */
export interface Folders extends WorkspaceFolders {
  readonly base: string;
}

export async function makeFolders(): Promise<Folders> {
  const folders = await makeWorkspaceFolders();
  return { ...folders, base: path.dirname(folders.project) };
}

/** Writes `<root>/.agents/skills/<id>/SKILL.md` (plus `files`) and returns the folder. */
export async function writeSkill(
  root: string,
  id: string,
  {
    description = `The ${id} skill.`,
    body = `Instructions of ${id}.`,
    fields = '',
    files = {},
  }: { description?: string; body?: string; fields?: string; files?: Record<string, string | Buffer> } = {},
): Promise<string> {
  const folder = path.join(root, '.agents', 'skills', id);
  await mkdir(folder, { recursive: true });
  await writeFile(
    path.join(folder, 'SKILL.md'),
    `---\nname: ${id}\ndescription: ${JSON.stringify(description)}\n${fields}---\n${body}\n`,
  );
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
    await writeFile(path.join(folder, file), content);
  }
  return folder;
}

/** An SDK client connected in memory to a skills server; `next(method)` resolves on that notification. */
export interface ConnectedClient {
  readonly client: Client;
  readonly server: SkillsMcpServer;
  /** Resolves with the next notification of that method (e.g. `notifications/resources/list_changed`). */
  next(method: string): Promise<Notification>;
  /** Every notification method received so far, in order. */
  readonly received: string[];
  close(): Promise<void>;
}

export async function connectClient(
  options: SkillsMcpServerOptions,
  existing?: SkillsMcpServer,
): Promise<ConnectedClient> {
  const server = existing ?? (await createSkillsMcpServer(options));
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  const waiting = new Map<string, ((notification: Notification) => void)[]>();
  const received: string[] = [];
  client.fallbackNotificationHandler = async (notification) => {
    received.push(notification.method);
    const queue = waiting.get(notification.method) ?? [];
    waiting.delete(notification.method);
    for (const resolve of queue) resolve(notification);
  };
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  return {
    client,
    server,
    received,
    next: (method) =>
      new Promise((resolve) => {
        waiting.set(method, [...(waiting.get(method) ?? []), resolve]);
      }),
    async close() {
      await client.close();
      if (existing === undefined) await server.close();
    },
  };
}

/** The text of a tool result's content blocks. */
export function textOf(result: { content?: unknown }): string {
  return ((result.content ?? []) as { type: string; text?: string }[])
    .map((part) => part.text ?? '')
    .join('\n');
}
