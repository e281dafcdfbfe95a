import { z } from 'zod';
import type { RunAwareTool } from '../loop/tool-run-view.js';
import { defineRunAwareTool, outsideRunResult } from '../tools/define-run-aware-tool.js';
import { errorResult, textResult } from '../tools/tool-results.js';
import type { BackgroundTasks } from './background-tasks.js';
import { SEND_MESSAGE_TOOL_NAME } from './subagent-tool-names.js';

/** Largest message `send_message` takes, in bytes (SPEC A5). */
export const MAX_TASK_MESSAGE_BYTES = 64 * 1024;

const schema = z.object({
  task_id: z.string().min(1).max(200).describe('The task, as agent or list_agents gave it (agent-3-9f2c1a).'),
  message: z
    .string()
    .min(1)
    .refine((value) => Buffer.byteLength(value) <= MAX_TASK_MESSAGE_BYTES, {
      message: `The message is over ${MAX_TASK_MESSAGE_BYTES / 1024} KiB; put the material in a file and name it.`,
    })
    .describe('What the agent should do next, or the input it needs.'),
});

/**
 * `send_message {task_id, message}` (SPEC A5): a running agent gets the message at its next tool
 * boundary; a paused or finished one goes on with it — on its live runtime, or revived from its
 * transcript — and reports again through a notification.
 */
export function createSendMessageTool({ tasks }: { tasks: BackgroundTasks }): RunAwareTool {
  return defineRunAwareTool({
    name: SEND_MESSAGE_TOOL_NAME,
    description: `Send a message (at most ${MAX_TASK_MESSAGE_BYTES / 1024} KiB) to an agent task by task_id: a running one reads it at its next step; a paused or finished one continues with it and reports its next result as a notification. Use it for follow-up work on the same topic instead of starting a new agent.`,
    kind: 'read',
    schema,
    async execute({ task_id: taskId, message }, _context, run) {
      if (run === undefined) return outsideRunResult(SEND_MESSAGE_TOOL_NAME);
      const delivery = await tasks.sendMessage(taskId, message, run);
      if (!delivery.ok) return errorResult(delivery.message);
      return textResult(
        delivery.how === 'queued'
          ? `Queued for ${taskId}: it reads the message at its next step. Its result arrives as a notification.`
          : `${taskId} continues with the message in the background; its next result arrives as a notification.`,
      );
    },
  });
}
