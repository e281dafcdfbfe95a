/** `text` cut to at most `limit` characters at a line break where there is one, and whether it was cut. */
export function cutText(text: string, limit: number): { readonly text: string; readonly truncated: boolean } {
  if (text.length <= limit) return { text, truncated: false };
  const head = text.slice(0, limit);
  const lineEnd = head.lastIndexOf('\n');
  return { text: lineEnd > limit / 2 ? head.slice(0, lineEnd) : head, truncated: true };
}
