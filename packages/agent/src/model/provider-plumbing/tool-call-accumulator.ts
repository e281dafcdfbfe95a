import { randomUUID } from 'node:crypto';
import type { ModelToolCall } from '../conversation.js';

/** A tool call's parts as they arrive; any part may be missing from one delta. */
export interface ToolCallDelta {
  readonly id?: string | null | undefined;
  readonly name?: string | null | undefined;
  readonly arguments?: string | null | undefined;
}

/**
 * Assembles streamed tool calls from their deltas, keyed by the stream's index of each call:
 * the id is replaced, the name and the arguments are appended. A completed call always has an id
 * (some compatible servers send none; the result must still name the call it answers) and
 * arguments (`{}` for none).
 */
export class ToolCallAccumulator {
  readonly #calls = new Map<number, { id: string; name: string; arguments: string }>();

  /** Starts the call at `index` afresh (a protocol that announces each call before its arguments). */
  start(index: number, delta: ToolCallDelta): void {
    this.#calls.delete(index);
    this.add(index, delta);
  }

  /** Adds a delta to the call at `index`, starting it when it is new. */
  add(index: number, delta: ToolCallDelta): void {
    const call = this.#calls.get(index) ?? { id: '', name: '', arguments: '' };
    if (delta.id) call.id = delta.id;
    if (delta.name) call.name += delta.name;
    if (delta.arguments) call.arguments += delta.arguments;
    this.#calls.set(index, call);
  }

  /** True when a call is being assembled at `index`. */
  has(index: number): boolean {
    return this.#calls.has(index);
  }

  /** The complete call at `index` (if any), which is then forgotten. */
  complete(index: number): ModelToolCall | undefined {
    const call = this.#calls.get(index);
    if (call === undefined) return undefined;
    this.#calls.delete(index);
    return {
      id: call.id === '' ? `call_${randomUUID()}` : call.id,
      name: call.name,
      arguments: call.arguments === '' ? '{}' : call.arguments,
    };
  }

  /** Every call still open, completed in index order. */
  completeAll(): ModelToolCall[] {
    return [...this.#calls.keys()].sort((left, right) => left - right).map((index) => this.complete(index)!);
  }
}
