export { unsupportedExecutorOptions } from './check-external-task.js';
export { ExternalExecutorError } from './external-executor-error.js';
export type { ExternalTaskOptions } from './external-task-options.js';
export { CODEX_DEFAULT_ARGS } from './start-codex-task.js';
export { startExternalTask } from './start-external-task.js';
