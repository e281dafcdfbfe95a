import { ModelError } from '../model-error.js';

const SNIPPET_CHARACTERS = 200;

/**
 * Throw `model_response_invalid` when a streamed request was answered with something other than an
 * event stream (a proxy's HTML page, a JSON error with status 200): the SDKs would read it as an
 * empty stream. A missing content type is let through; some compatible servers omit it.
 */
export async function checkStreamResponse(response: Response, provider: string): Promise<void> {
  const contentType = response.headers.get('content-type');
  if (contentType === null || contentType.toLowerCase().includes('text/event-stream')) return;
  const body = await response.text().catch(() => '');
  throw new ModelError(
    'model_response_invalid',
    `${provider}: the model server answered ${response.status} with ${contentType} instead of an event stream: ${describeBody(body)}`,
    { details: { status: response.status } },
  );
}

function describeBody(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown }; message?: unknown };
    const message = parsed.error?.message ?? parsed.message;
    if (typeof message === 'string') return message;
  } catch {
    // Not JSON: show the start of the text instead.
  }
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(body)?.[1];
  const text = (title ?? body).replace(/\s+/g, ' ').trim();
  if (text === '') return '(empty body)';
  return text.length > SNIPPET_CHARACTERS ? `${text.slice(0, SNIPPET_CHARACTERS)}…` : text;
}
