import type { AgentTool } from '../tools/agent-tool.js';
import { createModelRequestBuilder, type ModelRequestBuilder } from './build-model-request.js';
import type { ApprovalRequest, RunContext } from './run-context.js';
import type { RunControl } from './run-control.js';
import type { RunRecord } from './run-record.js';
import type { ApprovalAnswer } from './run-state.js';
import type { ToolCallEnvironment } from './tool-call-environment.js';

/** The parts of one run that its phases (turns, tool calls, limits) share. */
export interface RunLoop {
  readonly context: RunContext;
  readonly control: RunControl;
  readonly record: RunRecord;
  readonly buildRequest: ModelRequestBuilder;
  /** What the tool calls of `turn` get; `answers` for the calls of a resumed turn. */
  toolEnvironment(
    turn: number,
    signal: AbortSignal,
    answers?: ReadonlyMap<string, ApprovalAnswer>,
    interrupted?: ReadonlyMap<string, ApprovalRequest>,
  ): ToolCallEnvironment;
}

/** Assemble a run's shared parts from its context, control and record. */
export function createRunLoop(context: RunContext, control: RunControl, record: RunRecord): RunLoop {
  const buildRequest = createModelRequestBuilder(context);
  const toolsByName = new Map<string, AgentTool>(context.tools.map((tool) => [tool.name, tool]));
  const sessionToolNames = new Set(context.skillSession?.tools.map((tool) => tool.name) ?? []);
  // A callback answers interruptions and resumes (answerApproval): one approval path.
  const interrupts = context.askApproval !== undefined || context.interruptForApproval === true;
  const announced = new Set<string>();
  return {
    context,
    control,
    record,
    buildRequest,
    toolEnvironment: (turn, signal, answers, interrupted) => ({
      context,
      toolsByName,
      sessionToolNames,
      signal,
      turn,
      interrupts,
      announced,
      run: {
        messages: record.messages,
        system: buildRequest.system,
        declarations: buildRequest.declarations,
      },
      cancelMessage: control.cancelMessage,
      appendResult: record.append,
      ...(answers === undefined ? {} : { answers }),
      ...(interrupted === undefined ? {} : { interrupted }),
    }),
  };
}
