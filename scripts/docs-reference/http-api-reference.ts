import { describeApi } from '@skilldock/server';
import { cell, code, page, table } from './markdown.js';

type SecurityRequirement = Record<string, string[]>;

interface Operation {
  readonly operationId?: string;
  readonly summary?: string;
  readonly description?: string;
  readonly tags?: string[];
  readonly security?: SecurityRequirement[];
}

interface OpenApiDocument {
  readonly info: { readonly title: string; readonly version: string };
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components?: {
    readonly securitySchemes?: Record<string, { readonly description?: string; readonly type: string }>;
  };
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head', 'options', 'trace'] as const;

/** The server's OpenAPI document, read from its routes alone (`describeApi`: no database). */
export async function loadOpenApiDocument(): Promise<OpenApiDocument> {
  return describeApi() as unknown as OpenApiDocument;
}

/** Who may call an operation, in words: each alternative of its `security`. */
function access(security: readonly SecurityRequirement[] | undefined): string {
  if (security === undefined || security.length === 0) return 'anyone';
  return security
    .map((requirement) => {
      const schemes = Object.entries(requirement);
      if (schemes.length === 0) return 'anyone';
      return schemes
        .map(([scheme, scopes]) => (scopes.length === 0 ? scheme : `${scheme} (${scopes.join(', ')})`))
        .join(' + ');
    })
    .join(' or ');
}

/** `reference/http-api.md`: every operation of `/openapi.json`, grouped by tag, with who may call it. */
export function httpApiReferencePage(document: OpenApiDocument): string {
  const byTag = new Map<string, string[][]>();
  let count = 0;
  for (const [route, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation === undefined) continue;
      count += 1;
      const tag = operation.tags?.[0] ?? 'other';
      const summary = operation.summary ?? operation.description?.split('\n')[0] ?? '';
      const row = [
        code(`${method.toUpperCase()} ${route}`),
        code(operation.operationId ?? ''),
        cell(access(operation.security)),
        cell(summary),
      ];
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  const schemes = Object.entries(document.components?.securitySchemes ?? {}).map(
    ([name, scheme]) => `- ${code(name)}: ${cell(scheme.description ?? scheme.type)}`,
  );
  const sections = [...byTag.keys()]
    .sort()
    .map((tag) =>
      [`## ${tag}`, '', table(['operation', 'operationId', 'access', 'summary'], byTag.get(tag)!)].join('\n'),
    );
  return page(
    'HTTP API reference',
    [
      `The ${count} operations of the platform server's API (${document.info.title} ${document.info.version}),`,
      'from the OpenAPI 3.1 document a running server serves at `/openapi.json`; the same server',
      'shows it as a browsable page at `/api/docs`. Request and response schemas are in that document;',
      'this page is the map. Errors answer `{ "error": { "code", "message", "details" } }` with one of',
      'the [error codes](./error-codes). Access names the security schemes below; "or" separates the',
      'alternatives, "+" joins what one alternative needs together.',
    ].join('\n'),
    ['## Security schemes', '', ...schemes, '', ...sections].join('\n'),
  );
}
