import type { SkillSession } from './skill-session.js';
import type { ToolResult } from './types.js';

/** One tool call as a provider sent it, in neutral words: its id, tool name and arguments. */
export interface NeutralToolCall {
  readonly id: string;
  readonly name: string;
  /** An object, or its JSON text (the OpenAI wire form). */
  readonly input: unknown;
}

/**
 * Runs a tool of the host's own (one the skill session does not declare). It may return the text
 * the model reads or a {@link ToolResult}; a throw becomes an error result the model reads.
 */
export type HostToolHandler = (name: string, input: unknown) => Promise<ToolResult | string>;

/** Options every provider adapter takes. */
export interface ToolAdapterOptions {
  /**
   * Answers calls of tools the session does not declare (the host's own tools). Absent: such a call
   * gets an error result naming the tools there are.
   */
  readonly hostTool?: HostToolHandler;
}

/** A call and its answer. */
export interface AnsweredToolCall {
  readonly id: string;
  readonly result: ToolResult;
}

/** Unknown tool names are quoted back at most this long: the name comes from the model. */
const MAX_QUOTED_NAME = 100;

/**
 * Answers a model's tool calls in order (an activation before a read of the same skill works in one
 * turn), through the skill session or the host's handler, and takes the change signals (SPEC R7)
 * the calls produced. Never throws: every failure is a result the model reads. The provider
 * adapters are this plus their wire shapes; use it directly for another API.
 * @example
 * const { answers, signals } = await answerToolCalls(session, calls.map((call) => ({ id: call.id, name: call.name, input: call.args })));
 */
export async function answerToolCalls(
  session: SkillSession,
  calls: readonly NeutralToolCall[],
  { hostTool }: ToolAdapterOptions = {},
): Promise<{ answers: AnsweredToolCall[]; signals: string[] }> {
  const sessionTools = new Set(session.tools.map((tool) => tool.name));
  const answers: AnsweredToolCall[] = [];
  for (const call of calls) {
    answers.push({ id: call.id, result: await answerOne(session, sessionTools, call, hostTool) });
  }
  return { answers, signals: session.drainSignals() };
}

async function answerOne(
  session: SkillSession,
  sessionTools: ReadonlySet<string>,
  call: NeutralToolCall,
  hostTool: HostToolHandler | undefined,
): Promise<ToolResult> {
  if (sessionTools.has(call.name)) return session.handleToolCall(call.name, call.input);
  const quoted = call.name.length > MAX_QUOTED_NAME ? `${call.name.slice(0, MAX_QUOTED_NAME)}…` : call.name;
  if (hostTool === undefined) {
    return {
      isError: true,
      content: `There is no tool named ${quoted}. Available tools: ${[...sessionTools].join(', ')}.`,
    };
  }
  try {
    const result = await hostTool(call.name, call.input);
    return typeof result === 'string' ? { isError: false, content: result } : result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { isError: true, content: `The tool ${quoted} failed: ${message}` };
  }
}

/** The signals as one appended message's text (SPEC R7), or undefined when there are none. */
export function signalText(signals: readonly string[]): string | undefined {
  return signals.length === 0 ? undefined : signals.join('\n\n');
}
