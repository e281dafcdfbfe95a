export type { AgentTool, ToolContext, ToolKind, UserAnswer, UserQuestion } from './agent-tool.js';
