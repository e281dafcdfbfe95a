import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { UserInputError } from '@skilldock/core/errors';
import type { PagePolicy } from '@skilldock/core/install';
import { fetchLearnPage } from './fetch-learn-page.js';
import type { LearnLimits, LearnMaterial } from './learn-material.js';
import { readLearnPath } from './read-learn-path.js';
import { videoMediaType } from './video-sources.js';

/** What a SOURCE argument is, before anything is read (SPEC L1). */
export type LearnSourceKind =
  | { readonly kind: 'url'; readonly url: string; readonly video: boolean }
  | { readonly kind: 'path'; readonly path: string; readonly video: boolean }
  | { readonly kind: 'text'; readonly text: string };

/**
 * Tells a URL, a local path and plain text apart (SPEC L1): an `http(s)://…` word is a URL; a
 * single line that names an existing entry, or starts with `./`, `../`, `/` or `~/`, or ends in
 * `.mp4/.webm/.mov/.m4v`, is a path (`~` is the home folder); anything else is text.
 * @example await classifyLearnSource('Our deploy process: migrate, deploy, check health', cwd) // text
 */
export async function classifyLearnSource(
  source: string,
  projectRoot: string,
  homeDirectory: string,
): Promise<LearnSourceKind> {
  const trimmed = source.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\/\S+$/i.test(trimmed)) {
    let pathname = '';
    try {
      pathname = new URL(trimmed).pathname;
    } catch {
      // An unparsable URL is reported by the page policy, with its reason.
    }
    return { kind: 'url', url: trimmed, video: videoMediaType(pathname) !== undefined };
  }
  if (trimmed !== '' && !trimmed.includes('\n')) {
    const expanded =
      trimmed === '~' || trimmed.startsWith('~/') ? path.join(homeDirectory, trimmed.slice(1)) : trimmed;
    const looksLikePath =
      /^(\.{1,2}\/|\/|~\/)/.test(trimmed) ||
      videoMediaType(trimmed) !== undefined ||
      (await lstat(path.resolve(projectRoot, expanded)).then(
        () => true,
        () => false,
      ));
    if (looksLikePath) return { kind: 'path', path: expanded, video: videoMediaType(trimmed) !== undefined };
  }
  return { kind: 'text', text: trimmed };
}

/** What {@link readLearnSource} needs. */
export interface ReadLearnSourceOptions {
  readonly projectRoot: string;
  readonly policy: PagePolicy;
  readonly limits: LearnLimits;
  readonly signal?: AbortSignal;
}

/**
 * Reads a classified source into what the model is given (SPEC L1): a page through the page
 * policy, a local file, folder or video anywhere the user can read, or the text itself (which must fit
 * the limit: it is never cut, since the user wrote all of it).
 * @throws UserInputError `learn_source_empty`, `learn_source_too_large`, and what
 *   `fetchLearnPage` and `readLearnPath` throw.
 */
export async function readLearnSource(
  source: LearnSourceKind,
  options: ReadLearnSourceOptions,
): Promise<LearnMaterial> {
  if (source.kind === 'url') return fetchLearnPage(source.url, options);
  if (source.kind === 'path') return readLearnPath(source.path, options);
  if (source.text === '') {
    throw new UserInputError('learn_source_empty', 'Nothing to learn from: the source is empty.');
  }
  if (source.text.length > options.limits.materialCharacters) {
    throw new UserInputError(
      'learn_source_too_large',
      `The text is ${source.text.length} characters; at most ${options.limits.materialCharacters} are learned from at once. Save it to a file and learn from the file, or pass a shorter text.`,
      { details: { limit: options.limits.materialCharacters, actual: source.text.length } },
    );
  }
  return {
    kind: 'text',
    origin: 'text',
    title: '',
    text: source.text,
    files: [],
    skipped: [],
    truncated: false,
  };
}

/**
 * Splits the text after `/learn` into SOURCE and FOCUS (SPEC L1): when the first word is a URL or
 * a path, it is the source and the rest the focus (`./tutorial.mp4 focus on the deployment
 * workflow`); otherwise the whole text is the source (`Our deploy process: run migrate, …`).
 * @example await splitLearnInput('https://docs.example.com/api auth only', root, home) // { source: 'https://…', focus: 'auth only' }
 */
export async function splitLearnInput(
  input: string,
  projectRoot: string,
  homeDirectory: string,
): Promise<{ readonly source: string; readonly focus: string }> {
  const trimmed = input.trim();
  const [first = '', ...rest] = trimmed.split(/\s+/);
  const kind = await classifyLearnSource(first, projectRoot, homeDirectory);
  return kind.kind === 'text' ? { source: trimmed, focus: '' } : { source: first, focus: rest.join(' ') };
}
