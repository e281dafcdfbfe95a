import { z } from 'zod';
import type { AgentTool } from './agent-tool.js';
import { defineAgentTool } from './define-agent-tool.js';
import { type TodoItem, TodoStore } from './todo-store.js';
import { textResult } from './tool-results.js';

/** Options of {@link createTodoWriteTool}. */
export interface TodoWriteToolOptions {
  /** Where the list lives for this run. Default: a new store. */
  readonly store?: TodoStore;
}

const schema = z.object({
  todos: z
    .array(
      z.object({
        content: z.string().min(1).describe('What to do, as a short imperative sentence.'),
        status: z.enum(['pending', 'in_progress', 'completed']),
      }),
    )
    .max(100)
    .describe('The complete list; it replaces the previous one.'),
});

const MARKS: Record<TodoItem['status'], string> = { pending: '[ ]', in_progress: '[~]', completed: '[x]' };

/** The list as text: one `[x]`/`[~]`/`[ ]` line per item, then the counts. */
export function renderTodos(items: readonly TodoItem[]): string {
  if (items.length === 0) return 'The task list is empty.';
  const lines = items.map((item, index) => `${index + 1}. ${MARKS[item.status]} ${item.content}`);
  const done = items.filter((item) => item.status === 'completed').length;
  return `${lines.join('\n')}\n(${done} of ${items.length} completed)`;
}

/**
 * The `todo_write` tool (SPEC G4): the model writes its whole task list; it is kept in the
 * run's {@link TodoStore} and returned rendered.
 */
export function createTodoWriteTool({ store = new TodoStore() }: TodoWriteToolOptions = {}): AgentTool {
  return defineAgentTool({
    name: 'todo_write',
    description:
      'Keep a task list for multi-step work: send the complete list each time with each item pending, in_progress or completed. Keep one item in_progress at a time.',
    kind: 'interact',
    schema,
    async execute({ todos }) {
      store.replace(todos);
      return textResult(renderTodos(store.items));
    },
  });
}
