import { statSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '@skilldock/core/format';
import { loadAgent } from '../agent/load-agent.js';
import { loadCore } from '../load-core.js';

/** The diagnostic codes `agents validate` has always reported for a file it could not read. */
const AGENT_FILE_REFUSAL_CODES = {
  path_not_found: 'file_missing',
  special_file: 'file_not_regular',
  symlink_refused: 'file_symlink_outside',
  file_too_large: 'file_too_large',
  file_unreadable: 'file_unreadable',
} as const;

/** What validating one agent file or fork profile found. */
export interface AgentFileValidation {
  readonly file: string;
  readonly kind: 'agent' | 'fork-profile';
  readonly valid: boolean;
  readonly diagnostics: readonly Diagnostic[];
}

/** A fork profile lives in a folder named `fork-profiles`; every other `.md` is an agent file. */
function kindOf(file: string): AgentFileValidation['kind'] {
  return path.basename(path.dirname(file)) === 'fork-profiles' ? 'fork-profile' : 'agent';
}

/**
 * Validates agent files and fork profiles with the parsers sessions use (`parseSubagent` and the
 * tool/model mapping, `parseForkProfile`): each path is a `.md` file or a folder whose `.md` files
 * are read (a FIFO, a link out of the folder or a file over 4 MiB is reported, never waited on or
 * followed). A path that does not exist is a usage error (`path_not_found`).
 */
export async function validateAgentFiles(
  paths: readonly string[],
  { modelAliases }: { modelAliases?: Readonly<Record<string, string>> } = {},
): Promise<readonly AgentFileValidation[]> {
  const { parseForkProfile, parseSubagent, readRegularFile, MAX_SKILL_FILE_BYTES, UserInputError } =
    await loadCore('format', 'errors');
  const { readMarkdownFolder, resolveSubagent } = await loadAgent();
  const results: AgentFileValidation[] = [];
  const check = (file: string, bytes: Uint8Array) => {
    const kind = kindOf(file);
    if (kind === 'fork-profile') {
      const parsed = parseForkProfile(bytes, { file });
      results.push({ file, kind, valid: parsed.ok, diagnostics: parsed.diagnostics });
      return;
    }
    const parsed = parseSubagent(bytes, { file });
    const diagnostics = parsed.ok
      ? resolveSubagent(parsed.subagent, {
          level: 'project',
          file,
          diagnostics: parsed.diagnostics,
          ...(modelAliases === undefined ? {} : { modelAliases }),
        }).diagnostics
      : parsed.diagnostics;
    results.push({ file, kind, valid: parsed.ok, diagnostics });
  };
  for (const given of paths) {
    let isFolder: boolean;
    try {
      isFolder = statSync(given).isDirectory();
    } catch {
      throw new UserInputError('path_not_found', `${given} does not exist`, { details: { path: given } });
    }
    if (isFolder) {
      const read = await readMarkdownFolder(given, { kind: 'agent file' });
      for (const { file, bytes } of read.files) check(file, bytes);
      for (const diagnostic of read.diagnostics) {
        const file = diagnostic.file ?? given;
        results.push({
          file,
          kind: kindOf(file),
          valid: diagnostic.severity !== 'error',
          diagnostics: [diagnostic],
        });
      }
      continue;
    }
    const read = readRegularFile(given, {
      maxBytes: MAX_SKILL_FILE_BYTES,
      allowedRoots: [path.dirname(given)],
    });
    if (read.ok) {
      check(given, read.bytes);
      continue;
    }
    const message =
      read.code === 'special_file'
        ? `is a ${read.kind}, not a regular file`
        : read.code === 'file_too_large'
          ? `is ${read.size} bytes; at most ${MAX_SKILL_FILE_BYTES} bytes (4 MiB) are allowed`
          : `cannot be read (${read.message})`;
    results.push({
      file: given,
      kind: kindOf(given),
      valid: false,
      diagnostics: [{ code: AGENT_FILE_REFUSAL_CODES[read.code], severity: 'error', message, file: given }],
    });
  }
  return results;
}
