/**
 * Cuts `text` to at most about `maxCharacters`, keeping its head and tail (where commands print
 * what matters: what ran, and how it ended) and saying how much was left out in between.
 * @example truncateMiddle('a'.repeat(100), 20) // 'aaaaaaaaaa\n[… 80 characters omitted …]\naaaaaaaaaa'
 */
export function truncateMiddle(text: string, maxCharacters: number): string {
  if (text.length <= maxCharacters) return text;
  const headLength = Math.ceil(maxCharacters / 2);
  const tailLength = maxCharacters - headLength;
  const omitted = text.length - headLength - tailLength;
  return `${text.slice(0, headLength)}\n[… ${omitted} characters omitted …]\n${text.slice(text.length - tailLength)}`;
}
