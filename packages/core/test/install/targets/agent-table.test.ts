import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { agentGlobalDirectory, isAgentInstalled } from '../../../src/install/targets/agent-environment.js';
import { AGENT_TABLE } from '../../../src/install/targets/agent-table.js';

const SKILLS_DIST = fileURLToPath(
  new URL('../../../../../node_modules/skills/dist/cli.mjs', import.meta.url),
);

interface TheirAgent {
  name: string;
  displayName: string;
  skillsDir: string;
  globalSkillsDir: string | undefined;
  showInUniversalList?: boolean;
  showInUniversalPrompt?: boolean;
  detectInstalled: () => Promise<boolean>;
}

/**
 * Evaluates the `agents` table of the installed `skills` CLI (npm `skills` 1.5.18) with a chosen
 * home folder, working folder and environment, the way its module would see them.
 */
function loadTheirAgents(home: string, cwd: string, env: Record<string, string>): Record<string, TheirAgent> {
  const source = readFileSync(SKILLS_DIST, 'utf8');
  const start = source.indexOf('const home = homedir();');
  const end = source.indexOf('async function detectInstalledAgents');
  if (start < 0 || end < 0) throw new Error('the skills CLI layout changed: agents table not found');
  const code = `${source.slice(start, end)}\nagents;`;
  const context = vm.createContext({
    homedir: () => home,
    join: path.join,
    existsSync,
    readFileSync,
    xdgConfig: env.XDG_CONFIG_HOME || path.join(home, '.config'),
    process: { env, cwd: () => cwd },
  });
  return vm.runInContext(code, context) as Record<string, TheirAgent>;
}

const base = mkdtempSync(path.join(tmpdir(), 'skilldock-agents-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('agent table', () => {
  it('P7 has the same agent ids, names and folders as the skills CLI', () => {
    const home = path.join(base, 'home-a');
    const project = path.join(base, 'project-a');
    mkdirSync(home, { recursive: true });
    mkdirSync(project, { recursive: true });
    const theirs = loadTheirAgents(home, project, {});
    expect(AGENT_TABLE.map((agent) => agent.id)).toEqual(Object.keys(theirs));
    expect(AGENT_TABLE.length).toBeGreaterThan(60);
    for (const agent of AGENT_TABLE) {
      const their = theirs[agent.id] as TheirAgent;
      expect({ id: agent.id, name: agent.displayName, dir: agent.projectDirectory }).toEqual({
        id: their.name,
        name: their.displayName,
        dir: their.skillsDir,
      });
      expect([agent.id, agentGlobalDirectory(agent, { home, projectRoot: project, env: {} })]).toEqual([
        agent.id,
        their.globalSkillsDir,
      ]);
      expect([agent.id, agent.showInUniversalList, agent.showInUniversalPrompt]).toEqual([
        agent.id,
        their.showInUniversalList,
        their.showInUniversalPrompt,
      ]);
    }
  });

  it('P7 follows CODEX_HOME, CLAUDE_CONFIG_DIR and XDG_CONFIG_HOME like the skills CLI', () => {
    const home = path.join(base, 'home-b');
    const project = path.join(base, 'project-b');
    mkdirSync(home, { recursive: true });
    mkdirSync(project, { recursive: true });
    const env = {
      CODEX_HOME: path.join(base, 'codex'),
      CLAUDE_CONFIG_DIR: path.join(base, 'claude'),
      XDG_CONFIG_HOME: path.join(base, 'xdg'),
      VIBE_HOME: path.join(base, 'vibe'),
      HERMES_HOME: path.join(base, 'hermes'),
      AUTOHAND_HOME: path.join(base, 'autohand'),
    };
    const theirs = loadTheirAgents(home, project, env);
    for (const agent of AGENT_TABLE) {
      expect([agent.id, agentGlobalDirectory(agent, { home, projectRoot: project, env })]).toEqual([
        agent.id,
        theirs[agent.id]?.globalSkillsDir,
      ]);
    }
    expect(
      agentGlobalDirectory(AGENT_TABLE.find((agent) => agent.id === 'codex')!, {
        home,
        projectRoot: project,
        env,
      }),
    ).toBe(path.join(base, 'codex', 'skills'));
  });

  it('P7 detects installed agents from the same folders as the skills CLI', async () => {
    const home = path.join(base, 'home-c');
    const project = path.join(base, 'project-c');
    const env = { XDG_CONFIG_HOME: path.join(home, '.config') };
    for (const folder of [
      '.claude',
      '.codex',
      '.qwen',
      '.gemini',
      '.cursor',
      '.codeium/windsurf',
      '.config/opencode',
      '.clawdbot',
    ]) {
      mkdirSync(path.join(home, folder), { recursive: true });
    }
    for (const folder of ['.continue', 'agent', '.replit'])
      mkdirSync(path.join(project, folder), { recursive: true });
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ dependencies: { eve: '1' } }));
    const theirs = loadTheirAgents(home, project, env);
    const theirDetected: string[] = [];
    for (const [id, agent] of Object.entries(theirs))
      if (await agent.detectInstalled()) theirDetected.push(id);
    const ours = AGENT_TABLE.filter((agent) =>
      isAgentInstalled(agent, { home, projectRoot: project, env }),
    ).map((agent) => agent.id);
    expect(ours).toEqual(theirDetected);
    expect(ours).toEqual(
      expect.arrayContaining(['claude-code', 'codex', 'qwen-code', 'eve', 'openclaw', 'replit']),
    );
    // OpenClaw's personal folder follows the legacy home that exists, as in the skills CLI.
    const openclaw = AGENT_TABLE.find((agent) => agent.id === 'openclaw')!;
    expect(agentGlobalDirectory(openclaw, { home, projectRoot: project, env })).toBe(
      path.join(home, '.clawdbot/skills'),
    );
    expect(theirs.openclaw?.globalSkillsDir).toBe(path.join(home, '.clawdbot/skills'));
  });
});
