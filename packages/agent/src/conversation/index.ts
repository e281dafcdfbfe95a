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
