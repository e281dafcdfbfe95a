// The agent's error codes (core's registry, augmented) travel with this entry's declarations.
import '../error-codes.js';

export { fromTranscriptMessage, toTranscriptMessage } from '../session/transcript-messages.js';
export {
  type Conversation,
  type ConversationConfiguration,
  type OpenConversationOptions,
  openConversation,
  type SendOptions,
  type TurnOutcome,
} from './open-conversation.js';
export { terminalSystemPrompt } from './terminal-system-prompt.js';
