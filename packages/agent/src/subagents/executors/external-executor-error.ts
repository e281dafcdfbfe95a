import { SkilldockError } from '@skilldock/core/errors';

/**
 * An external executor (SPEC A7) could not start or did not finish: refused before start (an
 * untrusted workspace, safe mode, native Windows, a command not on PATH, an option it cannot
 * honour), or failed while running (it crashed, broke its protocol, was cancelled). `code` says
 * which; the message says what to do about it.
 */
export class ExternalExecutorError extends SkilldockError {}
