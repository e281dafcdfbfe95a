import { ConflictError, UserInputError } from '@skilldock/core/errors';
import type { ToolRunView } from '../loop/tool-run-view.js';
import type { ConversationMessage } from '../model/conversation.js';
import { SessionTranscript } from '../session/session-transcript.js';
import { fromTranscriptMessage, toTranscriptMessage } from '../session/transcript-messages.js';
import type { TranscriptEntry } from '../session/transcript-record.js';
import type { TaskRuntime, TaskStatus } from './background-task-host.js';
import type { BackgroundTasks } from './background-tasks.js';
import { DEFAULT_ANSWER_BUDGET } from './cut-answer-front.js';
import { forkContext, forkToolGate } from './fork-context.js';
import type { ForkProfile } from './fork-profile.js';
import { createLoopTaskRuntime, createTaskInbox } from './loop-task-runtime.js';
import {
  namedSubagentContext,
  type SubagentModelResolver,
  selectSubagentTools,
} from './named-subagent-context.js';
import type { SubagentRegistry } from './subagent-types.js';
import { TASK_ID_PATTERN } from './task-id.js';
import { parseToolPatterns } from './tool-patterns.js';

/** The transcript event naming a subagent task and its transcript file. */
export const AGENT_TASK_EVENT = 'agent-task';
/** The transcript event recording where a task's stretch of work ended. */
export const AGENT_TASK_END_EVENT = 'agent-task-end';

/**
 * Records the session's agent tasks in its transcript (SPEC A5): one `agent-task` event when a
 * task starts (id, type, description, its transcript file, what reviving it needs) and an
 * `agent-task-end` event with its status after every stretch of work. Returns a function that stops.
 */
export function recordTasks(tasks: BackgroundTasks, transcript: SessionTranscript): () => void {
  const recorded = new Set<string>();
  return tasks.subscribe((event) => {
    const { task } = event;
    if (task.kind !== 'agent' || task.restored) return;
    if (event.type === 'task-start' && !recorded.has(task.taskId)) {
      recorded.add(task.taskId);
      void transcript
        .appendEvent(AGENT_TASK_EVENT, {
          taskId: task.taskId,
          type: task.type,
          description: task.description,
          ...(task.file === undefined ? {} : { file: task.file }),
          ...(task.restore === undefined ? {} : { restore: task.restore }),
        })
        .catch(() => undefined);
    } else if (event.type === 'task-end') {
      void transcript
        .appendEvent(AGENT_TASK_END_EVENT, { taskId: task.taskId, status: task.status })
        .catch(() => undefined);
    }
  });
}

/** What reviving a task needs: the registry and the agent tool's options that shape a run. */
export interface TaskRevivalOptions {
  readonly registry: SubagentRegistry;
  readonly forkProfiles?: readonly ForkProfile[];
  readonly resolveModel?: SubagentModelResolver;
  readonly answerBudget?: number;
}

/**
 * Lists the agent tasks a resumed session's transcript names (SPEC A5), so `list_agents` shows
 * them and `send_message` revives one from its transcript — in the caller's session, with its
 * recorded restrictions (a fork's `fork_tools`, a worktree). A task that was still running when
 * its process ended is listed as `cancelled`. Returns how many were restored.
 */
export function restoreTasks(
  tasks: BackgroundTasks,
  entries: readonly TranscriptEntry[],
  options: TaskRevivalOptions,
): number {
  const records = new Map<
    string,
    { record: Record<string, unknown>; status: Exclude<TaskStatus, 'running'> }
  >();
  for (const entry of entries) {
    if (entry.type !== 'event') continue;
    const data = entry.data as Record<string, unknown> | undefined;
    const taskId = data?.taskId;
    if (typeof taskId !== 'string' || !TASK_ID_PATTERN.test(taskId)) continue;
    if (entry.name === AGENT_TASK_EVENT) records.set(taskId, { record: data!, status: 'cancelled' });
    else if (entry.name === AGENT_TASK_END_EVENT) {
      const known = records.get(taskId);
      const status = data!.status;
      if (
        known !== undefined &&
        (status === 'completed' || status === 'failed' || status === 'paused' || status === 'cancelled')
      ) {
        known.status = status;
      }
    }
  }
  for (const [taskId, { record, status }] of records) {
    const file = typeof record.file === 'string' ? record.file : undefined;
    const type = typeof record.type === 'string' ? record.type : 'unknown';
    tasks.restore({
      taskId,
      kind: 'agent',
      type,
      description: typeof record.description === 'string' ? record.description : '',
      status,
      ...(file === undefined
        ? { whyNot: 'It kept no transcript, so it cannot be revived; start a new agent.' }
        : { file, revive: (caller: ToolRunView) => reviveTask(file, type, record.restore, caller, options) }),
    });
  }
  return records.size;
}

async function reviveTask(
  file: string,
  type: string,
  restore: unknown,
  caller: ToolRunView,
  options: TaskRevivalOptions,
): Promise<TaskRuntime> {
  // The revived task goes on in the same transcript, so a later process can revive it again.
  const { transcript, loaded } = await SessionTranscript.continueFile(file);
  const messages = loaded.messages.map(fromTranscriptMessage);
  const onMessage = (message: ConversationMessage) => transcript.appendMessage(toTranscriptMessage(message));
  const inbox = createTaskInbox();
  const details = (typeof restore === 'object' && restore !== null ? restore : {}) as Record<string, unknown>;
  const answerBudget = options.answerBudget ?? DEFAULT_ANSWER_BUDGET;
  if (type === 'fork') {
    const profile = options.forkProfiles?.find((candidate) => candidate.name === details.forkProfile);
    const entries = Array.isArray(details.forkTools) ? details.forkTools.map(String) : profile?.tools;
    if (details.forkProfile !== undefined && profile === undefined) {
      throw new ConflictError(
        'task_revival_failed',
        `its fork profile ${String(details.forkProfile)} is gone`,
      );
    }
    const parsed = entries === undefined ? undefined : parseToolPatterns(entries);
    if (parsed !== undefined && !parsed.ok) throw new UserInputError(parsed.code, parsed.message);
    const gate = forkToolGate(
      parsed === undefined || !parsed.ok
        ? undefined
        : { patterns: parsed.patterns, source: 'its fork_tools' },
    );
    const context = await forkContext(caller, gate, inbox.drain);
    return revived(
      createLoopTaskRuntime({ context, inbox, messages, prompt: '', answerBudget, onMessage }),
      transcript,
    );
  }
  const definition = await options.registry.get(type);
  if (definition?.executor !== undefined) {
    // Its transcript is a record of what went in and came back, not a conversation our loop
    // may continue: the executor's own session ended with the earlier process (SPEC A7).
    await transcript.close();
    throw new ConflictError(
      'task_revival_failed',
      `${type} ran on an external executor (${definition.executor.kind}), whose session ended with the earlier process; start a new task`,
    );
  }
  const tools = definition === undefined ? undefined : selectSubagentTools(definition, caller.context.tools);
  if (definition === undefined || tools === undefined || !tools.ok) {
    await transcript.close();
    throw new ConflictError(
      'task_revival_failed',
      definition === undefined
        ? `there is no agent named ${type} any more`
        : (tools as { message: string }).message,
    );
  }
  const context = await namedSubagentContext(
    {
      definition,
      parent: caller,
      cwd: typeof details.workingDir === 'string' ? details.workingDir : caller.context.cwd,
      background: true,
      ...(options.resolveModel === undefined ? {} : { resolveModel: options.resolveModel }),
    },
    tools.tools,
    inbox.drain,
  );
  return revived(
    createLoopTaskRuntime({ context, inbox, messages, prompt: '', answerBudget, onMessage }),
    transcript,
  );
}

// A revived task only goes on (its first stretch ran in the earlier process), into its transcript.
function revived(runtime: TaskRuntime, transcript: SessionTranscript): TaskRuntime {
  return {
    ...runtime,
    start: async () => ({ status: 'completed', text: 'It already ran; send_message continues it.' }),
    close: async () => {
      await runtime.close?.();
      await transcript.close();
    },
  };
}
