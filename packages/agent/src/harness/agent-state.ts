import { UserInputError } from '@skilldock/core/errors';

/** Most bytes the JSON of one conversation's state may take: state is data, not a cache. */
export const MAX_AGENT_STATE_BYTES = 1024 * 1024;

/** A `useState` key: letters, digits and `_ . : -`, 1–128 characters. */
const STATE_KEY = /^[A-Za-z0-9_.:-]{1,128}$/;

/** A conversation's persisted state: what `useState` reads, as plain JSON. */
export type AgentStateValues = Readonly<Record<string, unknown>>;

/**
 * The per-conversation values behind `useState` (SPEC I6): JSON only, so they can be written to the
 * transcript and read back in another process. A value is stored as a copy, so changing an object
 * after setting it changes nothing; the next render sees what was set.
 */
export class AgentState {
  readonly #values = new Map<string, unknown>();
  #bytes = 2;
  #version = 0;

  constructor(values: AgentStateValues = {}) {
    for (const [key, value] of Object.entries(values)) this.set(key, value);
    this.#version = 0;
  }

  /** Bumped by every `set`: a host persists the state when it differs from what it saved. */
  get version(): number {
    return this.#version;
  }

  has(key: string): boolean {
    return this.#values.has(checkStateKey(key));
  }

  get(key: string): unknown {
    return this.#values.get(checkStateKey(key));
  }

  /**
   * Sets a value for the next render. Throws `UserInputError` `agent_state_invalid` for a value JSON
   * cannot carry (a function, `undefined`, a cycle, a BigInt) or a state over
   * {@link MAX_AGENT_STATE_BYTES}.
   */
  set(key: string, value: unknown): void {
    checkStateKey(key);
    let json: string | undefined;
    try {
      json = JSON.stringify(value);
    } catch (error) {
      throw invalidState(key, `cannot be stored as JSON (${(error as Error).message})`);
    }
    if (json === undefined)
      throw invalidState(key, 'cannot be stored as JSON (it is undefined or a function)');
    const copy: unknown = JSON.parse(json);
    const previous = this.#values.get(key);
    const previousBytes = previous === undefined && !this.#values.has(key) ? 0 : entryBytes(key, previous);
    const bytes = this.#bytes - previousBytes + entryBytes(key, copy);
    if (bytes > MAX_AGENT_STATE_BYTES) {
      throw new UserInputError(
        'agent_state_invalid',
        `The agent state would take ${bytes} bytes as JSON; at most ${MAX_AGENT_STATE_BYTES} are kept per conversation.`,
        { details: { field: key, limit: MAX_AGENT_STATE_BYTES, actual: bytes } },
      );
    }
    this.#values.set(key, copy);
    this.#bytes = bytes;
    this.#version++;
  }

  /** A frozen copy of every value, for the transcript and for reading. */
  values(): AgentStateValues {
    return Object.freeze(Object.fromEntries([...this.#values].map(([key, value]) => [key, clone(value)])));
  }
}

/**
 * Checks stored JSON (a transcript's `agent-state` event) and returns it as state values; anything
 * but an object of valid keys is `agent_state_invalid`.
 */
export function parseAgentState(value: unknown): AgentStateValues {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new UserInputError('agent_state_invalid', 'The saved agent state is not an object.');
  }
  return new AgentState(value as AgentStateValues).values();
}

function checkStateKey(key: string): string {
  if (typeof key !== 'string' || !STATE_KEY.test(key)) {
    throw new UserInputError(
      'agent_state_invalid',
      `useState keys are 1–128 letters, digits and _ . : - (got ${JSON.stringify(String(key)).slice(0, 80)}).`,
      { details: { field: 'key' } },
    );
  }
  return key;
}

function invalidState(key: string, problem: string): UserInputError {
  return new UserInputError('agent_state_invalid', `The state ${key} ${problem}.`, {
    details: { field: key },
  });
}

function entryBytes(key: string, value: unknown): number {
  return Buffer.byteLength(JSON.stringify(key)) + Buffer.byteLength(JSON.stringify(value) ?? '') + 2;
}

function clone(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? JSON.parse(JSON.stringify(value)) : value;
}
