import { constants } from 'node:fs';
import { lstat, open, realpath } from 'node:fs/promises';
import path from 'node:path';
import { SecurityError, UserInputError } from '@skilldock/core/errors';
import { isPathInside } from '@skilldock/core/format';
import { looksBinary } from '../tools/looks-binary.js';
import { cutText } from './cut-text.js';
import type { LearnLimits, LearnMaterial, SkippedLearnFile } from './learn-material.js';
import { secretFileRule, secretSourceRule } from './secret-file-rule.js';
import { videoMediaType } from './video-sources.js';
import { walkLearnFolder } from './walk-learn-folder.js';

/** What {@link readLearnPath} needs. */
export interface ReadLearnPathOptions {
  /** The project root: relative sources start here, and its `.gitignore` files apply to sources inside it. */
  readonly projectRoot: string;
  readonly limits: LearnLimits;
  readonly signal?: AbortSignal;
}

/**
 * Reads a local source to learn from (SPEC L1, SEC1, SEC3): a text file, a folder, or an
 * `.mp4/.webm/.mov/.m4v` video, anywhere the user can read. Seed 000's own example is
 * `/learn ~/projects/acme-sdk`: learning only READS its source (the run still writes nothing
 * outside the learn directory), so a folder outside the project is a valid source (issue 26; this
 * replaces the earlier "inside the project" rule). The source itself is never a link (pass the
 * folder itself) and never a secret (`.env`, a key, a folder inside `.ssh/`, …). A folder's files
 * are read in name order within the limits: `.git` and `node_modules`, what its `.gitignore` files
 * ignore (the project's, for a source inside the project), binary files, secret files (the P2
 * rules), links (never followed) and files over the size limit are skipped and listed; the walk
 * stops after `limits.entries` files and folders.
 * @throws UserInputError `path_not_found`, `learn_source_empty`, `learn_source_unsupported`;
 *   SecurityError `learn_source_secret`, `symlink_refused`, `file_too_large` (a video over the limit).
 */
export async function readLearnPath(source: string, options: ReadLearnPathOptions): Promise<LearnMaterial> {
  const projectRoot = await realpath(path.resolve(options.projectRoot));
  const requested = path.resolve(projectRoot, source);
  const info = await lstat(requested).catch(() => undefined);
  if (info === undefined) {
    throw new UserInputError('path_not_found', `${source} does not exist.`, { details: { path: requested } });
  }
  if (info.isSymbolicLink()) {
    throw new SecurityError(
      'symlink_refused',
      `${source} is a symbolic link; pass the file or folder itself.`,
      {
        details: { path: requested },
      },
    );
  }
  const real = await realpath(requested);
  const secret =
    secretSourceRule(real, info.isDirectory()) ?? secretSourceRule(requested, info.isDirectory());
  if (secret !== undefined) {
    throw new SecurityError(
      'learn_source_secret',
      `${source} is a secret (${secret}); learn never reads secrets. Pass the folder or file that holds the knowledge instead.`,
      { details: { path: real } },
    );
  }
  const inside = isPathInside(real, projectRoot);
  // Inside the project a source is named as the project sees it; outside, by its real path.
  const display = inside ? path.relative(projectRoot, real) || '.' : real;
  if (info.isDirectory()) return readFolder(real, display, inside ? projectRoot : real, options);
  if (!info.isFile()) {
    throw new UserInputError('learn_source_unsupported', `${source} is not a regular file or folder.`, {
      details: { path: requested },
    });
  }
  const mediaType = videoMediaType(real);
  if (mediaType !== undefined) {
    if (info.size > options.limits.videoBytes) {
      throw new SecurityError(
        'file_too_large',
        `${display} is ${info.size} bytes; a video is sent to the model inline, at most ${options.limits.videoBytes} bytes.`,
        { details: { path: real, limit: options.limits.videoBytes, actual: info.size } },
      );
    }
    const bytes = await readNoFollow(real, options.limits.videoBytes);
    return {
      kind: 'video',
      origin: display,
      title: path.basename(real),
      text: '',
      video: {
        mediaType,
        dataUrl: `data:${mediaType};base64,${bytes.toString('base64')}`,
        bytes: bytes.length,
      },
      files: [],
      skipped: [],
      truncated: false,
    };
  }
  const bytes = await readNoFollow(real, options.limits.fileBytes);
  if (looksBinary(bytes)) {
    throw new UserInputError(
      'learn_source_unsupported',
      `${display} looks like a binary file; learn reads text files, folders and .mp4/.webm/.mov/.m4v videos.`,
      { details: { path: real } },
    );
  }
  const cut = cutText(bytes.toString('utf8'), options.limits.materialCharacters);
  return {
    kind: 'files',
    origin: display,
    title: path.basename(real),
    text: cut.text,
    files: [display],
    skipped: [],
    truncated: cut.truncated || info.size > options.limits.fileBytes,
  };
}

async function readFolder(
  folder: string,
  display: string,
  gitignoreRoot: string,
  options: ReadLearnPathOptions,
): Promise<LearnMaterial> {
  const { limits } = options;
  const skipped: SkippedLearnFile[] = [];
  // What the .gitignore files ignore is never listed (folders are not even walked).
  const walk = await walkLearnFolder(folder, {
    gitignoreRoot,
    maxEntries: limits.entries,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  const files: string[] = [];
  const sections: string[] = [];
  let characters = 0;
  let truncated = walk.cut;
  if (walk.cut) {
    skipped.push({
      path: '.',
      reason: `the folder holds more than ${limits.entries} files and folders; the walk stopped there`,
    });
  }
  for (const file of [...walk.files].sort()) {
    const absolute = path.join(folder, file);
    const reason = await skipReason(file, absolute, limits);
    if (reason !== undefined) {
      skipped.push({ path: file, reason });
      continue;
    }
    if (files.length >= limits.files || characters >= limits.materialCharacters) {
      skipped.push({ path: file, reason: 'over the limits of one learn' });
      truncated = true;
      continue;
    }
    const bytes = await readNoFollow(absolute, limits.fileBytes).catch(() => undefined);
    if (bytes === undefined) {
      skipped.push({ path: file, reason: 'unreadable' });
      continue;
    }
    if (looksBinary(bytes)) {
      skipped.push({ path: file, reason: 'binary' });
      continue;
    }
    const section = `=== ${file} ===\n${bytes.toString('utf8')}\n`;
    const cut = cutText(section, limits.materialCharacters - characters);
    sections.push(cut.text);
    characters += cut.text.length;
    truncated ||= cut.truncated;
    files.push(file);
  }
  if (files.length === 0) {
    throw new UserInputError(
      'learn_source_empty',
      `${display} has no text file learn may read${skipped.length === 0 ? '' : ` (${skipped.length} skipped: ${skipped.map((entry) => `${entry.path}: ${entry.reason}`).join('; ')})`}.`,
      { details: { path: folder } },
    );
  }
  return {
    kind: 'files',
    origin: display,
    title: path.basename(folder),
    text: sections.join('\n'),
    files,
    skipped,
    truncated,
  };
}

/** Why a file of a folder source is left out, or undefined when it is read. */
async function skipReason(file: string, absolute: string, limits: LearnLimits): Promise<string | undefined> {
  const secret = secretFileRule(file);
  if (secret !== undefined) return `secret (${secret})`;
  const info = await lstat(absolute).catch(() => undefined);
  if (info === undefined) return 'unreadable';
  if (info.isSymbolicLink()) return 'symbolic link';
  if (!info.isFile()) return 'not a regular file';
  if (info.size > limits.fileBytes) return `larger than ${limits.fileBytes} bytes`;
  return undefined;
}

/** At most `maxBytes` of a regular file, opened without following a link. */
async function readNoFollow(file: string, maxBytes: number): Promise<Buffer> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const stats = await handle.stat();
    if (!stats.isFile())
      throw new UserInputError('learn_source_unsupported', `${file} is not a regular file.`);
    const buffer = Buffer.alloc(Math.min(stats.size, maxBytes));
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
