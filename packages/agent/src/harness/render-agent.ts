import { ConflictError, UserInputError } from '@skilldock/core/errors';
import type { Skill } from '@skilldock/core/format';
import type { SessionSubagentDefinition } from '../subagents/open-subagent-registry.js';
import type { AgentTool } from '../tools/agent-tool.js';
import type { AgentState } from './agent-state.js';

/**
 * An agent written as a function (SPEC I6): it calls hooks (`useModel`, `useSkill`, …) and returns
 * its base instructions. It is rendered again before every turn, so it must be synchronous and
 * depend only on its state and module-level values.
 * @example
 * function SupportAgent() {
 *   useSkill(refunds);
 *   return 'Answer customer support questions clearly and accurately.';
 * }
 */
export type AgentFunction = () => string;

/** What one render of an agent asks for: the configuration its next turn runs with. */
export interface RenderedAgent {
  /** The function's return value: the base instructions. */
  readonly instructions: string;
  /** `useInstruction` texts, in call order. */
  readonly addedInstructions: readonly string[];
  /** The base instructions, then each added one, separated by a blank line (the catalog follows). */
  readonly systemPrompt: string;
  /** The last `useModel` selector; absent when the agent named none. */
  readonly model?: string;
  /** Mounted skills in mount order, each validated (`useSkill`). */
  readonly skills: readonly Skill[];
  /** `useTool` tools, declared after the workspace's. */
  readonly tools: readonly AgentTool[];
  /** `useSubagent` definitions (the session level of SPEC A1). */
  readonly subagents: readonly SessionSubagentDefinition[];
}

/** The render in progress: what the hooks write to. */
export interface RenderFrame {
  readonly state: AgentState;
  model?: string;
  readonly skills: Skill[];
  readonly instructions: string[];
  readonly tools: AgentTool[];
  readonly subagents: SessionSubagentDefinition[];
}

let current: RenderFrame | undefined;

/** The frame of the render in progress; hooks called outside one throw `hook_outside_render`. */
export function currentRenderFrame(hook: string): RenderFrame {
  if (current === undefined) {
    throw new UserInputError(
      'hook_outside_render',
      `${hook} was called outside an agent render. Call hooks only in the body of an agent function while createHarness (or renderAgent) renders it — not in a callback, a tool or after an await.`,
      { details: { field: hook } },
    );
  }
  return current;
}

/**
 * Renders an agent once against its state (SPEC I6): runs the function with the hooks bound to a
 * fresh frame and returns what it asked for. Throws `agent_render_invalid` when the function is
 * asynchronous or returns something other than a string, and whatever a hook throws
 * (`skill_mounted_twice`, `invalid_skill_mount`, …).
 * @example const rendered = renderAgent(SupportAgent, new AgentState({ escalated: true }));
 */
export function renderAgent(agent: AgentFunction, state: AgentState): RenderedAgent {
  if (typeof agent !== 'function') {
    throw new UserInputError('agent_render_invalid', 'An agent is a function that returns its instructions.');
  }
  const frame: RenderFrame = { state, skills: [], instructions: [], tools: [], subagents: [] };
  const previous = current;
  current = frame;
  let returned: unknown;
  try {
    returned = agent();
  } finally {
    current = previous;
  }
  if (typeof (returned as { then?: unknown } | null)?.then === 'function') {
    // A rejected promise nobody awaits would crash the process later.
    (returned as Promise<unknown>).catch(() => undefined);
    throw new UserInputError(
      'agent_render_invalid',
      `The agent ${agent.name || '(anonymous)'} returned a promise. Agents render synchronously: load data before the harness starts, or keep it in useState.`,
    );
  }
  if (typeof returned !== 'string') {
    throw new UserInputError(
      'agent_render_invalid',
      `The agent ${agent.name || '(anonymous)'} returned ${returned === null ? 'null' : typeof returned}; it must return its instructions as a string.`,
    );
  }
  return Object.freeze({
    instructions: returned,
    addedInstructions: Object.freeze([...frame.instructions]),
    systemPrompt: [returned, ...frame.instructions].filter((part) => part !== '').join('\n\n'),
    ...(frame.model === undefined ? {} : { model: frame.model }),
    skills: Object.freeze([...frame.skills]),
    tools: Object.freeze([...frame.tools]),
    subagents: Object.freeze([...frame.subagents]),
  });
}

/** Adds a skill to the frame; a second skill with the same name in one render is a conflict. */
export function addSkillToFrame(frame: RenderFrame, skill: Skill): void {
  const taken = frame.skills.find((mounted) => mounted.id === skill.id || mounted.name === skill.name);
  if (taken !== undefined) {
    throw new ConflictError(
      'skill_mounted_twice',
      `The skill ${skill.name} is mounted twice in one render; mount each skill name once (useSkill).`,
      { details: { field: 'skill', name: skill.name } },
    );
  }
  frame.skills.push(skill);
}
