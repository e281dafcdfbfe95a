import { describe, expect, it } from 'vitest';
import { createBuiltinTools } from '../../src/tools/create-builtin-tools.js';
import { TodoStore } from '../../src/tools/todo-store.js';

describe('createBuiltinTools', () => {
  it('G4 returns every built-in tool with its kind, in a fixed order', () => {
    const tools = createBuiltinTools();
    expect(tools.map((tool) => [tool.name, tool.kind])).toEqual([
      ['read_file', 'read'],
      ['write_file', 'edit'],
      ['edit', 'edit'],
      ['ls', 'read'],
      ['glob', 'read'],
      ['grep', 'read'],
      ['shell', 'execute'],
      ['ask_user_question', 'interact'],
      ['todo_write', 'interact'],
    ]);
  });

  it('G4 declares plain JSON Schema objects with descriptions', () => {
    for (const tool of createBuiltinTools()) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.inputSchema).not.toHaveProperty('$schema');
      expect(tool.description.length).toBeGreaterThan(20);
    }
    const edit = createBuiltinTools().find((tool) => tool.name === 'edit')!;
    expect(edit.inputSchema.required).toEqual(['path', 'old_string', 'new_string']);
  });

  it('G4 hands the todo store to todo_write', async () => {
    const todoStore = new TodoStore();
    const todo = createBuiltinTools({ todoStore }).find((tool) => tool.name === 'todo_write')!;
    await todo.execute(
      { todos: [{ content: 'a', status: 'pending' }] },
      { cwd: '/', readOnlyRoots: [], signal: new AbortController().signal, reportFiles: () => {} },
    );
    expect(todoStore.items).toEqual([{ content: 'a', status: 'pending' }]);
  });
});
