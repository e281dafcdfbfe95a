import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentEvent, ApprovalRequest } from '@skilldock/agent/loop';
import type { ApprovalMode } from '@skilldock/agent/policy';
import { createEditTool, createWriteFileTool, describeAgentConfigPath } from '@skilldock/agent/tools';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import { type LoopSetup, startLoop, temporaryProject } from './loop-harness.js';

/**
 * Files another tool runs or loads as configuration (SPEC SEC6): the requested path, and the file
 * it really is (links resolved). Each is a command or instructions some other program runs, so a
 * write asks even in auto-edit.
 */
const OTHER_TOOLS_CONFIG: readonly { requested: string; file: string }[] = [
  // The reproduction of issue 23.
  { requested: '.cursor/mcp.json', file: '.cursor/mcp.json' },
  { requested: '.codex/config.toml', file: '.codex/config.toml' },
  { requested: '.gemini/settings.json', file: '.gemini/settings.json' },
  { requested: '.vscode/tasks.json', file: '.vscode/tasks.json' },
  { requested: '.agents/skills/evil/SKILL.md', file: '.agents/skills/evil/SKILL.md' },
  // The rest of SEC6's list.
  { requested: '.windsurf/rules/always.md', file: '.windsurf/rules/always.md' },
  { requested: '.vscode/settings.json', file: '.vscode/settings.json' },
  { requested: '.vscode/mcp.json', file: '.vscode/mcp.json' },
  { requested: '.idea/workspace.xml', file: '.idea/workspace.xml' },
  { requested: '.github/workflows/ci.yml', file: '.github/workflows/ci.yml' },
  { requested: '.github/actions/setup/action.yml', file: '.github/actions/setup/action.yml' },
  { requested: '.gitlab-ci.yml', file: '.gitlab-ci.yml' },
  { requested: '.husky/pre-commit', file: '.husky/pre-commit' },
  { requested: '.pre-commit-config.yaml', file: '.pre-commit-config.yaml' },
  { requested: '.git/hooks/pre-push', file: '.git/hooks/pre-push' },
  { requested: '.envrc', file: '.envrc' },
  { requested: 'services/api/.envrc', file: 'services/api/.envrc' },
  { requested: '.env', file: '.env' },
  { requested: '.env.local', file: '.env.local' },
  { requested: '.claude/skills/pdf/SKILL.md', file: '.claude/skills/pdf/SKILL.md' },
  { requested: '.qwen/skills/pdf/scripts/run.sh', file: '.qwen/skills/pdf/scripts/run.sh' },
  { requested: '.cline/skills/pdf/SKILL.md', file: '.cline/skills/pdf/SKILL.md' },
  { requested: '.github/skills/pdf/SKILL.md', file: '.github/skills/pdf/SKILL.md' },
  // Case, traversal and doubled separators.
  { requested: './.CURSOR//mcp.json', file: '.CURSOR/mcp.json' },
  { requested: 'a/../.cursor/rules.json', file: '.cursor/rules.json' },
  { requested: 'src/./../.Github/WorkFlows/release.yml', file: '.Github/WorkFlows/release.yml' },
  { requested: '.AGENTS/Skills/Evil2/skill.md', file: '.AGENTS/Skills/Evil2/skill.md' },
  { requested: '.ENVRC', file: '.ENVRC' },
  { requested: '.vscode./tasks.json', file: '.vscode./tasks.json' },
  { requested: '.gitlab-ci.yml ', file: '.gitlab-ci.yml ' },
  // Links: a folder link, a file link, and a link that does not lead anywhere yet.
  { requested: 'editor/launch.json', file: '.vscode/launch.json' },
  { requested: 'deploy.yml', file: '.github/workflows/deploy.yml' },
  { requested: 'skills-here/other/SKILL.md', file: '.agents/skills/other/SKILL.md' },
  { requested: 'new-hook', file: '.husky/post-merge' },
  // Unicode spellings a file system or a loader folds to the same name.
  { requested: '.ｃｕｒｓｏｒ/mcp.json', file: '.ｃｕｒｓｏｒ/mcp.json' },
  { requested: '.cur\u200Bsor/mcp.json', file: '.cur\u200Bsor/mcp.json' },
  { requested: '.hu\u017Fky/pre-commit', file: '.hu\u017Fky/pre-commit' },
  { requested: '.g\u0131thub/workflows/x.yml', file: '.g\u0131thub/workflows/x.yml' },
  { requested: '.co\u200Ddex/config.toml', file: '.co\u200Ddex/config.toml' },
  // Look-alikes from other scripts (Cyrillic с, Greek ο): they read as the name they imitate.
  { requested: '.\u0441ursor/mcp.json', file: '.\u0441ursor/mcp.json' },
  { requested: '.vsc\u03BFde/tasks.json', file: '.vsc\u03BFde/tasks.json' },
];

/** Ordinary project files: written without asking in auto-edit (the control rows). */
const ORDINARY: readonly { requested: string; file: string }[] = [
  { requested: 'src/app.ts', file: 'src/app.ts' },
  { requested: '.github/ISSUE_TEMPLATE/bug.md', file: '.github/ISSUE_TEMPLATE/bug.md' },
  { requested: 'docs/environment.md', file: 'docs/environment.md' },
  { requested: '.agents/notes.md', file: '.agents/notes.md' },
];

const ALL_PATHS = [...ORDINARY, ...OTHER_TOOLS_CONFIG];
/** The row whose link leads to a file that does not exist yet. */
const DANGLING = 'new-hook';

const TOOLS = [
  {
    name: 'write_file',
    create: createWriteFileTool,
    arguments: (requested: string) => ({ path: requested, content: 'new' }),
  },
  {
    name: 'edit',
    create: createEditTool,
    arguments: (requested: string) => ({ path: requested, old_string: 'old', new_string: 'new' }),
  },
] as const;

interface ModeCase {
  readonly name: string;
  readonly modes: readonly ApprovalMode[];
  readonly interactive: boolean;
}

const AUTO_EDIT_CASES: readonly ModeCase[] = [
  { name: 'auto-edit, interactive', modes: ['auto-edit'], interactive: true },
  { name: 'auto-edit, headless', modes: ['auto-edit'], interactive: false },
];

let project: Awaited<ReturnType<typeof temporaryProject>>;
let setup: LoopSetup | undefined;
beforeEach(async () => {
  project = await temporaryProject();
  for (const { requested, file } of ALL_PATHS) {
    if (requested === DANGLING) continue;
    const absolute = path.join(project.root, file);
    await mkdir(path.dirname(absolute), { recursive: true });
    await writeFile(absolute, 'old');
  }
  await symlink('.vscode', path.join(project.root, 'editor'));
  await symlink('.github/workflows/deploy.yml', path.join(project.root, 'deploy.yml'));
  await symlink('.agents/skills', path.join(project.root, 'skills-here'));
  // A dangling link: writing through it creates the hook.
  await symlink('.husky/post-merge', path.join(project.root, 'new-hook'));
});
afterEach(async () => {
  await setup?.server.close();
  setup = undefined;
  await project.remove();
});

const protocolCase = PROTOCOL_CASES[0]!;

describe.each(TOOLS)('SEC6 $name to files another tool runs', (tool) => {
  it.each(AUTO_EDIT_CASES)(
    'SEC6 $name: every spelling asks (or is denied with nobody to ask); ordinary files are written',
    async (modeCase) => {
      const asked: ApprovalRequest[] = [];
      const rows = tool.name === 'edit' ? ALL_PATHS.filter((row) => row.requested !== DANGLING) : ALL_PATHS;
      setup = await startLoop(
        protocolCase,
        [
          {
            toolCalls: rows.map(({ requested }) => ({
              name: tool.name,
              arguments: tool.arguments(requested),
            })),
          },
          { text: 'Done.' },
        ],
        {
          cwd: project.root,
          tools: [tool.create()],
          approvalModes: modeCase.modes,
          ...(modeCase.interactive
            ? {
                askApproval: async (request: ApprovalRequest) => {
                  asked.push(request);
                  return 'allow' as const;
                },
              }
            : {}),
        },
      );
      const { events } = await setup.run({ prompt: 'Set up the editor and CI' });
      const ends = events.filter(
        (event): event is Extract<AgentEvent, { type: 'tool-call-end' }> => event.type === 'tool-call-end',
      );
      expect(ends).toHaveLength(rows.length);
      for (const [index, entry] of rows.entries()) {
        const ordinary = ORDINARY.includes(entry);
        const end = ends[index]!;
        const request = asked.find((candidate) => candidate.toolCallId === end.toolCall.id);
        const decision = events.find(
          (event): event is Extract<AgentEvent, { type: 'approval-decision' }> =>
            event.type === 'approval-decision' && event.toolCallId === end.toolCall.id,
        );
        const content = await readFile(path.join(project.root, entry.file), 'utf8').catch(() => 'absent');
        const label = `${tool.name} ${JSON.stringify(entry.requested)} in ${modeCase.name}`;
        if (ordinary) {
          expect(end.outcome, `${label}: ${end.result.content}`).toBe('done');
          expect(request, label).toBeUndefined();
          expect(content, label).toBe('new');
        } else if (modeCase.interactive) {
          expect(request, label).toBeDefined();
          expect(request?.agentConfig?.length, label).toBe(1);
          expect(decision?.decidedBy, label).toBe('user');
          expect(end.outcome, `${label}: ${end.result.content}`).toBe('done');
          expect(content, label).toBe('new');
        } else {
          expect(end.outcome, label).toBe('denied');
          expect(decision?.decidedBy, label).toBe('headless');
          expect(content, label).not.toBe('new');
        }
      }
    },
  );
});

describe('SEC6 the one check, used by every write tool', () => {
  it('SEC6 a write tool run without the loop refuses every such file, even through a link', async () => {
    const context = {
      cwd: project.root,
      readOnlyRoots: [],
      signal: new AbortController().signal,
      reportFiles: () => undefined,
    };
    for (const { requested, file } of OTHER_TOOLS_CONFIG) {
      const result = await createWriteFileTool().execute({ path: requested, content: 'new' }, context);
      expect(result.isError, requested).toBe(true);
      expect(result.content, requested).toContain('configures');
      const content = await readFile(path.join(project.root, file), 'utf8').catch(() => 'absent');
      expect(content, requested).not.toBe('new');
    }
  });

  it('SEC6 names what each kind of file configures, whatever the spelling', () => {
    expect(describeAgentConfigPath('.cursor/mcp.json')).toContain('Cursor');
    expect(describeAgentConfigPath('.CoDeX/config.toml')).toContain('Codex');
    expect(describeAgentConfigPath('.github/workflows/ci.yml')).toContain('CI');
    expect(describeAgentConfigPath('.agents/skills/pdf/SKILL.md')).toContain('skill');
    expect(describeAgentConfigPath('deep/.claude/skills/x/SKILL.md')).toBeDefined();
    expect(describeAgentConfigPath('.env.production')).toContain('environment');
    expect(describeAgentConfigPath('.\uFF45nv')).toContain('environment');
    expect(describeAgentConfigPath('.git\u200C/hooks/x')).toBeDefined();
    expect(describeAgentConfigPath('\u212Airo/x')).toBeUndefined();
    expect(describeAgentConfigPath('.\u212Airo/settings/mcp.json')).toBeDefined();
    expect(describeAgentConfigPath('.\u0441laude/settings.json')).toContain('Claude');
    expect(describeAgentConfigPath('.MCP.json')).toContain('MCP');
    expect(describeAgentConfigPath('.gemini/settings.json')).toContain('Gemini');
    expect(describeAgentConfigPath('.github/ISSUE_TEMPLATE/bug.md')).toBeUndefined();
    expect(describeAgentConfigPath('environment.md')).toBeUndefined();
    expect(describeAgentConfigPath('skills/pdf/SKILL.md')).toBeUndefined();
  });
});
