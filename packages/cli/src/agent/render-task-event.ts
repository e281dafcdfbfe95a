import type { TaskEvent, TaskSummary } from '@skilldock/agent/subagents';
import { pc } from '../terminal-style.js';
import { shorten } from './describe-tool-call.js';
import type { LineWriter } from './line-writer.js';

/**
 * A task event as one `--json` line (documented in the README): `task-start`, `task-progress`,
 * `task-end` with the task's id, kind, agent type, description, status and progress, and the
 * result text on `task-end`.
 */
export function taskEventToJson(event: TaskEvent): Record<string, unknown> {
  return {
    type: event.type,
    ...taskJson(event.task),
    ...(event.type === 'task-end' ? { result: event.outcome.text } : {}),
  };
}

function taskJson(task: TaskSummary): Record<string, unknown> {
  const { turns, inputTokens, outputTokens, toolCalls, currentTool } = task.progress;
  return {
    taskId: task.taskId,
    kind: task.kind,
    agentType: task.type,
    description: task.description,
    status: task.status,
    background: task.background,
    turns,
    inputTokens,
    outputTokens,
    toolCalls,
    ...(currentTool === undefined ? {} : { currentTool }),
    elapsedMs: task.elapsedMs,
  };
}

/**
 * Renders task events for people (SPEC A3): a line when a task starts and ends, and a progress
 * line each time it starts another tool (`◇ agent-1-… · turn 2 · 1,234 tokens · 3.4 s · read_file a.ts`).
 */
export function createTaskRenderer(activity: LineWriter): (event: TaskEvent) => void {
  return (event) => {
    const { task } = event;
    const name = `${task.taskId} ${task.type}`;
    const line = (text: string) => {
      activity.endLine();
      activity.write(`${text}\n`);
    };
    if (event.type === 'task-start') {
      line(
        pc.cyan(
          `◇ ${name} started${task.background ? ' in the background' : ''}: ${shorten(task.description)}`,
        ),
      );
    } else if (event.type === 'task-progress') {
      if (task.progress.currentTool === undefined) return;
      line(pc.dim(`  ◇ ${task.taskId} · ${describeProgress(task)} · ${shorten(task.progress.currentTool)}`));
    } else {
      const mark = task.status === 'completed' ? pc.green('✓') : pc.yellow(task.status);
      line(`${pc.cyan(`◇ ${name}`)} ${mark} ${pc.dim(describeProgress(task))}`);
    }
  };
}

function describeProgress(task: TaskSummary): string {
  const { turns, inputTokens, outputTokens } = task.progress;
  return `turn ${turns} · ${(inputTokens + outputTokens).toLocaleString('en-US')} tokens · ${(task.elapsedMs / 1000).toFixed(1)} s`;
}
