import { UserInputError } from '@skilldock/core/errors';

/**
 * A failure the user fixes in what they typed or configured — a `--cwd` that is no folder, a
 * command that needs a terminal, a worker without `DATABASE_URL`. It exits 2 (usage) by its class,
 * whatever its code, so the CLI's own usage failures need no row in the exit-code table.
 * @example throw new UsageError('terminal_required', 'skilldock chat needs a terminal');
 */
export class UsageError extends UserInputError {}
