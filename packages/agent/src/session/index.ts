// The agent's error codes (core's registry, augmented) travel with this entry's declarations.
import '../error-codes.js';

export { listSessions, type SessionSummary } from './list-sessions.js';
export { loadSession } from './load-session.js';
export { type LoadedTranscript, readTranscript } from './read-transcript.js';
export {
  createSessionId,
  projectHash,
  SESSION_ID_PATTERN,
  type SessionLocation,
  sessionFile,
  sessionsFolder,
} from './session-location.js';
export {
  type CreateSessionOptions,
  type ResumeSessionOptions,
  SessionTranscript,
  type TranscriptEntryInput,
} from './session-transcript.js';
export {
  TRANSCRIPT_VERSION,
  type TranscriptEntry,
  type TranscriptEventRecord,
  type TranscriptHeader,
  type TranscriptMessage,
  type TranscriptMessageRecord,
  type TranscriptRecord,
  type TranscriptToolCall,
  type TranscriptUsageRecord,
} from './transcript-record.js';
