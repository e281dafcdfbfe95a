import { UserInputError } from '@skilldock/core/errors';
import type { SessionSubagentDefinition } from '../subagents/open-subagent-registry.js';
import type { AgentTool } from '../tools/agent-tool.js';
import { mountSkill, type SkillMount } from './mount-skill.js';
import { addSkillToFrame, currentRenderFrame } from './render-agent.js';

/**
 * The model the agent's turns go to (SPEC G1 selectors: `anthropic:claude-haiku-4-5`, `fast`, …);
 * the last call in a render wins. A harness's `model` option overrides it.
 */
export function useModel(selector: string): void {
  const frame = currentRenderFrame('useModel');
  if (typeof selector !== 'string' || selector.trim() === '') {
    throw new UserInputError(
      'agent_render_invalid',
      'useModel takes a model selector such as openai:gpt-4.1.',
      {
        details: { field: 'model' },
      },
    );
  }
  frame.model = selector;
}

/**
 * Mounts a skill for this render (SPEC I6, I5): a SKILL.md import, a `defineSkill(...)` value or
 * a definition object. The model sees its catalog line; a mount or unmount between turns is
 * announced by an appended signal (R7), never by changing the system prompt. Mounting one name
 * twice in a render throws `skill_mounted_twice`.
 * @example if (escalated) useSkill(escalation);
 */
export function useSkill(skill: SkillMount): void {
  const frame = currentRenderFrame('useSkill');
  addSkillToFrame(frame, mountSkill(skill));
}

/** Adds text to the system prompt after the base instructions, for what the agent must always know. */
export function useInstruction(text: string): void {
  const frame = currentRenderFrame('useInstruction');
  if (typeof text !== 'string') {
    throw new UserInputError('agent_render_invalid', 'useInstruction takes Markdown text.', {
      details: { field: 'instruction' },
    });
  }
  frame.instructions.push(text);
}

/**
 * Declares a tool (see `defineAgentTool`) after the workspace's; approvals apply by its `kind`.
 * A name already taken (a built-in such as `read_file`) fails the turn with `duplicate_tool_name`.
 */
export function useTool(tool: AgentTool): void {
  const frame = currentRenderFrame('useTool');
  if (typeof tool !== 'object' || tool === null || typeof tool.execute !== 'function') {
    throw new UserInputError('agent_render_invalid', 'useTool takes a tool made with defineAgentTool.', {
      details: { field: 'tool' },
    });
  }
  frame.tools.push(tool);
}

/**
 * Defines a subagent the model can delegate to with the `agent` tool (SPEC A1 session level).
 * Subagents are registered when the harness opens its workspace; one first mounted later throws
 * `subagent_mounted_late`.
 */
export function useSubagent(definition: SessionSubagentDefinition): void {
  const frame = currentRenderFrame('useSubagent');
  frame.subagents.push(definition);
}

/** Changes a state value for the next render: a value, or a function of the current one. */
export type StateSetter<T> = (next: T | ((current: T) => T)) => void;

/**
 * A value kept per conversation (SPEC I6): `initial` until set, then what was set — across turns,
 * in the transcript, and after resuming the conversation. The setter may be called from a tool or
 * between turns; the change applies from the next render. Values must be JSON.
 * @example const [escalated, setEscalated] = useState('escalated', false);
 */
export function useState<T>(key: string, initial: T): readonly [T, StateSetter<T>] {
  const { state } = currentRenderFrame('useState');
  const value = (state.has(key) ? state.get(key) : initial) as T;
  const setValue: StateSetter<T> = (next) => {
    const current = (state.has(key) ? state.get(key) : initial) as T;
    state.set(key, typeof next === 'function' ? (next as (current: T) => T)(current) : next);
  };
  return [value, setValue] as const;
}
