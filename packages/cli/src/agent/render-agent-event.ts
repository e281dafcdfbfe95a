import type { AgentEvent, ToolCallOutcome } from '@skilldock/agent/loop';
import { pc } from '../terminal-style.js';
import { describeToolCall, shorten } from './describe-tool-call.js';
import type { LineWriter } from './line-writer.js';

/** Where {@link createEventRenderer} writes: the answer's text, and activity lines (may be the same writer, or none). */
export interface EventRendererTargets {
  readonly text: LineWriter;
  /** Tool and skill activity; undefined hides it. */
  readonly activity?: LineWriter;
}

const OUTCOME_WORD: Record<Exclude<ToolCallOutcome, 'done' | 'failed'>, string> = {
  refused: 'refused',
  denied: 'denied',
  cancelled: 'cancelled',
};

/**
 * Renders loop events for people: the streamed answer as it arrives, and activity lines
 * (`● read_file src/a.ts ✓`, `✗` with the reason for refused, denied and failed calls, `!` with a
 * result's notice, skill activations, catalog changes, and a catalog that could not be re-read). Colours follow the invocation (`NO_COLOR`, `FORCE_COLOR`, TTY; see `colourEnabled`).
 */
export function createEventRenderer({ text, activity }: EventRendererTargets): (event: AgentEvent) => void {
  // A tool line waiting for its ✓/✗; anything printed in between moves the mark to a new line.
  let openLine: { id: string; label: string } | undefined;
  const activityLine = (line: string) => {
    if (activity === undefined) return;
    if (activity === text || openLine !== undefined) text.endLine();
    activity.endLine();
    openLine = undefined;
    activity.write(`${line}\n`);
  };
  return (event) => {
    switch (event.type) {
      case 'text-delta':
        if (openLine !== undefined && activity === text) {
          text.endLine();
          openLine = undefined;
        }
        text.write(event.text);
        return;
      case 'tool-call-start': {
        if (activity === undefined) return;
        if (activity === text) text.endLine();
        const label = describeToolCall(event.toolCall);
        activity.endLine();
        activity.write(pc.dim(`● ${label}`));
        openLine = { id: event.toolCall.id, label };
        return;
      }
      case 'tool-call-end': {
        if (activity === undefined) return;
        const ok = event.outcome === 'done';
        // A done call with a notice (an unknown skill name, answered with the list: SPEC R2) is not
        // a failure, but a plain ✓ would say the skill was activated.
        const notice = ok ? event.result.notice : undefined;
        const mark = notice !== undefined ? pc.yellow('!') : ok ? pc.green('✓') : pc.red('✗');
        const why = ok
          ? notice === undefined
            ? ''
            : pc.dim(` ${shorten(notice, 120)}`)
          : pc.dim(
              ` ${event.outcome === 'failed' ? '' : `${OUTCOME_WORD[event.outcome]}: `}${shorten(event.result.content, 120)}`,
            );
        if (openLine?.id === event.toolCall.id && !activity.atLineStart) {
          activity.write(` ${mark}${why}\n`);
          openLine = undefined;
        } else {
          activityLine(`${mark} ${pc.dim(describeToolCall(event.toolCall))}${why}`);
        }
        return;
      }
      case 'skill-activate':
        activityLine(pc.cyan(`◆ skill ${event.skillId} activated`));
        return;
      case 'signal-append':
        for (const signal of event.signals) activityLine(pc.dim(`↻ ${shorten(signal, 120)}`));
        return;
      case 'catalog-refresh-error':
        activityLine(
          pc.yellow(
            `note: the skills could not be re-read (${shorten(event.error.message, 120)}); the last catalog stays`,
          ),
        );
        return;
      case 'run-end':
      case 'run-error':
        if (openLine !== undefined) activity?.endLine();
        openLine = undefined;
        text.endLine();
        return;
      default:
        return;
    }
  };
}
