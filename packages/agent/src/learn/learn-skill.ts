import { readdir, readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { type Failure, failure, UserInputError } from '@skilldock/core/errors';
import { SKILL_FILE_NAME } from '@skilldock/core/format';
import { removeInside } from '@skilldock/core/fs';
import type { PagePolicy } from '@skilldock/core/install';
import type { AgentEvent } from '../loop/agent-event.js';
import { redactSecrets } from '../loop/redact-secrets.js';
import { createRunContext } from '../loop/run-context.js';
import type { RunStats } from '../loop/run-result.js';
import { runToCompletion } from '../loop/run-to-completion.js';
import type { ModelRoute } from '../model/model-provider.js';
import { createEditTool } from '../tools/edit-tool.js';
import { createGlobTool } from '../tools/glob-tool.js';
import { createLsTool } from '../tools/ls-tool.js';
import { createReadFileTool } from '../tools/read-file-tool.js';
import { createWriteFileTool } from '../tools/write-file-tool.js';
import { checkLearnedSkill } from './check-learned-skill.js';
import { createGeneratedSkillCallGate } from './generated-skill-call-gate.js';
import { createGeneratedSkillGuard } from './generated-skill-guard.js';
import { DEFAULT_LEARN_LIMITS, type LearnLimits, type LearnMaterial } from './learn-material.js';
import { learnSystemPrompt, learnUserMessage } from './learn-prompt.js';
import { classifyLearnSource, readLearnSource } from './read-learn-source.js';

/** Options of {@link learnSkill}. */
export interface LearnSkillOptions {
  /** A URL, a local path (any readable file or folder; relative to the project), or plain text (SPEC L1). */
  readonly source: string;
  /** Narrows the skill to one part of the source. */
  readonly focus?: string;
  readonly projectRoot: string;
  /** The learn directory, absolute: `learnDirectory(projectRoot, settings)`. */
  readonly directory: string;
  readonly model: ModelRoute;
  /**
   * The model takes video (its `video: true` mark, see `modelTakesVideo`); `setting` names where
   * that mark lives, for the error a video gets from an unmarked model.
   */
  readonly video: { readonly supported: boolean; readonly setting: string };
  /** Names of the skills the project and user already have; the new name must avoid them. */
  readonly existingSkillNames?: readonly string[];
  /** `learn.allowedHosts` (absent: any public https host), and loopback for tests. */
  readonly pagePolicy?: PagePolicy;
  /** Default {@link DEFAULT_LEARN_LIMITS}. */
  readonly limits?: Partial<LearnLimits>;
  /** Model requests at most; default 12. */
  readonly maxTurns?: number;
  /** Whole run, in milliseconds; default 10 minutes. */
  readonly maxTimeMs?: number;
  /** Configured secrets (SPEC SEC3): scrubbed from the source text and every tool result. */
  readonly secrets?: ReadonlyMap<string, string>;
  /** Default the user's home folder (for `~/…` sources). */
  readonly homeDirectory?: string;
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: AgentEvent) => void;
}

/** A skill a learn run wrote, for review. */
export interface LearnedSkill {
  readonly name: string;
  /** The skill folder, absolute. */
  readonly directory: string;
  /** Its `SKILL.md`, absolute. */
  readonly file: string;
  readonly content: string;
}

/** What was read, without the text itself. */
export type LearnSourceSummary = Omit<LearnMaterial, 'text' | 'video'>;

/** A learn run that kept a skill. */
export interface LearnSuccess {
  readonly ok: true;
  /** The new skills (one, unless the model wrote more), each valid under the `spec` profile. */
  readonly skills: readonly LearnedSkill[];
  /** Folders of existing learned skills the run edited. */
  readonly edited: readonly string[];
  readonly source: LearnSourceSummary;
  readonly stats: RunStats;
}

/** A learn run that kept nothing, and why. */
export type LearnFailure =
  | Failure<
      'learned_skill_invalid',
      { readonly problems: readonly string[]; readonly source: LearnSourceSummary; readonly stats: RunStats }
    >
  | Failure<
      'learned_skill_missing',
      { readonly answer: string; readonly source: LearnSourceSummary; readonly stats: RunStats }
    >;

export type LearnResult = LearnSuccess | LearnFailure;

/**
 * `skilldock learn` and `/learn` (SPEC L1): reads the source within limits, then runs a restricted
 * agent through the normal loop that may read and may only create
 * `<directory>/learned-skill-<name>/SKILL.md` in a new folder, or edit skills marked
 * `source: learned` (the generated-skill guard as the run's `callGate`). A `SKILL.md` that fails
 * the `spec` profile, lacks `source: learned`, a description saying when, or the sections "When
 * to use", "Procedure", "Pitfalls" is refused before it is written, and the model reads why. When
 * the run ends without a valid new skill, every folder it created is removed and the result says
 * why; nothing half-written is kept. A video goes to the model as a `video_url` part.
 * @throws UserInputError `learn_video_unsupported` (the model is not marked `video: true`), and
 *   what reading the source throws (`learn_video_site`, `learn_source_secret`, `symlink_refused`, `download_too_large`,
 *   `host_not_allowed`, …); the loop's limit errors.
 * @example
 * const result = await learnSkill({ source: 'https://docs.example.com/deploy', projectRoot, directory,
 *   model, video: { supported: false, setting: 'models.providers.openai.models.gpt-4.1.video' } });
 */
export async function learnSkill(options: LearnSkillOptions): Promise<LearnResult> {
  const limits: LearnLimits = { ...DEFAULT_LEARN_LIMITS, ...options.limits };
  const projectRoot = path.resolve(options.projectRoot);
  const directory = path.resolve(options.directory);
  const classified = await classifyLearnSource(
    options.source,
    projectRoot,
    options.homeDirectory ?? homedir(),
  );
  if (classified.kind !== 'text' && classified.video) assertVideoModel(options);
  const material = await readLearnSource(classified, {
    projectRoot,
    policy: options.pagePolicy ?? {},
    limits,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  if (material.kind === 'video') assertVideoModel(options);
  const { text: _text, video, ...summary } = material;
  const secrets = options.secrets ?? new Map<string, string>();
  const takenNames = [...new Set([...(options.existingSkillNames ?? []), ...(await folderNames(directory))])];
  const guard = createGeneratedSkillGuard({
    directory,
    source: 'learned',
    prefix: 'learned-skill-',
    linkCheckRoot: projectRoot,
  });
  const edited = new Set<string>();
  // The problems of the last SKILL.md refused before it was written: why a run kept nothing.
  let refusedProblems: readonly string[] = [];
  const callGate = createGeneratedSkillCallGate(guard, {
    cwd: projectRoot,
    reserveCreates: true,
    // The model reads what it learns from and the skills it may edit, nothing else of the project.
    readRoots:
      material.kind === 'files' ? [directory, path.resolve(projectRoot, material.origin)] : [directory],
    onWrite: (write) => {
      if (write.action === 'edit' && !guard.createdSkills().includes(write.skillDirectory)) {
        edited.add(write.skillDirectory);
      }
    },
    checkContent: (write, content) => {
      if (write.file !== SKILL_FILE_NAME) return [];
      refusedProblems = checkLearnedSkill(content, write.folderName, {
        takenNames: takenNames.filter((name) => name !== write.folderName || write.action === 'create'),
      });
      return refusedProblems;
    },
  });
  const context = createRunContext({
    cwd: projectRoot,
    model: options.model,
    tools: [createReadFileTool(), createWriteFileTool(), createEditTool(), createLsTool(), createGlobTool()],
    // The guard is the policy: writes outside generated skills never run, so nothing needs asking.
    approvalModes: ['yolo'],
    callGate,
    readOnlyRoots: [],
    systemPrompt: learnSystemPrompt({ directory: toPosix(path.relative(projectRoot, directory)) }),
    limits: { maxTurns: options.maxTurns ?? 12, maxTimeMs: options.maxTimeMs ?? 10 * 60_000 },
    secrets,
  });
  const prompt = learnUserMessage({
    material: { ...material, text: redactSecrets(material.text, secrets) },
    focus: options.focus?.trim() ?? '',
    directory: toPosix(path.relative(projectRoot, directory)),
    takenNames,
  });
  const discardCreated = async () => {
    for (const folder of guard.createdSkills()) await removeInside(folder, directory);
  };
  let run: Awaited<ReturnType<typeof runToCompletion>>;
  try {
    run = await runToCompletion(
      context,
      {
        messages: [
          {
            role: 'user',
            content: prompt,
            origin: 'prompt',
            ...(video === undefined
              ? {}
              : { attachments: [{ type: 'video', mediaType: video.mediaType, dataUrl: video.dataUrl }] }),
          },
        ],
      },
      {
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }),
      },
    );
  } catch (error) {
    await discardCreated();
    throw error;
  }
  const details = { source: summary, stats: run.stats };
  if (run.status !== 'completed') {
    await discardCreated();
    return failure('learned_skill_missing', `The learn run ended ${run.status}; nothing was kept.`, {
      answer: run.finalText,
      ...details,
    });
  }
  const skills: LearnedSkill[] = [];
  const problems: string[] = [];
  for (const folder of guard.createdSkills()) {
    const file = path.join(folder, SKILL_FILE_NAME);
    const content = await readFile(file, 'utf8').catch(() => undefined);
    if (content === undefined) continue;
    const found = checkLearnedSkill(content, path.basename(folder), { takenNames });
    problems.push(...found.map((problem) => `${path.basename(folder)}: ${problem}`));
    skills.push({ name: path.basename(folder), directory: folder, file, content });
  }
  if (problems.length > 0) {
    await discardCreated();
    return failure(
      'learned_skill_invalid',
      `The learned skill is not valid, so nothing was kept:\n${problems.map((problem) => `- ${problem}`).join('\n')}`,
      { problems, ...details },
    );
  }
  if (skills.length === 0 && refusedProblems.length > 0) {
    await discardCreated();
    return failure(
      'learned_skill_invalid',
      `The model's skill did not pass the checks, so nothing was written:\n${refusedProblems.map((problem) => `- ${problem}`).join('\n')}`,
      { problems: refusedProblems, ...details },
    );
  }
  if (skills.length === 0) {
    await discardCreated();
    const answer = run.finalText.trim();
    return failure(
      'learned_skill_missing',
      `The model wrote no skill${answer === '' ? '.' : `; it answered: ${answer.slice(0, 2000)}`}`,
      { answer, ...details },
    );
  }
  return { ok: true, skills, edited: [...edited], ...details };
}

function assertVideoModel(options: LearnSkillOptions): void {
  const { provider, model } = options.model;
  if (provider.protocol !== 'openai') {
    throw new UserInputError(
      'learn_video_unsupported',
      `Learning from a video needs a video-capable model behind an OpenAI-compatible provider; ${provider.name}:${model} speaks the Anthropic protocol. Choose another model with --model.`,
      { details: { field: options.video.setting } },
    );
  }
  if (!options.video.supported) {
    throw new UserInputError(
      'learn_video_unsupported',
      `The model ${provider.name}:${model} is not marked as taking video. If it does (e.g. Qwen-VL or Qwen-Omni on DashScope), set "${options.video.setting}": true in ~/.skilldock/settings.json, or choose a video-capable model with --model.`,
      { details: { field: options.video.setting } },
    );
  }
}

async function folderNames(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}

function toPosix(relative: string): string {
  return relative.split(path.sep).join('/');
}
