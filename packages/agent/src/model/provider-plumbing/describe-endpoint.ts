/**
 * Where a model request went, for error messages: `POST <url>, model <id>` (SPEC G1). The URL
 * loses any user name, password, query and fragment, so a key placed there never shows.
 * @example describeEndpoint('http://127.0.0.1:8080/v1', '/chat/completions', 'qwen3') // 'POST http://127.0.0.1:8080/v1/chat/completions, model qwen3'
 */
export function describeEndpoint(baseUrl: string, path: string, model: string): string {
  let shown: string;
  try {
    const url = new URL(baseUrl);
    shown = `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}${path}`;
  } catch {
    shown = `(an invalid base URL)${path}`;
  }
  return `POST ${shown}, model ${model}`;
}

/**
 * The parts of a base URL that may hold credentials, exactly as they appear in the URL text
 * (`user:password@`, `?key=…`), for masking in error messages whatever their length.
 */
export function secretsInUrl(baseUrl: string | undefined): string[] {
  if (baseUrl === undefined) return [];
  const userinfo = /^[a-z][a-z0-9+.-]*:\/\/([^/?#@]*@)/i.exec(baseUrl)?.[1];
  const query = /\?[^#]*/.exec(baseUrl)?.[0];
  return [userinfo, query].filter((part): part is string => part !== undefined && part.length > 1);
}
