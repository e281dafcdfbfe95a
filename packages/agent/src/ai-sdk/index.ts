/**
 * `@skilldock/agent/ai-sdk` — a skill session's `activate_skill` and `read_skill_resource` as Vercel
 * AI SDK tools (`ai` 5+, an optional peer dependency: only this subpath imports it).
 */
export { createAISDKTools } from './create-ai-sdk-tools.js';
