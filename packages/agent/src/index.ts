/**
 * @skilldock/agent — model providers, the agent loop, approvals, built-in and MCP tools.
 * Every export is deliberate: each stage's `index.ts` lists what it makes public.
 */
export type * from './error-codes.js';
export * from './loop/index.js';
export * from './model/index.js';
export * from './policy/index.js';
export * from './session/index.js';
export * from './tools/index.js';
