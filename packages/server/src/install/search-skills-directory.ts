import { z } from '@hono/zod-openapi';
import { readBodyWithin } from '@skilldock/core/network';
import { HttpError } from '../http/http-error.js';
import './error-codes.js';

/** One hit of a skills-directory search, as the install modal shows it. */
export interface SkillsDirectoryResult {
  readonly id: string;
  readonly name: string;
  /** The repository holding it (`owner/repo`), when the directory says. */
  readonly source: string | null;
  readonly installs: number;
  /** What to prepare a remote draft from (`owner/repo@name`), or null when the directory gave no source. */
  readonly installSource: string | null;
}

/** The largest answer read from a directory: 1 MiB. */
const MAX_ANSWER_BYTES = 1024 * 1024;

const text = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[^\u0000-\u001f\u007f]*$/);

/** One entry of the skills.sh search API (`GET /api/search?q=…&limit=…` → `{ skills: [...] }`). */
const directoryEntrySchema = z.object({
  id: text(256),
  name: text(128),
  installs: z.number().int().nonnegative().optional(),
  source: text(512).optional(),
});

function failed(message: string, cause?: unknown): HttpError {
  return new HttpError(502, 'skills_directory_failed', message, { cause });
}

/**
 * Searches a skills directory with the API the `skills` CLI uses (`<base>/api/search?q=…&limit=…`,
 * answering `{ skills: [{ id, name, installs, source }] }`). The answer is bounded (1 MiB, the
 * timeout, no redirects) and every entry validated: entries that do not fit are dropped, never
 * passed on. Results come most-installed first.
 * @throws HttpError 502 `skills_directory_failed` when the directory cannot be reached or answers
 *   something else.
 * @example await searchSkillsDirectory('https://skills.sh', 'pdf', { limit: 10, timeoutMs: 10_000 });
 */
export async function searchSkillsDirectory(
  baseUrl: string,
  query: string,
  options: { readonly limit: number; readonly timeoutMs: number },
): Promise<SkillsDirectoryResult[]> {
  const url = new URL(`${baseUrl}/api/search`);
  url.searchParams.set('q', query);
  url.searchParams.set('limit', String(options.limit));
  let body: string;
  try {
    const response = await fetch(url, {
      redirect: 'error',
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw failed(`The skills directory answered HTTP ${response.status}.`);
    }
    const bytes = await readBodyWithin(response, MAX_ANSWER_BYTES);
    if (bytes === undefined)
      throw failed(`The skills directory answered more than ${MAX_ANSWER_BYTES} bytes.`);
    body = bytes.toString('utf8');
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw failed('The skills directory could not be reached.', error);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (cause) {
    throw failed('The skills directory did not answer JSON.', cause);
  }
  const list = z.object({ skills: z.array(z.unknown()) }).safeParse(parsed);
  if (!list.success) throw failed('The skills directory answer has no skills list.');
  return list.data.skills
    .flatMap((entry) => {
      const checked = directoryEntrySchema.safeParse(entry);
      return checked.success ? [checked.data] : [];
    })
    .slice(0, options.limit)
    .map((entry) => ({
      id: entry.id,
      name: entry.name,
      source: entry.source ?? null,
      installs: entry.installs ?? 0,
      installSource: entry.source === undefined ? null : `${entry.source}@${entry.name}`,
    }))
    .sort((left, right) => right.installs - left.installs);
}
