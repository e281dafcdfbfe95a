/** Characters of a subagent's answer the caller gets by default (SPEC A3). */
export const DEFAULT_ANSWER_BUDGET = 30_000;

/**
 * A subagent's answer cut to `maxCharacters` from the front (SPEC A3): the end of an answer holds
 * its conclusion, so that is what stays, after a note saying how much was cut.
 * @example cutAnswerFront('abcdef', 3) // '[… the first 3 characters of the answer were cut …]\ndef'
 */
export function cutAnswerFront(text: string, maxCharacters: number): string {
  if (text.length <= maxCharacters) return text;
  const cut = text.length - maxCharacters;
  return `[… the first ${cut} characters of the answer were cut (its limit is ${maxCharacters}) …]\n${text.slice(cut)}`;
}
