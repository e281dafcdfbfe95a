/**
 * What any MCP client sees of a team's skills folder served by `skilldock mcp`, shown with the
 * official MCP SDK client over stdio:
 *
 *   npx tsx examples/mcp-team-skills/client.ts [folder]
 *
 * It starts `skilldock mcp --cwd <folder> --trust`, prints the server's instructions (the skill
 * catalog), its tools and prompts, activates a skill, reads one of its files and runs a prompt.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

/** This example's folder: its `.agents/skills` is the team's skills folder. */
export const EXAMPLE_FOLDER = path.dirname(fileURLToPath(import.meta.url));

/** The repository's `skilldock` command (built by `npm run build`). */
export const SKILLDOCK_BIN = fileURLToPath(new URL('../../packages/cli/bin/skilldock.js', import.meta.url));

/** Options of {@link connectToTeamSkills}. */
export interface ConnectOptions {
  /** The folder whose `.agents/skills` to serve. Default: this example's folder. */
  readonly folder?: string;
  /** Environment of the server process; default `process.env`. */
  readonly env?: Record<string, string>;
  /** Called with each notification method the server sends (`notifications/tools/list_changed`, …). */
  readonly onNotification?: (method: string) => void;
}

/** A connected client and the server's stderr log. */
export interface TeamSkillsConnection {
  readonly client: Client;
  /** What the server logged so far (notices, `skills changed: …`). */
  log(): string;
  close(): Promise<void>;
}

/**
 * Starts `skilldock mcp` for the folder and connects the MCP SDK client to it over stdio, the way
 * Claude Code, Codex, Qwen Code or Cursor do from their configuration. `--trust` is needed because
 * a folder's own skills are project skills, served only from a trusted workspace.
 */
export async function connectToTeamSkills(options: ConnectOptions = {}): Promise<TeamSkillsConnection> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [SKILLDOCK_BIN, 'mcp', '--cwd', options.folder ?? EXAMPLE_FOLDER, '--trust'],
    env: options.env ?? (process.env as Record<string, string>),
    stderr: 'pipe',
  });
  const log: Buffer[] = [];
  transport.stderr?.on('data', (chunk: Buffer) => log.push(chunk));
  const client = new Client({ name: 'team-skills-example', version: '1.0.0' });
  const { onNotification } = options;
  if (onNotification !== undefined) {
    client.fallbackNotificationHandler = async (notification) => onNotification(notification.method);
  }
  await client.connect(transport);
  return {
    client,
    log: () => Buffer.concat(log).toString('utf8'),
    close: () => client.close(),
  };
}

/** What {@link tourTeamSkills} saw. */
export interface TeamSkillsTour {
  /** The server's instructions: the catalog of skills, for the client's system prompt. */
  readonly instructions: string;
  readonly tools: readonly string[];
  readonly prompts: readonly string[];
  readonly resources: readonly string[];
  /** `activate_skill {name: 'release-notes'}`: its instructions and the paths of its files. */
  readonly activation: string;
  /** `read_skill_resource` of the release-notes template. */
  readonly template: string;
  /** The `incident-report` prompt run with a title (what a user's `/incident-report …` sends). */
  readonly incidentPrompt: string;
}

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as { type: string; text?: string }[]).map((part) => part.text ?? '').join('\n');
}

/** Walks through everything a client can do with the served skills. */
export async function tourTeamSkills(client: Client): Promise<TeamSkillsTour> {
  const [tools, prompts, resources] = await Promise.all([
    client.listTools(),
    client.listPrompts(),
    client.listResources(),
  ]);
  const activation = textOf(
    await client.callTool({ name: 'activate_skill', arguments: { name: 'release-notes' } }),
  );
  const template = textOf(
    await client.callTool({
      name: 'read_skill_resource',
      arguments: { path: '/.skills/release-notes/references/template.md' },
    }),
  );
  const incident = await client.getPrompt({
    name: 'incident-report',
    arguments: { arguments: 'Checkout down for 20 minutes' },
  });
  const [message] = incident.messages;
  return {
    instructions: client.getInstructions() ?? '',
    tools: tools.tools.map((tool) => tool.name),
    prompts: prompts.prompts.map((prompt) => prompt.name),
    resources: resources.resources.map((resource) => resource.uri),
    activation,
    template,
    incidentPrompt: message?.content.type === 'text' ? message.content.text : '',
  };
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const folder = process.argv[2] === undefined ? EXAMPLE_FOLDER : path.resolve(process.argv[2]);
  const connection = await connectToTeamSkills({ folder });
  try {
    const tour = await tourTeamSkills(connection.client);
    const section = (title: string, body: string) => process.stdout.write(`\n## ${title}\n\n${body}\n`);
    section('Instructions (the catalog)', tour.instructions);
    section('Tools', tour.tools.join('\n'));
    section('Prompts', tour.prompts.join('\n'));
    section('Resources', tour.resources.join('\n'));
    section('activate_skill release-notes', tour.activation);
    section('read_skill_resource template.md', tour.template);
    section('prompt incident-report', tour.incidentPrompt);
  } finally {
    await connection.close();
  }
}
