import type { AgentTool } from '../tools/agent-tool.js';
import { type AgentToolOptions, createAgentTool } from './create-agent-tool.js';
import { createListAgentsTool } from './list-agents-tool.js';
import { createSendMessageTool } from './send-message-tool.js';

/**
 * The three subagent tools a session declares, in a fixed order (SPEC A3, A5, R1): `agent`,
 * `list_agents`, `send_message`, all over the same task manager.
 * @example
 * const tasks = new BackgroundTasks({ interactive: true });
 * const conversation = await openConversation(workspace, { approvalModes, extraTools: createSubagentTools({ registry, tasks }), backgroundTasks: tasks });
 */
export function createSubagentTools(options: AgentToolOptions): AgentTool[] {
  return [
    createAgentTool(options),
    createListAgentsTool({ tasks: options.tasks }),
    createSendMessageTool({ tasks: options.tasks }),
  ];
}
