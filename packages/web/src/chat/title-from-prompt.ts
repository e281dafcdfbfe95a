/** A new conversation's title: the first line of its first message, at most 80 characters. */
export function titleFromPrompt(prompt: string): string {
  const line = prompt
    .trim()
    .split('\n')[0]!
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim();
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
