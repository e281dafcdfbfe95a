/**
 * `@skilldock/agent/ai-sdk` — a skill session's `activate_skill` and `read_skill_resource` as Vercel
 * AI SDK tools (`ai` 5+, an optional peer dependency: only this subpath imports it).
 */
// The agent's error codes extend core's SkilldockErrorCodes by module augmentation; this import keeps
// that augmentation in the entry's declarations, or a consumer's tsc rejects the codes it names.
import '../error-codes.js';

export { createAISDKTools } from './create-ai-sdk-tools.js';
