import { DEFAULT_LEARN_LIMITS, fetchLearnPage, type LearnLimits } from '@skilldock/agent/learn';
import { type AgentTool, defineAgentTool, errorResult, textResult } from '@skilldock/agent/tools';
import { SecurityError } from '@skilldock/core/errors';
import { isLoopbackHost } from '@skilldock/core/install';
import type { ResolveHost } from '@skilldock/core/network';
import { z } from 'zod';
import { PLATFORM_TOOL_NAMES } from '../agents/platform-tool-names.js';
import type { SkilldockDatabase } from '../db/database.js';
import { errorFacts } from './stored-run-event.js';
import { readWebFetchSettings } from './web-fetch-settings.js';

/** The tool's name, as an agent lists it among its tools. */
export const WEB_FETCH_TOOL = PLATFORM_TOOL_NAMES[1];

/** The bounds of one fetch: 2 MiB downloaded, 20 s, 60,000 characters of text to the model. */
export const WEB_FETCH_LIMITS: LearnLimits = {
  ...DEFAULT_LEARN_LIMITS,
  pageBytes: 2 * 1024 * 1024,
  videoBytes: 0,
  materialCharacters: 60_000,
  downloadMs: 20_000,
};

function refuseUnlistedLoopback(url: URL, allowedHosts: readonly string[]): void {
  if (isLoopbackHost(url.hostname) && !allowedHosts.includes(url.host))
    throw new SecurityError(
      'host_not_allowed',
      `Refusing ${url.origin}: host '${url.host}' is not in the web_fetch allowed hosts.`,
      { details: { host: url.host } },
    );
}

/** What the `web_fetch` tool of a run needs. */
export interface WebFetchToolInput {
  readonly db: SkilldockDatabase;
  /** Plain http to loopback hosts the admins listed by `host:port` (tests, local servers). */
  readonly allowInsecureLocalhost?: boolean;
  /** Resolves host names; default the system resolver (tests answer what they need). */
  readonly resolve?: ResolveHost;
  readonly limits?: LearnLimits;
}

const schema = z
  .object({
    url: z.string().trim().min(1).max(4096).describe('The https URL of the page to read'),
  })
  .strict();

/**
 * The `web_fetch` tool of a platform run (issue 26: `deep-research` without an MCP server): GET one
 * http(s) page and give the model its readable text (HTML reduced to its article as Markdown; plain
 * text, Markdown and JSON kept), through the same fetcher as `skilldock learn` (`fetchLearnPage`):
 * only hosts on the admins' allowlist (`GET/PUT /api/admin/settings/web-fetch`, read at every
 * call; empty turns the tool off), the SEC8 address policy checked in the connection itself (no
 * private, loopback or link-local address, nor a name resolving to one — unless the admins listed
 * that loopback `host:port` and the server allows insecure localhost), every redirect re-checked,
 * no credentials or cookies, the body capped while it streams, the whole request bounded in time
 * ({@link WEB_FETCH_LIMITS}). Failures are error results naming the typed code (`host_not_allowed`,
 * `address_not_public`, `download_too_large`, `download_timeout`, `download_failed`,
 * `too_many_redirects`, `web_fetch_disabled`, …); the run goes on. Kind `read`: no approval.
 */
export function webFetchTool(input: WebFetchToolInput): AgentTool {
  return defineAgentTool({
    name: WEB_FETCH_TOOL,
    description:
      'Fetch one web page (https) and read its text: HTML comes back as Markdown of its main content. Only hosts the administrators allow can be fetched; say which sources you used.',
    kind: 'read',
    schema,
    execute: async ({ url }, context) => {
      const { allowedHosts } = await readWebFetchSettings(input.db);
      if (allowedHosts.length === 0)
        return errorResult(
          'The fetch was refused (web_fetch_disabled): the administrators allow no host for web_fetch.',
        );
      try {
        const page = await fetchLearnPage(url, {
          policy: {
            allowedHosts,
            ...(input.allowInsecureLocalhost === true ? { allowInsecureLocalhost: true } : {}),
          },
          limits: input.limits ?? WEB_FETCH_LIMITS,
          signal: context.signal,
          // Insecure localhost lets any loopback URL through the page policy; the admins' list
          // still decides, by exact `host:port`, on every hop (as `assertLoopbackListed` for installs).
          checkUrl: (target) => refuseUnlistedLoopback(target, allowedHosts),
          // Unlike `learn`, a listed host never reaches a private network: the model picks the URL
          // and a name's owner picks its addresses (SEC8). Only a listed loopback test server may.
          addressAllowance: (target) =>
            input.allowInsecureLocalhost === true && isLoopbackHost(target.hostname) ? 'loopback' : 'public',
          ...(input.resolve === undefined ? {} : { resolve: input.resolve }),
        });
        if (page.kind !== 'page')
          return errorResult('The fetch was refused (web_fetch_not_text): the URL is a video, not a page.');
        return textResult(
          [
            `URL: ${page.origin}`,
            ...(page.title === '' ? [] : [`Title: ${page.title}`]),
            '',
            page.text,
            ...(page.truncated ? ['', '[The page was cut to fit.]'] : []),
          ].join('\n'),
        );
      } catch (error) {
        const { code, message } = errorFacts(error);
        return errorResult(`The fetch was refused (${code}): ${message}`);
      }
    },
  });
}
