import { z } from 'zod';
import type { AgentTool } from '../tools/agent-tool.js';
import { defineAgentTool } from '../tools/define-agent-tool.js';
import { textResult } from '../tools/tool-results.js';
import type { BackgroundTaskHost } from './background-task-host.js';
import { LIST_AGENTS_TOOL_NAME } from './subagent-tool-names.js';

/**
 * `list_agents` (SPEC A5): every task of the session — agents (restored ones from a resumed
 * session included) and background shells — with `task_id`, type, description, status, whether
 * it takes messages and why not, and its progress, as a JSON array.
 */
export function createListAgentsTool({ tasks }: { tasks: BackgroundTaskHost }): AgentTool {
  return defineAgentTool({
    name: LIST_AGENTS_TOOL_NAME,
    description:
      'List the tasks of this session (subagents, forks, background shells): task_id, type, description, status, whether send_message can reach it (and why not). Continue related work with send_message instead of starting a duplicate agent.',
    kind: 'read',
    schema: z.object({}),
    async execute() {
      const rows = tasks.list().map((task) => ({
        task_id: task.taskId,
        kind: task.kind,
        type: task.type,
        description: task.description,
        status: task.status,
        background: task.background,
        can_message: task.canMessage,
        ...(task.whyNot === undefined ? {} : { why_not: task.whyNot }),
        turns: task.progress.turns,
        tokens: task.progress.inputTokens + task.progress.outputTokens,
        tool_calls: task.progress.toolCalls,
        ...(task.progress.currentTool === undefined ? {} : { current_tool: task.progress.currentTool }),
        elapsed_seconds: Math.round(task.elapsedMs / 100) / 10,
        ...(task.restored ? { restored: true } : {}),
        ...(task.kind === 'shell' && task.file !== undefined ? { output_file: task.file } : {}),
      }));
      return textResult(rows.length === 0 ? 'No tasks in this session yet.' : JSON.stringify(rows, null, 2));
    },
  });
}
