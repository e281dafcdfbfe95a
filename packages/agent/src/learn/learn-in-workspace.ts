import { learnDirectory } from '@skilldock/core/discover';
import type { AgentEvent } from '../loop/agent-event.js';
import type { AgentWorkspace } from '../workspace/open-workspace.js';
import { type LearnResult, learnSkill } from './learn-skill.js';
import { modelTakesVideo } from './model-takes-video.js';

/** Options of {@link learnInWorkspace}. */
export interface LearnInWorkspaceOptions {
  readonly source: string;
  readonly focus?: string;
  /** Allow plain http to loopback pages (`--allow-insecure-localhost`); off by default. */
  readonly allowInsecureLocalhost?: boolean;
  readonly maxTurns?: number;
  readonly signal?: AbortSignal;
  readonly onEvent?: (event: AgentEvent) => void;
}

/**
 * `learnSkill` with what a workspace decides (SPEC L1): the learn directory (`learn.directory`,
 * default `.agents/skills`), `learn.allowedHosts` from the user's settings, the workspace's model
 * and its `video: true` mark, the names of the skills it already sees, and its secrets. The CLI's
 * `skilldock learn` and the chat's `/learn` both run through it.
 * @example const result = await learnInWorkspace(workspace, { source: 'https://docs.example.com/deploy' });
 */
export async function learnInWorkspace(
  workspace: AgentWorkspace,
  options: LearnInWorkspaceOptions,
): Promise<LearnResult & { readonly directory: string }> {
  const { settings } = workspace;
  const directory = learnDirectory(workspace.projectRoot, settings);
  const skills = workspace.watcher.snapshot?.skills ?? [];
  const allowedHosts = settings.learn?.allowedHosts;
  const result = await learnSkill({
    source: options.source,
    ...(options.focus === undefined ? {} : { focus: options.focus }),
    projectRoot: workspace.projectRoot,
    directory,
    model: workspace.model.route,
    video: modelTakesVideo(workspace.model.config, settings.models),
    existingSkillNames: [...new Set(skills.flatMap((skill) => [skill.id, skill.name]))],
    pagePolicy: {
      ...(allowedHosts === undefined ? {} : { allowedHosts }),
      ...(options.allowInsecureLocalhost === true ? { allowInsecureLocalhost: true } : {}),
    },
    ...(options.maxTurns === undefined ? {} : { maxTurns: options.maxTurns }),
    secrets: workspace.secrets,
    homeDirectory: workspace.homeDirectory,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
    ...(options.onEvent === undefined ? {} : { onEvent: options.onEvent }),
  });
  return { ...result, directory };
}
