import type { AgentDefinition, AgentPath, AgentPathRoot } from './agent-definition.js';

// Written by hand from the `agents` table of the `skills` CLI, npm `skills` 1.5.18 (dist/cli.mjs).
// test/install/targets/agent-table.test.ts loads that table at test time and compares every field.

const at =
  (root: AgentPathRoot) =>
  (path = ''): AgentPath => ({ root, path });
const home = at('home');
const config = at('config');
const project = at('project');
const absolute = at('absolute');
const exists = (path: AgentPath) => ({ exists: path });

/** Shorthand for the common shape: `<dir>/skills` in the project and `~/<dir>/skills`, detected by `~/<dir>`. */
function dotFolder(id: string, displayName: string, folder: string): AgentDefinition {
  return {
    id,
    displayName,
    projectDirectory: `${folder}/skills`,
    globalDirectory: home(`${folder}/skills`),
    detect: [exists(home(folder))],
  };
}

/** Every agent, in the `skills` CLI's order; `universal` is the shared `.agents/skills` folder itself. */
export const AGENT_TABLE: readonly AgentDefinition[] = [
  dotFolder('aider-desk', 'AiderDesk', '.aider-desk'),
  {
    id: 'amp',
    displayName: 'Amp',
    projectDirectory: '.agents/skills',
    globalDirectory: config('agents/skills'),
    detect: [exists(config('amp'))],
  },
  {
    id: 'antigravity',
    displayName: 'Antigravity',
    projectDirectory: '.agents/skills',
    globalDirectory: home('.gemini/antigravity/skills'),
    detect: [exists(home('.gemini/antigravity'))],
  },
  {
    id: 'antigravity-cli',
    displayName: 'Antigravity CLI',
    projectDirectory: '.agents/skills',
    globalDirectory: home('.gemini/antigravity-cli/skills'),
    detect: [exists(home('.gemini/antigravity-cli'))],
  },
  {
    id: 'astrbot',
    displayName: 'AstrBot',
    projectDirectory: 'data/skills',
    globalDirectory: home('.astrbot/data/skills'),
    detect: [exists(project('data/skills')), exists(home('.astrbot'))],
  },
  {
    id: 'autohand-code',
    displayName: 'Autohand Code CLI',
    projectDirectory: '.autohand/skills',
    globalDirectory: at('autohand-home')('skills'),
    detect: [exists(at('autohand-home')())],
  },
  dotFolder('augment', 'Augment', '.augment'),
  dotFolder('bob', 'IBM Bob', '.bob'),
  {
    id: 'claude-code',
    displayName: 'Claude Code',
    projectDirectory: '.claude/skills',
    globalDirectory: at('claude-home')('skills'),
    detect: [exists(at('claude-home')())],
  },
  {
    id: 'openclaw',
    displayName: 'OpenClaw',
    projectDirectory: 'skills',
    globalDirectory: home('.openclaw/skills'),
    globalDirectoryByMarker: [
      { marker: home('.openclaw'), directory: home('.openclaw/skills') },
      { marker: home('.clawdbot'), directory: home('.clawdbot/skills') },
      { marker: home('.moltbot'), directory: home('.moltbot/skills') },
    ],
    detect: [exists(home('.openclaw')), exists(home('.clawdbot')), exists(home('.moltbot'))],
  },
  {
    id: 'cline',
    displayName: 'Cline',
    projectDirectory: '.agents/skills',
    globalDirectory: home('.agents/skills'),
    detect: [exists(home('.cline'))],
  },
  {
    id: 'codearts-agent',
    displayName: 'CodeArts Agent',
    projectDirectory: '.codeartsdoer/skills',
    globalDirectory: home('.codeartsdoer/skills'),
    detect: [exists(home('.codeartsdoer'))],
  },
  {
    id: 'codebuddy',
    displayName: 'CodeBuddy',
    projectDirectory: '.codebuddy/skills',
    globalDirectory: home('.codebuddy/skills'),
    detect: [exists(project('.codebuddy')), exists(home('.codebuddy'))],
  },
  dotFolder('codemaker', 'Codemaker', '.codemaker'),
  dotFolder('codestudio', 'Code Studio', '.codestudio'),
  {
    id: 'codex',
    displayName: 'Codex',
    projectDirectory: '.agents/skills',
    globalDirectory: at('codex-home')('skills'),
    detect: [exists(at('codex-home')()), exists(absolute('/etc/codex'))],
  },
  {
    id: 'command-code',
    displayName: 'Command Code',
    projectDirectory: '.commandcode/skills',
    globalDirectory: home('.commandcode/skills'),
    detect: [exists(home('.commandcode'))],
  },
  {
    id: 'continue',
    displayName: 'Continue',
    projectDirectory: '.continue/skills',
    globalDirectory: home('.continue/skills'),
    detect: [exists(project('.continue')), exists(home('.continue'))],
  },
  {
    id: 'cortex',
    displayName: 'Cortex Code',
    projectDirectory: '.cortex/skills',
    globalDirectory: home('.snowflake/cortex/skills'),
    detect: [exists(home('.snowflake/cortex'))],
  },
  {
    id: 'crush',
    displayName: 'Crush',
    projectDirectory: '.crush/skills',
    globalDirectory: home('.config/crush/skills'),
    detect: [exists(home('.config/crush'))],
  },
  {
    id: 'cursor',
    displayName: 'Cursor',
    projectDirectory: '.agents/skills',
    globalDirectory: home('.cursor/skills'),
    detect: [exists(home('.cursor'))],
  },
  {
    id: 'deepagents',
    displayName: 'Deep Agents',
    projectDirectory: '.agents/skills',
    globalDirectory: home('.deepagents/agent/skills'),
    detect: [exists(home('.deepagents'))],
  },
  {
    id: 'devin',
    displayName: 'Devin for Terminal',
    projectDirectory: '.devin/skills',
    globalDirectory: config('devin/skills'),
    detect: [exists(config('devin'))],
  },
  {
    id: 'dexto',
    displayName: 'Dexto',
    projectDirectory: '.agents/skills',
    globalDirectory: home('.agents/skills'),
    showInUniversalPrompt: false,
    detect: [exists(home('.dexto'))],
  },
  {
    id: 'droid',
    displayName: 'Droid',
    projectDirectory: '.factory/skills',
    globalDirectory: home('.factory/skills'),
    detect: [exists(home('.factory'))],
  },
  {
    id: 'eve',
    displayName: 'Eve',
    projectDirectory: 'agent/skills',
    detect: [{ exists: project('agent'), dependency: 'eve' }],
  },
  {
    id: 'firebender',
    displayName: 'Firebender',
    projectDirectory: '.agents/skills',
    globalDirectory: home('.firebender/skills'),
    showInUniversalPrompt: false,
    detect: [exists(home('.firebender'))],
  },
  dotFolder('forgecode', 'ForgeCode', '.forge'),
  {
    id: 'gemini-cli',
    displayName: 'Gemini CLI',
    projectDirectory: '.agents/skills',
    globalDirectory: home('.gemini/skills'),
    detect: [exists(home('.gemini'))],
  },
  {
    id: 'github-copilot',
    displayName: 'GitHub Copilot',
    projectDirectory: '.agents/skills',
    globalDirectory: home('.copilot/skills'),
    detect: [exists(home('.copilot'))],
  },
  {
    id: 'goose',
    displayName: 'Goose',
    projectDirectory: '.goose/skills',
    globalDirectory: config('goose/skills'),
    detect: [exists(config('goose'))],
  },
  {
    id: 'hermes-agent',
    displayName: 'Hermes Agent',
    projectDirectory: '.hermes/skills',
    globalDirectory: at('hermes-home')('skills'),
    detect: [exists(at('hermes-home')())],
  },
  dotFolder('inference-sh', 'inference.sh', '.inferencesh'),
  {
    id: 'jazz',
    displayName: 'Jazz',
    projectDirectory: '.jazz/skills',
    globalDirectory: home('.jazz/skills'),
    detect: [exists(home('.jazz')), exists(project('.jazz'))],
  },
  dotFolder('junie', 'Junie', '.junie'),
  dotFolder('iflow-cli', 'iFlow CLI', '.iflow'),
  dotFolder('kilo', 'Kilo Code', '.kilocode'),
  {
    id: 'kimi-code-cli',
    displayName: 'Kimi Code CLI',
    projectDirectory: '.agents/skills',
    globalDirectory: home('.agents/skills'),
    detect: [exists(home('.kimi-code')), exists(home('.kimi'))],
  },
  dotFolder('kiro-cli', 'Kiro CLI', '.kiro'),
  dotFolder('kode', 'Kode', '.kode'),
  dotFolder('lingma', 'Lingma', '.lingma'),
  {
    id: 'loaf',
    displayName: 'Loaf',
    projectDirectory: '.agents/skills',
    globalDirectory: home('.agents/skills'),
    showInUniversalPrompt: false,
    detect: [exists(home('.loaf'))],
  },
  dotFolder('mcpjam', 'MCPJam', '.mcpjam'),
  {
    id: 'mistral-vibe',
    displayName: 'Mistral Vibe',
    projectDirectory: '.vibe/skills',
    globalDirectory: at('vibe-home')('skills'),
    detect: [exists(at('vibe-home')())],
  },
  dotFolder('moxby', 'Moxby', '.moxby'),
  dotFolder('mux', 'Mux', '.mux'),
  {
    id: 'opencode',
    displayName: 'OpenCode',
    projectDirectory: '.agents/skills',
    globalDirectory: config('opencode/skills'),
    detect: [exists(config('opencode'))],
  },
  dotFolder('openhands', 'OpenHands', '.openhands'),
  dotFolder('ona', 'Ona', '.ona'),
  {
    id: 'pi',
    displayName: 'Pi',
    projectDirectory: '.pi/skills',
    globalDirectory: home('.pi/agent/skills'),
    detect: [exists(home('.pi/agent'))],
  },
  dotFolder('qoder', 'Qoder', '.qoder'),
  {
    id: 'qoder-cn',
    displayName: 'Qoder CN',
    projectDirectory: '.qoder/skills',
    globalDirectory: home('.qoder-cn/skills'),
    detect: [exists(home('.qoder-cn'))],
  },
  dotFolder('qwen-code', 'Qwen Code', '.qwen'),
  {
    id: 'replit',
    displayName: 'Replit',
    projectDirectory: '.agents/skills',
    globalDirectory: config('agents/skills'),
    showInUniversalList: false,
    detect: [exists(project('.replit'))],
  },
  dotFolder('reasonix', 'Reasonix', '.reasonix'),
  dotFolder('rovodev', 'Rovo Dev', '.rovodev'),
  dotFolder('roo', 'Roo Code', '.roo'),
  {
    id: 'tabnine-cli',
    displayName: 'Tabnine CLI',
    projectDirectory: '.tabnine/agent/skills',
    globalDirectory: home('.tabnine/agent/skills'),
    detect: [exists(home('.tabnine'))],
  },
  dotFolder('terramind', 'Terramind', '.terramind'),
  dotFolder('tinycloud', 'Tinycloud', '.tinycloud'),
  dotFolder('trae', 'Trae', '.trae'),
  {
    id: 'trae-cn',
    displayName: 'Trae CN',
    projectDirectory: '.trae/skills',
    globalDirectory: home('.trae-cn/skills'),
    detect: [exists(home('.trae-cn'))],
  },
  {
    id: 'warp',
    displayName: 'Warp',
    projectDirectory: '.agents/skills',
    globalDirectory: home('.agents/skills'),
    detect: [exists(home('.warp'))],
  },
  {
    id: 'windsurf',
    displayName: 'Windsurf',
    projectDirectory: '.windsurf/skills',
    globalDirectory: home('.codeium/windsurf/skills'),
    detect: [exists(home('.codeium/windsurf'))],
  },
  {
    id: 'zed',
    displayName: 'Zed',
    projectDirectory: '.agents/skills',
    globalDirectory: home('.agents/skills'),
    detect: [exists(config('zed')), exists(at('appdata')('Zed')), exists(at('flatpak-config')('zed'))],
  },
  {
    id: 'zcode',
    displayName: 'ZCode',
    projectDirectory: '.zcode/skills',
    globalDirectory: home('.zcode/skills'),
    detect: [exists(home('.zcode')), exists(absolute('/Applications/ZCode.app'))],
  },
  dotFolder('zencoder', 'Zencoder', '.zencoder'),
  {
    id: 'zenflow',
    displayName: 'Zenflow',
    projectDirectory: '.zencoder/skills',
    globalDirectory: home('.zencoder/skills'),
    detect: [exists(home('.zencoder'))],
  },
  dotFolder('neovate', 'Neovate', '.neovate'),
  dotFolder('pochi', 'Pochi', '.pochi'),
  {
    id: 'promptscript',
    displayName: 'PromptScript',
    projectDirectory: '.agents/skills',
    showInUniversalPrompt: false,
    detect: [exists(project('.promptscript')), exists(project('promptscript.yaml'))],
  },
  dotFolder('adal', 'AdaL', '.adal'),
  {
    id: 'universal',
    displayName: 'Universal',
    projectDirectory: '.agents/skills',
    globalDirectory: config('agents/skills'),
    showInUniversalList: false,
    detect: [],
  },
];

/** Every agent id, in table order. */
export const AGENT_IDS: readonly string[] = AGENT_TABLE.map((agent) => agent.id);

const byId = new Map(AGENT_TABLE.map((agent) => [agent.id, agent]));

/** The agent with this id, or `undefined`. */
export function findAgent(id: string): AgentDefinition | undefined {
  return byId.get(id);
}
