/**
 * The SEC2 sweep shared by the fast and the integration tier: each write tool, in each given
 * approval mode, writes to every spelling of a file that configures the agent (and one ordinary
 * file), and each write is allowed, asked about or denied as the mode's row says.
 */
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AgentEvent, ApprovalRequest } from '@skilldock/agent/loop';
import type { ApprovalMode } from '@skilldock/agent/policy';
import { createEditTool, createWriteFileTool } from '@skilldock/agent/tools';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_CASES } from '../model/protocol-cases.js';
import { type LoopSetup, startLoop, temporaryProject } from './loop-harness.js';

/**
 * Every spelling of a file that configures the agent (SPEC SEC2): the requested path, and the file
 * it really is (links resolved). The last one, `.git/config`, goes last because it names the hooks
 * folder `hooks/` that an earlier row relies on.
 */
const AGENT_CONFIG_PATHS: readonly { requested: string; file: string }[] = [
  { requested: '.skilldock/settings.json', file: '.skilldock/settings.json' },
  { requested: '.SkillDock/Settings.json', file: '.SkillDock/Settings.json' },
  { requested: '.qwen/settings.json', file: '.qwen/settings.json' },
  { requested: '.claude/settings.local.json', file: '.claude/settings.local.json' },
  { requested: '.CLAUDE/agents/reviewer.md', file: '.CLAUDE/agents/reviewer.md' },
  { requested: '.agents/agents/helper.md', file: '.agents/agents/helper.md' },
  { requested: '.Agents/AGENTS/other.md', file: '.Agents/AGENTS/other.md' },
  { requested: '.agents/fork-profiles/lint.md', file: '.agents/fork-profiles/lint.md' },
  { requested: '.mcp.json', file: '.mcp.json' },
  { requested: '.MCP.JSON', file: '.MCP.JSON' },
  { requested: 'skills-lock.json', file: 'skills-lock.json' },
  { requested: '.git/hooks/pre-commit', file: '.git/hooks/pre-commit' },
  { requested: '.husky/pre-push', file: '.husky/pre-push' },
  { requested: 'hooks/post-checkout', file: 'hooks/post-checkout' },
  { requested: 'src/../.skilldock/via-dotdot.json', file: '.skilldock/via-dotdot.json' },
  { requested: 'src/./../.qwen/x.md', file: '.qwen/x.md' },
  { requested: 'docs/hooks/post-merge', file: '.git/hooks/post-merge' },
  { requested: 'conf/linked.json', file: '.skilldock/linked.json' },
  { requested: '.skilldock./dot.json', file: '.skilldock./dot.json' },
  { requested: '.mcp.json ', file: '.mcp.json ' },
  { requested: 'SKILLD~1/settings.json', file: 'SKILLD~1/settings.json' },
  { requested: '.git/config', file: '.git/config' },
];

const ORDINARY = { requested: 'src/app.ts', file: 'src/app.ts' };
const ALL_PATHS = [ORDINARY, ...AGENT_CONFIG_PATHS];

/** An approval mode, with or without someone to ask (a `chat` or a headless `run`). */
export interface ModeCase {
  readonly name: string;
  readonly modes: readonly ApprovalMode[];
  readonly interactive: boolean;
  /** What happens to a write to agent configuration. */
  readonly configure: Expected;
  /** What happens to an ordinary edit (the control row). */
  readonly ordinary: Expected;
}
type Expected = 'allow' | 'ask' | 'deny-policy' | 'deny-headless';

export const MODE_CASES: readonly ModeCase[] = [
  {
    name: 'plan, headless',
    modes: ['plan'],
    interactive: false,
    configure: 'deny-policy',
    ordinary: 'deny-policy',
  },
  {
    name: 'plan, interactive',
    modes: ['plan'],
    interactive: true,
    configure: 'deny-policy',
    ordinary: 'deny-policy',
  },
  {
    name: 'default, headless',
    modes: ['default'],
    interactive: false,
    configure: 'deny-headless',
    ordinary: 'deny-headless',
  },
  { name: 'default, interactive', modes: ['default'], interactive: true, configure: 'ask', ordinary: 'ask' },
  {
    name: 'auto-edit, headless',
    modes: ['auto-edit'],
    interactive: false,
    configure: 'deny-headless',
    ordinary: 'allow',
  },
  {
    name: 'auto-edit, interactive',
    modes: ['auto-edit'],
    interactive: true,
    configure: 'ask',
    ordinary: 'allow',
  },
  { name: 'yolo, headless', modes: ['yolo'], interactive: false, configure: 'allow', ordinary: 'allow' },
  { name: 'yolo, interactive', modes: ['yolo'], interactive: true, configure: 'allow', ordinary: 'allow' },
];

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

export type AgentConfigProject = Awaited<ReturnType<typeof temporaryProject>>;

/**
 * A temporary project holding every file of the sweep ("old" in each) and its two folder links:
 * `docs` → `.git`, `conf` → `.skilldock`.
 */
export async function createAgentConfigProject(): Promise<AgentConfigProject> {
  const project = await temporaryProject();
  for (const { file } of ALL_PATHS) {
    const absolute = path.join(project.root, file);
    await mkdir(path.dirname(absolute), { recursive: true });
    await writeFile(absolute, file === '.git/config' ? '[core]\n\thooksPath = hooks\n# old\n' : 'old');
  }
  await symlink('.git', path.join(project.root, 'docs'));
  await symlink('.skilldock', path.join(project.root, 'conf'));
  return project;
}

/** Declares the sweep for `modeCases` (rows of {@link MODE_CASES}). */
export function describeAgentConfigWrites(modeCases: readonly ModeCase[]): void {
  describe('SEC2 write tools in each approval mode', () => {
    let project: AgentConfigProject;
    let setup: LoopSetup | undefined;
    beforeEach(async () => {
      project = await createAgentConfigProject();
    });
    afterEach(async () => {
      await setup?.server.close();
      setup = undefined;
      await project.remove();
    });

    const protocolCase = PROTOCOL_CASES[0]!;

    describe.each(TOOLS)('SEC2 $name to files that configure the agent', (tool) => {
      it.each(modeCases)(
        'SEC2 $name: ask, deny or allow as the table says, for every spelling',
        async (modeCase) => {
          const asked: ApprovalRequest[] = [];
          setup = await startLoop(
            protocolCase,
            [
              {
                toolCalls: ALL_PATHS.map(({ requested }) => ({
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
          const { events } = await setup.run({ prompt: 'Change the files' });
          const ends = events.filter(
            (event): event is Extract<AgentEvent, { type: 'tool-call-end' }> =>
              event.type === 'tool-call-end',
          );
          expect(ends).toHaveLength(ALL_PATHS.length);
          for (const [index, entry] of ALL_PATHS.entries()) {
            const expected = entry === ORDINARY ? modeCase.ordinary : modeCase.configure;
            const end = ends[index]!;
            const decision = events.find(
              (event): event is Extract<AgentEvent, { type: 'approval-decision' }> =>
                event.type === 'approval-decision' && event.toolCallId === end.toolCall.id,
            );
            const request = asked.find((candidate) => candidate.toolCallId === end.toolCall.id);
            const content = await readFile(path.join(project.root, entry.file), 'utf8');
            const label = `${tool.name} ${JSON.stringify(entry.requested)} in ${modeCase.name}`;
            if (expected === 'deny-policy' || expected === 'deny-headless') {
              expect(end.outcome, label).toBe('denied');
              expect(decision?.decidedBy, label).toBe(expected === 'deny-policy' ? 'policy' : 'headless');
              expect(request, label).toBeUndefined();
              expect(content, label).not.toContain('new');
              if (entry !== ORDINARY) expect(end.result.content, label).toContain('configure the agent');
            } else {
              expect(end.outcome, `${label}: ${end.result.content}`).toBe('done');
              expect(content, label).toContain('new');
              if (expected === 'ask') {
                expect(decision?.decidedBy, label).toBe('user');
                expect(request, label).toBeDefined();
                if (entry !== ORDINARY) expect(request?.agentConfig?.length, label).toBe(1);
                else expect(request?.agentConfig, label).toBeUndefined();
              } else {
                expect(request, label).toBeUndefined();
              }
            }
          }
        },
      );
    });
  });
}
