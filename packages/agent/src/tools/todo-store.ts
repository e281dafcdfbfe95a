/** Where a task stands. */
export type TodoStatus = 'pending' | 'in_progress' | 'completed';

/** One entry of the agent's task list. */
export interface TodoItem {
  readonly content: string;
  readonly status: TodoStatus;
}

/**
 * The task list of one run, kept by `todo_write`. The host reads `items` to show progress and
 * may subscribe to changes. One store per run: a subagent gets its own.
 */
export class TodoStore {
  #items: readonly TodoItem[] = [];
  readonly #listeners = new Set<(items: readonly TodoItem[]) => void>();

  /** The current list, in the model's order. */
  get items(): readonly TodoItem[] {
    return this.#items;
  }

  /** Replaces the whole list (the model always writes all of it) and tells the listeners. */
  replace(items: readonly TodoItem[]): void {
    this.#items = Object.freeze(items.map((item) => Object.freeze({ ...item })));
    for (const listener of this.#listeners) listener(this.#items);
  }

  /** Calls `listener` after every change; returns a function that unsubscribes it. */
  subscribe(listener: (items: readonly TodoItem[]) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
