/**
 * `@skilldock/agent/harness` — agents in code (SPEC I6): an agent is a function that calls hooks
 * and returns its instructions; `createHarness` renders it before every turn and runs it with the
 * same workspace, loop, skill session and transcript as the CLI.
 */
// The agent's error codes extend core's SkilldockErrorCodes by module augmentation; this import keeps
// that augmentation in the entry's declarations, or a consumer's tsc rejects the codes it names.
import '../error-codes.js';

// defineSkill is core's (SPEC I1); re-exported so an agent module imports its hooks from one place.
export { type DefineSkillInput, defineSkill } from '@skilldock/core/format';
export {
  type StateSetter,
  useInstruction,
  useModel,
  useSkill,
  useState,
  useSubagent,
  useTool,
} from './agent-hooks.js';
export { AgentState, type AgentStateValues, MAX_AGENT_STATE_BYTES, parseAgentState } from './agent-state.js';
export {
  createHarness,
  type Harness,
  type HarnessEvent,
  type HarnessOptions,
  type HarnessResult,
  type TurnOptions,
} from './create-harness.js';
export type { HarnessWarning } from './declared-catalog.js';
export type { SkillMount } from './mount-skill.js';
export { AGENT_STATE_EVENT, type HarnessOpenOptions } from './open-harness-conversation.js';
export { type AgentFunction, type RenderedAgent, renderAgent } from './render-agent.js';
