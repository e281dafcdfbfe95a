import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Writes `<root>/<folder>/<file>` (folder like `.qwen/agents`) and returns its path. */
export async function writeAgentFile(
  root: string,
  folder: string,
  file: string,
  text: string,
): Promise<string> {
  const directory = path.join(root, folder);
  await mkdir(directory, { recursive: true });
  const target = path.join(directory, file);
  await writeFile(target, text);
  return target;
}

/** A minimal valid agent file with the given name, description and extra frontmatter lines. */
export function agentText(
  name: string,
  description = `The ${name} agent.`,
  extra: readonly string[] = [],
): string {
  return `---\nname: ${name}\ndescription: ${description}\n${extra.map((line) => `${line}\n`).join('')}---\nYou are ${name}.\n`;
}
