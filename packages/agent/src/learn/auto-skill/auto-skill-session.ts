import type { Settings } from '@skilldock/core/discover';
import type { Skill } from '@skilldock/core/format';
import type { AgentEvent } from '../../loop/agent-event.js';
import type { ConversationMessage } from '../../model/conversation.js';
import type { ModelRoute } from '../../model/index.js';
import type { BackgroundTaskHost } from '../../subagents/background-task-host.js';
import type { AgentTool } from '../../tools/agent-tool.js';
import { autoSkillPaths, autoSkillSettings } from './auto-skill-paths.js';
import { createAutoSkillTrigger } from './auto-skill-trigger.js';
import { startAutoSkillReview } from './start-auto-skill-review.js';

/** A session's auto skill (SPEC L2): it watches the runs and schedules reviews. */
export interface AutoSkillSession {
  /** Notes one event of the session's runs. */
  observe(event: AgentEvent): void;
  /**
   * After a prompt's run: schedules a review when enough tool calls were made (and the user wrote
   * no skill); returns its task id, or why none started.
   */
  afterRun(
    messages: readonly ConversationMessage[],
    catalog: readonly Skill[],
  ): { readonly taskId: string } | { readonly refused: string } | undefined;
}

/** Options of {@link openAutoSkillSession}. */
export interface OpenAutoSkillSessionOptions {
  readonly projectRoot: string;
  readonly settings: Settings;
  /** A trusted workspace outside safe mode: only then do reviews run. */
  readonly writable: boolean;
  readonly tools: readonly AgentTool[];
  readonly secrets: ReadonlyMap<string, string>;
  /** The model the review runs on (the session's current one). */
  model(): ModelRoute;
  /** Where the review task starts; absent, there are no reviews. */
  readonly backgroundTasks?: BackgroundTaskHost;
  readonly now?: () => Date;
}

/**
 * Auto skill for one session, or `undefined` when it is off (`memory.enableAutoSkill`, the
 * default), the workspace is untrusted or in safe mode, the session has no background tasks, or
 * `learn.directory` is unusable.
 */
export function openAutoSkillSession(options: OpenAutoSkillSessionOptions): AutoSkillSession | undefined {
  const settings = autoSkillSettings(options.settings);
  if (!settings.enabled || !options.writable || options.backgroundTasks === undefined) return undefined;
  let paths: ReturnType<typeof autoSkillPaths>;
  try {
    paths = autoSkillPaths(options.projectRoot, options.settings);
  } catch {
    return undefined;
  }
  const tasks = options.backgroundTasks;
  const trigger = createAutoSkillTrigger({ threshold: settings.toolCalls, tools: options.tools });
  return {
    observe: (event) => trigger.observe(event),
    afterRun(messages, catalog) {
      if (!trigger.takeDue()) return undefined;
      const started = startAutoSkillReview({
        paths,
        confirm: settings.confirm,
        model: options.model(),
        tools: options.tools,
        secrets: options.secrets,
        messages,
        catalog,
        backgroundTasks: tasks,
        ...(options.now === undefined ? {} : { now: options.now }),
      });
      return started.ok ? { taskId: started.taskId } : { refused: started.message };
    },
  };
}
