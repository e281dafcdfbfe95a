import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FakeModelServer, type FakeToolCall, startFakeModelServer } from '@skilldock/agent/testing';
import { catalogFromDiscovery, discoverSkills } from '@skilldock/core/discover';
import { createSkillSession, type SkillSession } from '@skilldock/core/runtime';
import { expect } from 'vitest';

/**
 * The one conversation every adapter test plays (SPEC I4): the model activates a skill, reads its
 * file together with hostile calls, is told of a skill added meanwhile (R7), and finishes.
 */
export const SKILL_BODY = 'Fill every field in capitals.';
export const FIELDS_TEXT = 'Field list: NAME, DATE, SIGNATURE.';
export const FIELDS_PATH = '/.skills/pdf-forms/references/fields.md';

/** A real project with two skills under `.agents/skills` and a session over its catalog. */
export interface AdapterProject {
  readonly root: string;
  readonly session: SkillSession;
  /** Writes the `invoices` skill and hands the new catalog to the session (SPEC R7). */
  addSkill(): Promise<void>;
  remove(): Promise<void>;
}

async function writeSkill(root: string, id: string, description: string, body: string, files = {}) {
  const folder = path.join(root, '.agents', 'skills', id);
  await mkdir(folder, { recursive: true });
  await writeFile(
    path.join(folder, 'SKILL.md'),
    `---\nname: ${id}\ndescription: ${description}\n---\n${body}\n`,
  );
  for (const [file, content] of Object.entries<string>(files)) {
    await mkdir(path.dirname(path.join(folder, file)), { recursive: true });
    await writeFile(path.join(folder, file), content);
  }
}

async function discover(root: string, version: number) {
  const discovery = await discoverSkills({
    projectRoot: root,
    homeDirectory: path.join(root, '.home'),
    trusted: true,
  });
  return catalogFromDiscovery(discovery, { projectRoot: root, version });
}

export async function openAdapterProject(): Promise<AdapterProject> {
  const root = await realpath(await mkdtemp(path.join(tmpdir(), 'skilldock-adapters-')));
  await mkdir(path.join(root, '.git'));
  await mkdir(path.join(root, '.home'));
  await writeSkill(root, 'pdf-forms', 'Fill in PDF forms. Use when a form must be completed.', SKILL_BODY, {
    'references/fields.md': `${FIELDS_TEXT}\n`,
  });
  await writeSkill(root, 'house-style', 'The house writing style.', 'Short sentences.');
  const session = await createSkillSession({ catalog: await discover(root, 1) });
  return {
    root,
    session,
    async addSkill() {
      await writeSkill(root, 'invoices', 'Prepare invoices.', 'Number every invoice.');
      session.updateCatalog(await discover(root, 2));
    },
    remove: () => rm(root, { recursive: true, force: true }),
  };
}

/** Turn 1: activate the skill. */
export const ACTIVATE_CALL: FakeToolCall = {
  id: 'call_activate',
  name: 'activate_skill',
  arguments: { name: 'pdf-forms' },
};

/** Turn 2: the honest read and the hostile calls, by id. */
export const READ_AND_HOSTILE_CALLS: readonly FakeToolCall[] = [
  { id: 'call_read', name: 'read_skill_resource', arguments: { path: FIELDS_PATH } },
  { id: 'call_traversal', name: 'read_skill_resource', arguments: { path: '../../etc/passwd' } },
  {
    id: 'call_huge',
    name: 'read_skill_resource',
    arguments: { path: `/.skills/pdf-forms/${'a/'.repeat(60_000)}x.md` },
  },
  { id: 'call_types', name: 'read_skill_resource', arguments: { path: 42, offset: 'many' } },
  { id: 'call_unknown', name: 'drop_tables', arguments: { all: true } },
];

/** A call whose arguments are not JSON (the OpenAI wire sends arguments as text). */
export const MALFORMED_CALL: FakeToolCall = {
  id: 'call_malformed',
  name: 'activate_skill',
  arguments: '{"name": "pdf-',
};

/** Checks what the model saw in the first request: the catalog in the system prompt and both tools. */
export function expectCatalogSeen(
  system: string,
  toolNames: readonly string[],
  project: AdapterProject,
): void {
  expect(system).toContain(project.session.systemPromptSection);
  expect(project.session.systemPromptSection).toContain('pdf-forms');
  expect(toolNames).toEqual(['activate_skill', 'read_skill_resource']);
}

/** Checks the activation result the model got. */
export function expectActivation(content: string | undefined): void {
  expect(content).toContain(SKILL_BODY);
  expect(content).toContain(FIELDS_PATH);
}

/**
 * Checks the answers of turn 2 (by call id) and that the R7 signal reached the model: the file's
 * text, then readable refusals that never leak a file outside the skill or echo the huge path.
 */
export function expectReadAndHostileAnswers(
  answer: (id: string) => string | undefined,
  signal: string | undefined,
): void {
  expect(answer('call_read')).toContain(FIELDS_TEXT);
  const traversal = answer('call_traversal') ?? '';
  expect(traversal).toMatch(/^Cannot read \.\.\/\.\.\/etc\/passwd: /);
  expect(traversal).not.toContain('root:');
  const huge = answer('call_huge') ?? '';
  expect(huge).toContain('longer than 4096 characters');
  expect(huge.length).toBeLessThan(300);
  expect(answer('call_types')).toMatch(/^read_skill_resource needs \{"path": /);
  // Our adapters and the AI SDK word it differently; both name the tool and the real ones.
  expect(answer('call_unknown')).toMatch(
    /drop_tables\W+Available tools: activate_skill, read_skill_resource\.$/,
  );
  expect(signal).toBe('New skill available: invoices — Prepare invoices.');
}

/** The project, and the fake model server scripted with the three turns. */
export interface Scenario {
  readonly project: AdapterProject;
  readonly server: FakeModelServer;
  /** The host's system prompt with the session's catalog section. */
  readonly system: string;
  readonly prompt: string;
  close(): Promise<void>;
}

/** Starts the scenario; `lastCall` joins turn 2 (malformed JSON where the wire allows it). */
export async function startScenario(lastCall: FakeToolCall): Promise<Scenario> {
  const project = await openAdapterProject();
  const server = await startFakeModelServer({
    script: [
      { toolCalls: [ACTIVATE_CALL] },
      { text: 'Reading.', toolCalls: [...READ_AND_HOSTILE_CALLS, lastCall] },
      { text: 'Done.' },
    ],
  });
  return {
    project,
    server,
    system: `You fill in forms.\n\n${project.session.systemPromptSection}`,
    prompt: 'Fill in the visa form.',
    async close() {
      await server.close();
      await project.remove();
    },
  };
}
