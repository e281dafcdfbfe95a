import type { AgentTool } from './agent-tool.js';
import { createAskUserQuestionTool } from './ask-user-question-tool.js';
import { createEditTool } from './edit-tool.js';
import { createGlobTool, type GlobToolOptions } from './glob-tool.js';
import { createGrepTool, type GrepToolOptions } from './grep-tool.js';
import { createLsTool, type LsToolOptions } from './ls-tool.js';
import { createReadFileTool, type ReadFileToolOptions } from './read-file-tool.js';
import { createShellTool, type ShellToolOptions } from './shell-tool.js';
import type { TodoStore } from './todo-store.js';
import { createTodoWriteTool } from './todo-write-tool.js';
import { createWriteFileTool } from './write-file-tool.js';

/** Options of {@link createBuiltinTools}: each tool's own options, and the run's todo store. */
export interface BuiltinToolsOptions {
  readonly readFile?: ReadFileToolOptions;
  readonly ls?: LsToolOptions;
  readonly glob?: GlobToolOptions;
  readonly grep?: GrepToolOptions;
  readonly shell?: ShellToolOptions;
  /** The run's task list; default a new one. */
  readonly todoStore?: TodoStore;
}

/**
 * All built-in tools (SPEC G4), in a fixed order so tool declarations never reorder:
 * `read_file`, `write_file`, `edit`, `ls`, `glob`, `grep`, `shell`, `ask_user_question`,
 * `todo_write`.
 * @example const tools = createBuiltinTools({ todoStore: new TodoStore() });
 */
export function createBuiltinTools(options: BuiltinToolsOptions = {}): AgentTool[] {
  return [
    createReadFileTool(options.readFile),
    createWriteFileTool(),
    createEditTool(),
    createLsTool(options.ls),
    createGlobTool(options.glob),
    createGrepTool(options.grep),
    createShellTool(options.shell),
    createAskUserQuestionTool(),
    createTodoWriteTool(options.todoStore === undefined ? {} : { store: options.todoStore }),
  ];
}
