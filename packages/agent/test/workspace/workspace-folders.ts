import { mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The real MCP test server (stdio), started by workspaces that approve it. */
export const MCP_TEST_SERVER = fileURLToPath(new URL('../fixtures/mcp-test-server.mjs', import.meta.url));

/** A temp project (a git root, so it is the project root) and a temp home. */
export interface WorkspaceFolders {
  readonly project: string;
  readonly home: string;
  cleanup(): Promise<void>;
}

export async function makeWorkspaceFolders(): Promise<WorkspaceFolders> {
  const base = await realpath(await mkdtemp(path.join(tmpdir(), 'skilldock-workspace-')));
  const project = path.join(base, 'project');
  const home = path.join(base, 'home');
  await mkdir(path.join(project, '.git'), { recursive: true });
  await mkdir(home);
  return { project, home, cleanup: () => rm(base, { recursive: true, force: true }) };
}

/** Writes `<root>/.skilldock/settings.json`. */
export async function writeSettings(root: string, settings: unknown): Promise<void> {
  await mkdir(path.join(root, '.skilldock'), { recursive: true });
  await writeFile(path.join(root, '.skilldock', 'settings.json'), JSON.stringify(settings, null, 2));
}

/** Writes `<root>/.agents/skills/<id>/SKILL.md`. */
export async function writeSkill(root: string, id: string, description: string): Promise<void> {
  const folder = path.join(root, '.agents', 'skills', id);
  await mkdir(folder, { recursive: true });
  await writeFile(
    path.join(folder, 'SKILL.md'),
    `---\nname: ${id}\ndescription: ${description}\n---\nDo it well.\n`,
  );
}
