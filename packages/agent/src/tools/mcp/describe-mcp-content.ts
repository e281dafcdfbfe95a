/** The parts of an MCP `tools/call` result this module reads (MCP 2025-06-18 content types). */
export interface McpCallResult {
  readonly content?: readonly McpContentPart[];
  readonly structuredContent?: unknown;
  readonly isError?: boolean;
}

/** One content part; unknown types are described by their `type`. */
export interface McpContentPart {
  readonly type: string;
  readonly text?: string;
  readonly data?: string;
  readonly mimeType?: string;
  readonly uri?: string;
  readonly name?: string;
  readonly resource?: {
    readonly uri?: string;
    readonly mimeType?: string;
    readonly text?: string;
    readonly blob?: string;
  };
}

/**
 * A tool result as text for the model: text parts joined by newlines, other parts described in
 * one line each (`[image: image/png, 1234 bytes]`), structured content as JSON when there is no
 * content.
 */
export function describeMcpContent(result: McpCallResult): string {
  const parts = (result.content ?? []).map(describePart);
  if (parts.length === 0 && result.structuredContent !== undefined) {
    return JSON.stringify(result.structuredContent, null, 2);
  }
  return parts.length === 0 ? '(no content)' : parts.join('\n');
}

function describePart(part: McpContentPart): string {
  switch (part.type) {
    case 'text':
      return part.text ?? '';
    case 'image':
    case 'audio':
      return `[${part.type}: ${part.mimeType ?? 'unknown type'}, ${base64Size(part.data)} bytes]`;
    case 'resource': {
      const resource = part.resource ?? {};
      if (resource.text !== undefined) return `[resource ${resource.uri ?? ''}]\n${resource.text}`;
      return `[resource ${resource.uri ?? ''}: ${resource.mimeType ?? 'binary'}, ${base64Size(resource.blob)} bytes]`;
    }
    case 'resource_link':
      return `[resource link: ${part.uri ?? ''}${part.name === undefined ? '' : ` (${part.name})`}]`;
    default:
      return `[${part.type} content]`;
  }
}

function base64Size(data: string | undefined): number {
  return data === undefined ? 0 : Buffer.byteLength(data, 'base64');
}
