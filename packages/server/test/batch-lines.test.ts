/** Log lines are written a turn of the event loop at a time: one write per turn, in order, nothing lost. */
import { describe, expect, it } from 'vitest';
import { createJsonLogger } from '../src/index.js';
import { batchLines } from '../src/testing.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('batchLines', () => {
  it('joins the lines of one turn into one write, in order, and leaves no exit listener behind', async () => {
    const writes: string[] = [];
    const exitListeners = process.listenerCount('exit');
    const logger = createJsonLogger(batchLines((text) => writes.push(text)));
    logger.info('first', { n: 1 });
    logger.warn('second', { n: 2 });
    expect(writes).toEqual([]);
    expect(process.listenerCount('exit')).toBe(exitListeners + 1);
    await nextTurn();
    expect(writes).toHaveLength(1);
    const lines = writes[0]!.split('\n');
    expect(lines.at(-1)).toBe('');
    expect(lines.slice(0, -1).map((line) => JSON.parse(line).event)).toEqual(['first', 'second']);
    expect(process.listenerCount('exit')).toBe(exitListeners);
    logger.error('third');
    await nextTurn();
    expect(writes).toHaveLength(2);
    expect(JSON.parse(writes[1]!).event).toBe('third');
    await nextTurn();
    expect(writes).toHaveLength(2);
  });

  it('writes what is pending when the process exits before the next turn', () => {
    const writes: string[] = [];
    const write = batchLines((text) => writes.push(text));
    write('pending\n');
    const flushOnExit = process.listeners('exit').at(-1) as (code: number) => void;
    flushOnExit(0);
    expect(writes).toEqual(['pending\n']);
    expect(process.listeners('exit')).not.toContain(flushOnExit);
  });
});
