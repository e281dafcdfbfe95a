import { SecurityError, UserInputError } from '@skilldock/core/errors';
import {
  assertPageUrlAllowed,
  downloadBytes,
  type PagePolicy,
  pageAddressAllowance,
} from '@skilldock/core/install';
import type { AddressAllowance, ResolveHost } from '@skilldock/core/network';
import { looksBinary } from '../tools/looks-binary.js';
import { cutText } from './cut-text.js';
import { htmlToMarkdown } from './html-to-markdown.js';
import type { LearnLimits, LearnMaterial } from './learn-material.js';
import { isVideoSiteHost, VIDEO_MEDIA_TYPES, videoMediaType } from './video-sources.js';

/** What {@link fetchLearnPage} needs. */
export interface FetchLearnPageOptions {
  readonly policy: PagePolicy;
  readonly limits: LearnLimits;
  readonly signal?: AbortSignal;
  /** Resolves host names; default the system resolver (tests answer what they need). */
  readonly resolve?: ResolveHost;
  /**
   * A further check of the URL and of every redirect target, after the policy's (a host's own
   * rule: the platform's `web_fetch` requires a loopback host to be listed by `host:port`).
   */
  readonly checkUrl?: (url: URL) => void;
  /**
   * Which addresses each hop may connect to; default `pageAddressAllowance` (a listed host may be
   * on a private network). The platform's `web_fetch` keeps every listed host to public addresses.
   */
  readonly addressAllowance?: (url: URL) => AddressAllowance;
}

/**
 * Fetches a page or a direct-link video to learn from (SPEC L1, P5, SEC8): the URL and every
 * redirect go through `assertPageUrlAllowed`, and the address each hop connects to through the one
 * address policy (`pageAddressAllowance`: public addresses only unless the operator listed the
 * host or opted into loopback), checked as it is resolved; no credentials or cookies are sent, the body is capped while
 * it streams and the download is bounded in time. HTML is reduced to its article as Markdown; plain
 * text and Markdown are kept; a `.mp4/.webm/.mov/.m4v` link or a `video/*` answer is a video. A
 * video site's page (YouTube, Vimeo, Bilibili, …) is refused before anything is fetched.
 * @throws UserInputError `learn_video_site`, `learn_source_unsupported`, `learn_page_unreadable` (binary
 *   bytes, or HTML no parser can read), `download_failed`,
 *   `download_timeout`, `too_many_redirects`; SecurityError from the policy, `download_too_large`.
 */
export async function fetchLearnPage(url: string, options: FetchLearnPageOptions): Promise<LearnMaterial> {
  const checkUrl = (target: string | URL) => {
    const checked = refuseVideoSite(assertPageUrlAllowed(target, options.policy));
    options.checkUrl?.(checked);
    return checked;
  };
  const first = checkUrl(url);
  const linksVideo = videoMediaType(first.pathname) !== undefined;
  const { limits } = options;
  const downloaded = await downloadBytes(first.href, {
    checkUrl,
    addressAllowance: options.addressAllowance ?? ((target) => pageAddressAllowance(target, options.policy)),
    ...(options.resolve === undefined ? {} : { resolve: options.resolve }),
    maxBytes: linksVideo ? Math.max(limits.videoBytes, limits.pageBytes) : limits.pageBytes,
    timeoutMs: limits.downloadMs,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  const contentType = downloaded.contentType.split(';')[0]!.trim().toLowerCase();
  const finalPath = new URL(downloaded.url).pathname;
  const readable = isTextType(contentType);
  const mediaType = contentType.startsWith('video/')
    ? knownVideoType(contentType, downloaded.url)
    : readable
      ? undefined
      : videoMediaType(finalPath);
  if (mediaType !== undefined) {
    return {
      kind: 'video',
      origin: downloaded.url,
      title: decodeURIComponent(finalPath.slice(finalPath.lastIndexOf('/') + 1)),
      text: '',
      video: {
        mediaType,
        dataUrl: `data:${mediaType};base64,${downloaded.bytes.toString('base64')}`,
        bytes: downloaded.bytes.length,
      },
      files: [],
      skipped: [],
      truncated: false,
    };
  }
  // A video link may be downloaded up to the video limit; a page it turned out to be may not.
  if (downloaded.bytes.length > limits.pageBytes) {
    throw new SecurityError(
      'download_too_large',
      `${downloaded.url} is larger than ${limits.pageBytes} bytes.`,
      {
        details: { url: downloaded.url, limit: limits.pageBytes },
      },
    );
  }
  const isHtml = contentType === 'text/html' || contentType === 'application/xhtml+xml' || contentType === '';
  if (!isHtml && !readable) throw unsupported(downloaded.url, contentType);
  // A server may label anything text/html: binary bytes are refused before any parser sees them.
  if (looksBinary(downloaded.bytes))
    throw unreadable(
      downloaded.url,
      isHtml,
      'it holds binary data (NUL bytes or control characters), not text',
    );
  const body = downloaded.bytes.toString('utf8');
  let title = '';
  let text: string;
  if (isHtml) {
    let article: Awaited<ReturnType<typeof htmlToMarkdown>>;
    try {
      article = await htmlToMarkdown(body, downloaded.url);
    } catch (cause) {
      throw unreadable(downloaded.url, true, (cause as Error).message ?? String(cause), cause);
    }
    title = article.title;
    text = article.markdown;
  } else {
    text = body;
  }
  const cut = cutText(text, limits.materialCharacters);
  return {
    kind: 'page',
    origin: downloaded.url,
    title,
    text: cut.text,
    files: [],
    skipped: [],
    truncated: cut.truncated,
  };
}

function refuseVideoSite(url: URL): URL {
  if (isVideoSiteHost(url.hostname)) {
    throw new UserInputError(
      'learn_video_site',
      `${url.href} is a page of the video site ${url.hostname}, not a video file. Download the video into the project (e.g. ./tutorial.mp4) and pass its path: skilldock learn ./tutorial.mp4 [focus…].`,
      { details: { url: url.href } },
    );
  }
  return url;
}

function isTextType(contentType: string): boolean {
  return (
    contentType === '' ||
    contentType.startsWith('text/') ||
    contentType === 'application/xhtml+xml' ||
    contentType === 'application/json'
  );
}

function knownVideoType(contentType: string, url: string): string {
  const known = contentType === 'video/x-m4v' ? 'video/mp4' : contentType;
  if (!Object.values(VIDEO_MEDIA_TYPES).includes(known)) throw unsupported(url, contentType);
  return known;
}

function unreadable(url: string, html: boolean, reason: string, cause?: unknown): UserInputError {
  return new UserInputError(
    'learn_page_unreadable',
    `The page at ${url} is not readable ${html ? 'HTML' : 'text'}: ${reason}. Download it and learn from the file if it is a document.`,
    { ...(cause === undefined ? {} : { cause }), details: { url } },
  );
}

function unsupported(url: string, contentType: string): UserInputError {
  return new UserInputError(
    'learn_source_unsupported',
    `${url} answered ${contentType}, which is neither a page, text nor an .mp4/.webm/.mov/.m4v video; download it and learn from the file if it is a document.`,
    { details: { url, contentType } },
  );
}
