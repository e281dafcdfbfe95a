import { describe, expect, it } from 'vitest';
import { lineWriter } from '../src/agent/line-writer.js';
import { createEventRenderer } from '../src/agent/render-agent-event.js';
import { renderForTerminal } from '../src/terminal-style.js';

const call = (name: string, args: Record<string, unknown>) => ({
  id: 'call_1',
  name,
  arguments: JSON.stringify(args),
});

function render(events: Parameters<ReturnType<typeof createEventRenderer>>[0][]): string {
  let out = '';
  const writer = lineWriter((text) => {
    out += text;
  });
  const renderer = createEventRenderer({ text: writer, activity: writer });
  for (const event of events) renderer(event);
  return renderForTerminal(out);
}

describe('CLI activity lines', () => {
  it('R2 an activate_skill of an unknown name is not a failure and not a plain ✓: it shows the notice', () => {
    const toolCall = call('activate_skill', { name: 'pdf' });
    const out = render([
      { type: 'tool-call-start', turn: 1, toolCall },
      {
        type: 'tool-call-end',
        turn: 1,
        toolCall,
        outcome: 'done',
        result: {
          isError: false,
          content: 'There is no skill named "pdf". Available skills:\n- charts: Draw charts.',
          notice: 'There is no skill named "pdf"; the answer lists the available skills.',
        },
      },
    ]);
    expect(out).toBe(
      '● activate_skill pdf ! There is no skill named "pdf"; the answer lists the available skills.\n',
    );
  });

  it('R2 a result without a notice keeps its ✓, a failed one its ✗ and reason', () => {
    const toolCall = call('activate_skill', { name: 'charts' });
    const done = render([
      { type: 'tool-call-start', turn: 1, toolCall },
      {
        type: 'tool-call-end',
        turn: 1,
        toolCall,
        outcome: 'done',
        result: { isError: false, content: 'ok' },
      },
    ]);
    expect(done).toBe('● activate_skill charts ✓\n');
    const failed = render([
      { type: 'tool-call-start', turn: 1, toolCall },
      {
        type: 'tool-call-end',
        turn: 1,
        toolCall,
        outcome: 'failed',
        result: { isError: true, content: 'The skill charts is switched off.' },
      },
    ]);
    expect(failed).toBe('● activate_skill charts ✗ The skill charts is switched off.\n');
  });
});
