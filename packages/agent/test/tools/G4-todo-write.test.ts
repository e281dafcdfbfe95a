import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TodoStore } from '../../src/tools/todo-store.js';
import { createTodoWriteTool } from '../../src/tools/todo-write-tool.js';
import { makeToolWorkspace, type ToolTestWorkspace } from './tool-test-context.js';

describe('todo_write', () => {
  let workspace: ToolTestWorkspace;
  beforeEach(async () => {
    workspace = await makeToolWorkspace();
  });
  afterEach(() => workspace.cleanup());

  it('G4 keeps the list in the run store and returns it rendered', async () => {
    const store = new TodoStore();
    const seen: number[] = [];
    store.subscribe((items) => seen.push(items.length));
    const tool = createTodoWriteTool({ store });
    const result = await tool.execute(
      {
        todos: [
          { content: 'Read the config', status: 'completed' },
          { content: 'Fix the parser', status: 'in_progress' },
          { content: 'Run the tests', status: 'pending' },
        ],
      },
      workspace.context(),
    );
    expect(result).toEqual({
      content: '1. [x] Read the config\n2. [~] Fix the parser\n3. [ ] Run the tests\n(1 of 3 completed)',
      isError: false,
    });
    expect(store.items.map((item) => item.status)).toEqual(['completed', 'in_progress', 'pending']);
    await tool.execute({ todos: [] }, workspace.context());
    expect(store.items).toEqual([]);
    expect(seen).toEqual([3, 0]);
  });

  it('G4 refuses an unknown status as an error result and keeps the list', async () => {
    const store = new TodoStore();
    store.replace([{ content: 'Keep me', status: 'pending' }]);
    const result = await createTodoWriteTool({ store }).execute(
      { todos: [{ content: 'x', status: 'done' }] },
      workspace.context(),
    );
    expect(result.isError).toBe(true);
    expect(result.content).toContain('status');
    expect(store.items).toEqual([{ content: 'Keep me', status: 'pending' }]);
  });
});
