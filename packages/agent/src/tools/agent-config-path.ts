import { readFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';

/** Folders whose every file configures an agent or runs as a command (SPEC SEC2), lower case. */
const CONFIG_FOLDERS: Readonly<Record<string, string>> = {
  '.skilldock': 'Skilldock settings (models, MCP servers that start commands, skills)',
  '.qwen': 'Qwen Code configuration (settings, skills, subagents)',
  '.claude': 'Claude Code configuration (settings, hooks, skills, subagents)',
  '.git': 'the git repository (its config and hooks run commands)',
  '.husky': 'git hooks (commands git runs)',
  '.githooks': 'git hooks (commands git runs)',
};

/** Folders under `.agents` that define agents rather than skills (SPEC A1, S7). */
const AGENTS_SUBFOLDERS: Readonly<Record<string, string>> = {
  agents: 'subagent definitions',
  'fork-profiles': 'fork profiles of subagents',
};

/** Files that configure an agent wherever they are. */
const CONFIG_FILES: Readonly<Record<string, string>> = {
  '.mcp.json': 'MCP server configuration (servers start commands)',
  'skills-lock.json': "the project's skill lock",
};

/**
 * One path segment as a case-insensitive file system would see it: lower case, without the
 * trailing dots and spaces Windows drops, and without an NTFS stream suffix (`name:stream`).
 */
function normaliseSegment(segment: string): string {
  return segment
    .split(':')[0]!
    .replace(/[. ]+$/, '')
    .toLowerCase();
}

// An 8.3 short name (`SKILLD~1`) may be an alias of any long name, a configuration folder included.
const SHORT_NAME = /~\d+(\.[^.]*)?$/;

/**
 * What the file at `pathInProject` (relative to the real project root, links already resolved)
 * configures, or `undefined` for an ordinary project file. Matching is case-insensitive and
 * ignores trailing dots, trailing spaces and stream suffixes, so `.SkillDock./settings.json` and
 * `.MCP.json::$DATA` count; a segment that looks like an 8.3 short name counts too.
 * `hooksPath` is the project's configured `core.hooksPath`, relative to the project root.
 * @example describeAgentConfigPath('.skilldock/settings.json') // 'Skilldock settings (…)'
 */
export function describeAgentConfigPath(pathInProject: string, hooksPath?: string): string | undefined {
  const raw = pathInProject.split(/[\\/]+/).filter((segment) => segment !== '' && segment !== '.');
  const segments = raw.map(normaliseSegment);
  for (const [index, segment] of segments.entries()) {
    const folder = CONFIG_FOLDERS[segment];
    if (folder !== undefined) return folder;
    if (segment === '.agents') {
      const below = AGENTS_SUBFOLDERS[segments[index + 1] ?? ''];
      if (below !== undefined) return below;
    }
    if (SHORT_NAME.test(raw[index]!)) return 'an 8.3 short name that may stand for a configuration folder';
  }
  const file = CONFIG_FILES[segments.at(-1) ?? ''];
  if (file !== undefined) return file;
  if (hooksPath !== undefined) {
    const hooks = hooksPath.split(/[\\/]+/).filter((segment) => segment !== '' && segment !== '.');
    const normalisedHooks = hooks.map(normaliseSegment);
    if (
      normalisedHooks.length > 0 &&
      normalisedHooks.every((segment, index) => segments[index] === segment)
    ) {
      return 'git hooks (the folder core.hooksPath names)';
    }
  }
  return undefined;
}

/**
 * The project's `core.hooksPath` from `<root>/.git/config`, relative to the root, when it points
 * inside the project; `undefined` otherwise (no repository, no setting, or a folder elsewhere).
 */
export async function readHooksPath(realProjectRoot: string): Promise<string | undefined> {
  const text = await readFile(join(realProjectRoot, '.git', 'config'), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  const match = /^\s*hookspath\s*=\s*(?:"([^"]*)"|(.*?))\s*$/im.exec(text);
  const value = match?.[1] ?? match?.[2];
  if (value === undefined || value === '') return undefined;
  const absolute = isAbsolute(value) ? value : resolve(realProjectRoot, value);
  const inside = relative(realProjectRoot, absolute);
  return inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside)
    ? undefined
    : inside;
}
