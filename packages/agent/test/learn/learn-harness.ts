import { mkdir, mkdtemp, realpath, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LearnSkillOptions, learnSkill } from '@skilldock/agent/learn';
import { createOpenAIProvider } from '@skilldock/agent/model';
import { type FakeModelServer, type FakeScript, startFakeModelServer } from '@skilldock/agent/testing';

/** A valid learned SKILL.md for `name`, with `extra` appended to the body. */
export function learnedSkillText(name: string, extra = ''): string {
  return [
    '---',
    `name: ${name}`,
    'description: Roll out the service with kubectl. Use when deploying or rolling back the service.',
    'source: learned',
    '---',
    '# Deploy the service',
    '',
    '## When to use',
    '- Shipping a new version.',
    '',
    '## Procedure',
    '1. Run `kubectl rollout restart deploy/api`.',
    '',
    '## Pitfalls',
    '- Check health before you leave.',
    extra,
    '',
  ].join('\n');
}

/** A model script: write `content` to the skill `folder`, then answer with one sentence. */
export function writesSkill(folder: string, content = learnedSkillText(folder)): FakeScript {
  return [
    {
      toolCalls: [{ name: 'write_file', arguments: { path: `.agents/skills/${folder}/SKILL.md`, content } }],
    },
    { text: 'The skill covers deploying the service.' },
  ];
}

/** A temporary project with `.agents/skills`, real-pathed. */
export interface LearnProject {
  readonly root: string;
  readonly directory: string;
  remove(): Promise<void>;
}

export async function makeLearnProject(): Promise<LearnProject> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'skilldock-learn-')));
  const directory = path.join(root, '.agents', 'skills');
  await mkdir(directory, { recursive: true });
  return { root, directory, remove: () => rm(root, { recursive: true, force: true }) };
}

/** What every test run shares: the project, and an unmarked model on the fake server. */
function baseOptions(project: LearnProject, server: FakeModelServer, model: string) {
  return {
    projectRoot: project.root,
    directory: project.directory,
    model: { provider: createOpenAIProvider({ apiKey: 'test-key', baseUrl: server.openaiBaseUrl }), model },
    video: { supported: false, setting: `models.providers.openai.models.${model}.video` },
  };
}

/** Runs `learnSkill` against a fresh fake model server playing `script`. */
export async function learnWith(
  project: LearnProject,
  script: FakeScript,
  options: Partial<LearnSkillOptions> & Pick<LearnSkillOptions, 'source'>,
): Promise<{ result: Awaited<ReturnType<typeof learnSkill>>; server: FakeModelServer }> {
  const server = await startFakeModelServer({ script });
  try {
    const result = await learnSkill({ ...baseOptions(project, server, 'qwen-vl-max'), ...options });
    return { result, server };
  } finally {
    await server.close();
  }
}

/** Runs `learnSkill` expecting it to throw; returns the error and the requests the model saw. */
export async function learnFails(
  project: LearnProject,
  options: Partial<LearnSkillOptions> & Pick<LearnSkillOptions, 'source'>,
): Promise<{ error: { code?: string; message: string }; requests: number }> {
  const server = await startFakeModelServer({ script: writesSkill('learned-skill-never') });
  try {
    await learnSkill({ ...baseOptions(project, server, 'gpt-4.1'), ...options });
  } catch (error) {
    return { error: error as { code?: string; message: string }, requests: server.requests.length };
  } finally {
    await server.close();
  }
  throw new Error('expected learnSkill to throw');
}

/** A loopback web server answering each path with its handler; closed by `close`. */
export async function servePages(
  pages: Readonly<Record<string, (request: IncomingMessage, response: ServerResponse) => void>>,
): Promise<{ url: (pathname: string) => string; hits: string[]; close: () => Promise<void> }> {
  const hits: string[] = [];
  const server = createServer((request, response) => {
    hits.push(
      `${request.url} cookie=${request.headers.cookie ?? ''} auth=${request.headers.authorization ?? ''}`,
    );
    const handler = pages[request.url ?? ''];
    if (handler === undefined) {
      response.writeHead(404).end();
      return;
    }
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (pathname) => `http://127.0.0.1:${port}${pathname}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The user message of the first model request, as text and its content parts. */
export function firstUserMessage(server: FakeModelServer): { text: string; parts: unknown[] } {
  const body = server.requests[0]!.body as { messages: { role: string; content: unknown }[] };
  const user = body.messages.find((message) => message.role === 'user')!;
  if (typeof user.content === 'string') return { text: user.content, parts: [] };
  const parts = user.content as { type: string; text?: string }[];
  return { text: parts.find((part) => part.type === 'text')?.text ?? '', parts };
}
