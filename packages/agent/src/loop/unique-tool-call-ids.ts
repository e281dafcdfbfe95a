import type { ModelToolCall } from '../model/conversation.js';

/**
 * Give every call of one answer its own id (SPEC G2): an empty id, or one an earlier call of the
 * same answer already has, becomes `<id or call>_<turn>_<position>` (with a further `_n` in the
 * unlikely case that is taken too). Each call then gets exactly one result under its own id, and
 * the APIs, which reject repeated ids, accept the conversation. Calls with fine ids keep them.
 */
export function uniqueToolCallIds(calls: readonly ModelToolCall[], turn: number): ModelToolCall[] {
  const taken = new Set(calls.map((call) => call.id));
  const seen = new Set<string>();
  return calls.map((call, position) => {
    if (call.id !== '' && !seen.has(call.id)) {
      seen.add(call.id);
      return call;
    }
    const base = `${call.id === '' ? 'call' : call.id}_${turn}_${position}`;
    let id = base;
    for (let attempt = 2; taken.has(id) || seen.has(id); attempt++) id = `${base}_${attempt}`;
    seen.add(id);
    taken.add(id);
    return { ...call, id };
  });
}
