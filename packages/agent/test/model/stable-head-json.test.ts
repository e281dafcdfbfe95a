import { describe, expect, it } from 'vitest';
import { createStableHeadJson } from '../../src/model/stable-head-json.js';

describe('createStableHeadJson', () => {
  it('R1 writes the same JSON as serialising the whole body, with and without leading items', () => {
    const serialize = createStableHeadJson();
    const head = { model: 'm', tools: [{ name: 'a' }] };
    const system = [{ role: 'system', content: 'S' }];
    const messages = [{ role: 'user', content: 'hi "there"' }];
    expect(JSON.parse(serialize(['m'], () => head, 'messages', system, messages))).toEqual({
      ...head,
      messages: [...system, ...messages],
    });
    expect(JSON.parse(serialize(['m'], () => head, 'messages', system, []))).toEqual({
      ...head,
      messages: system,
    });
    const other = createStableHeadJson();
    expect(JSON.parse(other(['m'], () => head, 'messages', [], messages))).toEqual({ ...head, messages });
    expect(JSON.parse(other(['m'], () => head, 'messages', [], []))).toEqual({ ...head, messages: [] });
  });

  it('R1 reuses the head while its key parts are the same values, and rebuilds when one changes', () => {
    const serialize = createStableHeadJson();
    let built = 0;
    const head = (model: string) => () => {
      built++;
      return { model };
    };
    const tools: unknown[] = [];
    serialize(['a', tools], head('a'), 'messages', [], [1]);
    serialize(['a', tools], head('a'), 'messages', [], [1, 2]);
    expect(built).toBe(1);
    expect(JSON.parse(serialize(['b', tools], head('b'), 'messages', [], [3]))).toEqual({
      model: 'b',
      messages: [3],
    });
    serialize(['b', []], head('b'), 'messages', [], [3]);
    expect(built).toBe(3);
  });
});
