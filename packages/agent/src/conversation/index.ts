export {
  type Conversation,
  type ConversationConfiguration,
  type OpenConversationOptions,
  openConversation,
  type SendOptions,
  type TurnOutcome,
} from './open-conversation.js';
export { terminalSystemPrompt } from './terminal-system-prompt.js';
export { fromTranscriptMessage, toTranscriptMessage } from './transcript-messages.js';
