/** Unicode letters (Lu, Ll, Lt, Lm, Lo) and numbers (Nd, Nl, No): Python's `isalpha` or `isnumeric`. */
const LETTER_OR_NUMBER = /^[\p{L}\p{N}]$/u;

/**
 * Python's `character.isalnum()` for one code point. Combining marks (Mn, Mc, Me) are not letters,
 * so a decomposed accent that NFKC cannot compose fails, exactly as in the reference.
 * @example isPythonAlphanumeric('技') // true
 */
export function isPythonAlphanumeric(character: string): boolean {
  return LETTER_OR_NUMBER.test(character);
}
