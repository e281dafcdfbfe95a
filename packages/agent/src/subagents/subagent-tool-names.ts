/** The tool that starts subagents and forks (SPEC A3). */
export const AGENT_TOOL_NAME = 'agent';
/** Lists the session's tasks (SPEC A5). */
export const LIST_AGENTS_TOOL_NAME = 'list_agents';
/** Sends a message to a task (SPEC A5). */
export const SEND_MESSAGE_TOOL_NAME = 'send_message';
/** The built-in question tool a subagent never gets unless it lists it (SPEC A3). */
export const ASK_USER_TOOL_NAME = 'ask_user_question';

/** Tools that start or steer other agents: never given to a subagent, refused in a fork (SPEC A4). */
export const AGENT_CONTROL_TOOLS: ReadonlySet<string> = new Set([
  AGENT_TOOL_NAME,
  LIST_AGENTS_TOOL_NAME,
  SEND_MESSAGE_TOOL_NAME,
]);
