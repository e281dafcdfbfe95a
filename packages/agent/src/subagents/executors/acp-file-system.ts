import { mkdir, open, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { SecurityError, UserInputError } from '@skilldock/core/errors';
import { readTextPage } from '@skilldock/core/runtime';
import type { ConfinedPath } from '../../policy/confine-path.js';
import { confinePath } from '../../policy/confine-path.js';

/** What an ACP agent's file requests may touch: the task's folder, and writes only with edits allowed. */
export interface AcpFileSystemScope {
  readonly cwd: string;
  readonly allowEdits: boolean;
  /** The most bytes one read returns. */
  readonly maxReadBytes: number;
}

/** The most lines one `fs/read_text_file` returns when the agent gives no `limit`. */
const DEFAULT_READ_LINES = 2000;

/** The error of a path `confinePath` refused: a missing file is the agent's input, the rest a security refusal. */
function confinementError(refused: Extract<ConfinedPath, { ok: false }>): UserInputError | SecurityError {
  return refused.code === 'path_not_found'
    ? new UserInputError(refused.code, refused.message)
    : new SecurityError(refused.code, refused.message);
}

/**
 * Answers ACP `fs/read_text_file` (`{path, line?, limit?}`, 1-based line): the file must be a
 * regular file inside the task's folder after links are resolved (the same `confinePath` the
 * built-in tools use), and the answer is one bounded page.
 * @throws UserInputError `acp_file_not_text`, `path_not_found`; SecurityError when the path leaves
 * the folder — the message is what the agent receives as a JSON-RPC error.
 */
export async function readTextFileForAgent(
  params: { readonly path: string; readonly line?: number | null; readonly limit?: number | null },
  scope: AcpFileSystemScope,
): Promise<{ content: string }> {
  const target = await confinePath(params.path, 'read', { cwd: scope.cwd, readOnlyRoots: [] });
  if (!target.ok) throw confinementError(target);
  // Judged before opening: opening a FIFO for reading would wait for a writer.
  if (!(await stat(target.realPath)).isFile())
    throw new UserInputError('acp_file_not_text', `${target.displayPath} is not a regular file.`, {
      details: { path: target.displayPath },
    });
  const handle = await open(target.realPath, 'r');
  try {
    const page = await readTextPage(handle.createReadStream({ autoClose: false, highWaterMark: 64 * 1024 }), {
      offset: Math.max(1, Math.trunc(params.line ?? 1)),
      maxLines: Math.max(1, Math.trunc(params.limit ?? DEFAULT_READ_LINES)),
      maxBytes: scope.maxReadBytes,
      invalidUtf8: 'replace',
    });
    if (page.kind === 'binary')
      throw new UserInputError(
        'acp_file_not_text',
        `${target.displayPath} holds binary data and is not a text file.`,
        { details: { path: target.displayPath } },
      );
    return { content: page.text };
  } finally {
    await handle.close();
  }
}

/**
 * Answers ACP `fs/write_text_file` (`{path, content}`): refused when the task is read-only, and
 * confined like the built-in write tool: inside the task's folder, never through a link that
 * leads out, never a file that configures the agent (SPEC SEC2: nobody approved it here).
 * @throws SecurityError `acp_task_read_only`, or the path's refusal — the message is what the
 * agent receives as a JSON-RPC error.
 */
export async function writeTextFileForAgent(
  params: { readonly path: string; readonly content: string },
  scope: AcpFileSystemScope,
): Promise<Record<string, never>> {
  if (!scope.allowEdits)
    throw new SecurityError(
      'acp_task_read_only',
      `Refused: this task is read-only, so ${params.path} was not written. The session or the subagent must allow edits (auto-edit).`,
    );
  const target = await confinePath(params.path, 'write', {
    cwd: scope.cwd,
    readOnlyRoots: [],
    agentConfigWrites: [],
  });
  if (!target.ok) throw confinementError(target);
  await mkdir(dirname(target.realPath), { recursive: true });
  await writeFile(target.realPath, params.content);
  return {};
}
