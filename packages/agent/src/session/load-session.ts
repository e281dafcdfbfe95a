import { UserInputError } from '@skilldock/core/errors';
import { listSessions } from './list-sessions.js';
import { type LoadedTranscript, readTranscript } from './read-transcript.js';
import { type SessionLocation, sessionFile } from './session-location.js';

/**
 * Loads a saved session by id, or the most recently updated readable one with `'latest'`
 * (SPEC G5). Throws `UserInputError`: `invalid_session_id`, `session_not_found`, or
 * `session_corrupt` naming the file and line (an unfinished last line is tolerated).
 * @example const { header, messages } = await loadSession({ projectRoot: cwd }, 'latest');
 */
export async function loadSession(
  location: SessionLocation,
  id: string | 'latest',
): Promise<LoadedTranscript> {
  if (id === 'latest') {
    const latest = (await listSessions(location)).find((summary) => summary.error === undefined);
    if (latest === undefined) {
      throw new UserInputError('session_not_found', `no saved sessions for ${location.projectRoot}`);
    }
    return readTranscript(latest.file);
  }
  const file = await sessionFile(location, id);
  try {
    return await readTranscript(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new UserInputError('session_not_found', `no session ${id} for ${location.projectRoot}`, {
        details: { path: file },
        cause: error,
      });
    }
    throw error;
  }
}
