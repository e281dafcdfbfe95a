/**
 * `@skilldock/core/csrf-header` — the one spelling of the header that carries a login session's CSRF
 * token on every cookie-authenticated write to the platform's API. The server reads it (and names
 * its OpenAPI `csrfToken` security scheme after it); the web app sends it. Browser-safe: this module
 * depends on nothing. Header names ignore case on the wire.
 * @example request.headers.set(CSRF_HEADER, csrfToken);
 */
export const CSRF_HEADER = 'X-CSRF-Token';
