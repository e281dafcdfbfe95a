import type { InlineFileContent } from '../format/types.js';

/**
 * The bytes of an in-memory supporting file: UTF-8 of its text, or its base64 decoded. A fresh
 * array on every call, so a reader can never change what the next reader gets. Uses only web
 * globals (`TextEncoder`, `atob`): a bundled skill is served without `node:buffer` or a file system.
 */
export function inlineFileBytes(content: InlineFileContent): Uint8Array {
  if (typeof content === 'string') return new TextEncoder().encode(content);
  const binary = atob(content.data);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
