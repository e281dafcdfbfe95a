import { lstat } from 'node:fs/promises';
import path from 'node:path';
import type { Skill } from '@skilldock/core/format';
import { createRunContext } from '../../loop/run-context.js';
import type { ConversationMessage } from '../../model/conversation.js';
import type { ModelRoute } from '../../model/index.js';
import type { BackgroundTaskHost, StartedTask, TaskRuntime } from '../../subagents/background-task-host.js';
import { createLoopTaskRuntime, createTaskInbox } from '../../subagents/loop-task-runtime.js';
import type { AgentTool } from '../../tools/agent-tool.js';
import { createGeneratedSkillCallGate } from '../generated-skill-call-gate.js';
import { createGeneratedSkillGuard } from '../generated-skill-guard.js';
import { AUTO_SKILL_PREFIX, type AutoSkillPaths } from './auto-skill-paths.js';
import { checkAutoSkillContent } from './check-auto-skill-content.js';
import { ensureAutoSkillGitignore } from './ensure-auto-skill-gitignore.js';
import { listPendingAutoSkills } from './pending-auto-skills.js';
import { AUTO_SKILL_REVIEW_SYSTEM_PROMPT, autoSkillReviewPrompt } from './review-prompt.js';
import { renderReviewTranscript } from './review-transcript.js';

/** The tools a review may call: reading the project, and the two writing tools the guard checks. */
const REVIEW_TOOL_NAMES = new Set(['read_file', 'ls', 'glob', 'grep', 'write_file', 'edit']);

/** Turns one review may take. */
const REVIEW_MAX_TURNS = 12;

/** Options of {@link startAutoSkillReview}. */
export interface AutoSkillReviewOptions {
  readonly paths: AutoSkillPaths;
  /** `memory.autoSkillConfirm`: proposals go to the pending area, not the skills folder. */
  readonly confirm: boolean;
  readonly model: ModelRoute;
  /** The session's tools; the review keeps the read tools and `write_file`/`edit`. */
  readonly tools: readonly AgentTool[];
  readonly secrets: ReadonlyMap<string, string>;
  /** The session so far. */
  readonly messages: readonly ConversationMessage[];
  /** The skills the session sees (so the review can tell what is covered already). */
  readonly catalog: readonly Skill[];
  readonly backgroundTasks: BackgroundTaskHost;
  readonly now?: () => Date;
}

/**
 * Starts an auto-skill review as a background agent task (SPEC L2, A5): a run of the loop with its
 * own prompt that reads the session's transcript and the catalog, and may propose
 * `auto-skill-<name>` skills. Every write goes through the generated-skill guard: only a new
 * `auto-skill-*` folder, or a file of a skill marked `source: auto-skill`, in the skills folder —
 * or, with confirmation on, in `.skilldock/pending-skills/` — and only a valid SKILL.md; commands
 * are refused. Without confirmation the skills folder's `.gitignore` gets the `auto-skill-*` rule
 * first. The task's result names what it wrote.
 */
export function startAutoSkillReview(options: AutoSkillReviewOptions): StartedTask {
  const runtime: TaskRuntime = {
    messaging: { unavailable: 'an auto-skill review takes no messages' },
    start: (control) => runReview(options, control),
  };
  return options.backgroundTasks.start({
    kind: 'agent',
    type: 'auto-skill-review',
    description: 'auto-skill review of this session',
    background: true,
    runtime,
  });
}

async function runReview(
  options: AutoSkillReviewOptions,
  control: Parameters<TaskRuntime['start']>[0],
): Promise<Awaited<ReturnType<TaskRuntime['start']>>> {
  const { paths, confirm } = options;
  const now = (options.now ?? (() => new Date()))();
  const directory = confirm ? paths.pendingDirectory : paths.skillsDirectory;
  if (!confirm) await ensureAutoSkillGitignore(paths.skillsDirectory, paths.projectRoot);
  const pending = confirm ? await listPendingAutoSkills(paths) : [];
  const guard = createGeneratedSkillGuard({
    directory,
    source: 'auto-skill',
    prefix: AUTO_SKILL_PREFIX,
    linkCheckRoot: paths.projectRoot,
  });
  const inbox = createTaskInbox();
  const context = createRunContext({
    cwd: paths.projectRoot,
    model: options.model,
    tools: options.tools.filter((tool) => REVIEW_TOOL_NAMES.has(tool.name)),
    // Writes are decided by the guard below, and nobody is there to ask: the modes allow them.
    approvalModes: ['yolo'],
    callGate: createGeneratedSkillCallGate(guard, {
      cwd: paths.projectRoot,
      checkContent: checkAutoSkillContent,
    }),
    systemPrompt: AUTO_SKILL_REVIEW_SYSTEM_PROMPT,
    secrets: options.secrets,
    limits: { maxTurns: REVIEW_MAX_TURNS },
    skillReadTools: [],
    drainInbox: inbox.drain,
  });
  const prompt = autoSkillReviewPrompt({
    transcript: renderReviewTranscript(options.messages),
    catalog: [
      ...options.catalog.map((skill) => ({
        id: skill.id,
        description: skill.description,
        ...(skill.fields.source === undefined ? {} : { source: skill.fields.source }),
      })),
      ...pending.map((skill) => ({
        id: skill.name,
        description: `${skill.description} (pending review)`,
        source: 'auto-skill' as const,
      })),
    ],
    directory: path.relative(paths.projectRoot, directory),
    now,
  });
  const outcome = await createLoopTaskRuntime({
    context,
    inbox,
    messages: [],
    prompt,
    answerBudget: 2_000,
  }).start(control);
  const written: string[] = [];
  for (const folder of guard.createdSkills()) {
    if ((await lstat(path.join(folder, 'SKILL.md')).catch(() => undefined))?.isFile())
      written.push(path.basename(folder));
  }
  const where = confirm
    ? `waiting for review in ${path.relative(paths.projectRoot, directory)} (\`skilldock skills pending accept NAME\` or reject; /skills pending in chat)`
    : `in ${path.relative(paths.projectRoot, directory)}`;
  const text =
    written.length === 0
      ? `The auto-skill review proposed no new skill. It said: ${outcome.text}`
      : `The auto-skill review proposed ${written.join(', ')}, ${where}. It said: ${outcome.text}`;
  return { ...outcome, text };
}
