import { readFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { relativePathInside } from '@skilldock/core/format';
import { AGENT_SKILL_FOLDERS } from '@skilldock/core/install';
import { foldFileName } from './fold-file-name.js';

/**
 * Folders whose every file configures an agent, an editor, CI or git, or runs as a command
 * (SPEC SEC2, SEC6). Every name in these tables is compared folded ({@link foldFileName}).
 */
const NAMED_CONFIG_FOLDERS: Readonly<Record<string, string>> = {
  '.skilldock': 'Skilldock settings (models, MCP servers that start commands, skills)',
  '.qwen': 'Qwen Code configuration (settings, skills, subagents)',
  '.claude': 'Claude Code configuration (settings, hooks, skills, subagents)',
  '.cursor': 'Cursor configuration (MCP servers that start commands, rules, skills)',
  '.codex': 'Codex configuration (settings, MCP servers that start commands, skills)',
  '.gemini': 'Gemini CLI configuration (settings, MCP servers that start commands, skills)',
  '.windsurf': 'Windsurf configuration (rules, workflows, skills)',
  '.vscode': 'VS Code configuration (tasks and launch commands, settings, MCP servers)',
  '.idea': 'JetBrains IDE configuration (run configurations, settings)',
  '.devcontainer': 'the dev container definition (commands editors run when they open the project)',
  '.git': 'the git repository (its config and hooks run commands)',
  '.husky': 'git hooks (commands git runs)',
  '.githooks': 'git hooks (commands git runs)',
};

/**
 * Every agent's own dot folder (`.cline`, `.roo`, `.kiro`, …): the folder that holds its skills
 * also holds its settings and MCP servers. `.agents` and `.github` are shared; their own rules
 * are in {@link CONFIG_SUBFOLDERS}.
 */
const CONFIG_FOLDERS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    AGENT_SKILL_FOLDERS.map((folder) => folder.split('/')[0]!)
      .filter((folder) => folder !== '.agents' && folder !== '.github')
      .map((folder) => [folder, `the ${folder} agent's configuration (settings, MCP servers, skills)`]),
  ),
  ...NAMED_CONFIG_FOLDERS,
};

/** Folders under a shared folder that configure an agent or CI; the rest of it is ordinary. */
const CONFIG_SUBFOLDERS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '.agents': {
    agents: 'subagent definitions',
    'fork-profiles': 'fork profiles of subagents',
    skills: 'skills (instructions and scripts agents load and run)',
  },
  '.github': {
    workflows: 'CI workflows (commands GitHub Actions runs)',
    actions: 'CI actions (commands GitHub Actions runs)',
    skills: 'skills (instructions and scripts agents load and run)',
    'copilot-instructions.md': 'GitHub Copilot instructions',
  },
};

/** Files that configure an agent or run as commands wherever they are. */
const CONFIG_FILES: Readonly<Record<string, string>> = {
  '.mcp.json': 'MCP server configuration (servers start commands)',
  'skills-lock.json': "the project's skill lock",
  '.gitlab-ci.yml': 'CI configuration (commands GitLab runs)',
  '.pre-commit-config.yaml': 'pre-commit hooks (commands git runs)',
  '.cursorrules': 'Cursor rules (instructions the agent follows)',
  '.windsurfrules': 'Windsurf rules (instructions the agent follows)',
};

/** `.env`, `.env.local`, `.envrc`, …: loaded into the environment of commands (direnv, dotenv). */
const ENVIRONMENT_LOADER = '.env';
const ENVIRONMENT_LOADER_DESCRIPTION = 'environment variables a loader sets for commands (direnv, dotenv)';

// An 8.3 short name (`SKILLD~1`) may be an alias of any long name, a configuration folder included.
const SHORT_NAME = /~\d+(\.[^.]*)?$/;

/** The tables with every name folded, made on first use (folding loads the confusables table). */
interface FoldedTables {
  readonly folders: ReadonlyMap<string, string>;
  readonly subfolders: ReadonlyMap<string, ReadonlyMap<string, string>>;
  readonly files: ReadonlyMap<string, string>;
  readonly environmentLoader: string;
}
let folded: FoldedTables | undefined;

function foldKeys(table: Readonly<Record<string, string>>): ReadonlyMap<string, string> {
  return new Map(Object.entries(table).map(([name, description]) => [foldFileName(name), description]));
}

function foldedTables(): FoldedTables {
  folded ??= {
    folders: foldKeys(CONFIG_FOLDERS),
    subfolders: new Map(
      Object.entries(CONFIG_SUBFOLDERS).map(([name, below]) => [foldFileName(name), foldKeys(below)]),
    ),
    files: foldKeys(CONFIG_FILES),
    environmentLoader: foldFileName(ENVIRONMENT_LOADER),
  };
  return folded;
}

/**
 * What the file at `pathInProject` (relative to the real project root, links already resolved)
 * configures, or `undefined` for an ordinary project file: the one list of SPEC SEC2 and SEC6.
 * Agents' and editors' folders (`.skilldock/`, `.claude/`, `.cursor/`, `.vscode/`, …), skill
 * folders (`.agents/skills/`, `.github/skills/`), CI and hooks (`.github/workflows/`, `.git/`,
 * `.husky/`, `.gitlab-ci.yml`, `.pre-commit-config.yaml`), environment loaders (`.env*`) and
 * MCP files count, at any depth. Each segment is compared folded ({@link foldFileName}: case,
 * Unicode compatibility forms and look-alikes, invisible characters, trailing dots and spaces,
 * stream suffixes); a segment that looks like an 8.3 short name counts too.
 * `hooksPath` is the project's configured `core.hooksPath`, relative to the project root.
 * @example describeAgentConfigPath('.skilldock/settings.json') // 'Skilldock settings (…)'
 * @example describeAgentConfigPath('./.CURSOR//mcp.json') // 'Cursor configuration (…)'
 */
export function describeAgentConfigPath(pathInProject: string, hooksPath?: string): string | undefined {
  const tables = foldedTables();
  const raw = pathInProject.split(/[\\/]+/).filter((segment) => segment !== '' && segment !== '.');
  const segments = raw.map(foldFileName);
  for (const [index, segment] of segments.entries()) {
    const folder = tables.folders.get(segment);
    if (folder !== undefined) return folder;
    const below = tables.subfolders.get(segment)?.get(segments[index + 1] ?? '');
    if (below !== undefined) return below;
    if (segment.startsWith(tables.environmentLoader)) return ENVIRONMENT_LOADER_DESCRIPTION;
    if (SHORT_NAME.test(raw[index]!)) return 'an 8.3 short name that may stand for a configuration folder';
  }
  const file = tables.files.get(segments.at(-1) ?? '');
  if (file !== undefined) return file;
  if (hooksPath !== undefined) {
    const hooks = hooksPath.split(/[\\/]+/).filter((segment) => segment !== '' && segment !== '.');
    const foldedHooks = hooks.map(foldFileName);
    if (foldedHooks.length > 0 && foldedHooks.every((segment, index) => segments[index] === segment)) {
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
  return relativePathInside(realProjectRoot, absolute);
}
