/**
 * `@skilldock/agent/testing` — test doubles for the agent's boundaries: a scripted model server
 * speaking OpenAI Chat Completions, the OpenAI Responses API and Anthropic Messages on loopback, and
 * the one process liveness check the tests of killed processes share.
 */
// The agent's error codes extend core's SkilldockErrorCodes by module augmentation; this import keeps
// that augmentation in the entry's declarations, or a consumer's tsc rejects the codes it names.
import '../error-codes.js';

export type { FakeExecutorProtocol, FakeExecutorScript } from './fake-executor-program.js';
export {
  type FakeModelServer,
  type FakeModelServerOptions,
  startFakeModelServer,
} from './fake-model-server.js';
export type {
  FakeErrorAnswer,
  FakePause,
  FakeProtocol,
  FakeRawAnswer,
  FakeScript,
  FakeToolCall,
  FakeTurn,
  FakeTurnFunction,
  FakeUsage,
  RecordedRequest,
} from './fake-model-turn.js';
export { isProcessAlive, waitUntilProcessGone } from './process-liveness.js';
export { writeFakeAcpAgent, writeFakeCodexAppServer } from './write-fake-executor.js';
