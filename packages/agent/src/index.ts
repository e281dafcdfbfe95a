/**
 * @skilldock/agent — model providers, the agent loop, approvals, built-in and MCP tools, and the
 * workspace and conversation every front end (CLI, server, programmatic) opens the same way.
 * Every export is deliberate: each stage's `index.ts` lists what it makes public.
 */
// The agent's error codes extend core's SkilldockErrorCodes by module augmentation; this import keeps
// that augmentation in the entry's declarations, or a consumer's tsc rejects the codes it names.
import './error-codes.js';

export * from './conversation/index.js';
export * from './curator/index.js';
export type * from './error-codes.js';
export * from './learn/auto-skill/index.js';
export * from './learn/index.js';
export * from './loop/index.js';
export * from './mcp-server/index.js';
export * from './model/index.js';
export * from './policy/index.js';
export * from './sandbox/index.js';
export * from './session/index.js';
export * from './subagents/index.js';
export * from './tools/index.js';
export * from './workspace/index.js';
