export {
  type Conversation,
  type OpenConversationOptions,
  openConversation,
  type TurnOutcome,
} from './open-conversation.js';
export { terminalSystemPrompt } from './terminal-system-prompt.js';
export { fromTranscriptMessage, toTranscriptMessage } from './transcript-messages.js';
