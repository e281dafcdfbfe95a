const REPLACEMENTS: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
};

/**
 * Python's `html.escape(text, quote=True)`.
 * @example htmlEscape(`Use <a> & "b"`) // 'Use &lt;a&gt; &amp; &quot;b&quot;'
 */
export function htmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (character) => REPLACEMENTS[character] ?? character);
}
