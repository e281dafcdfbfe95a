/**
 * Length in code points, which is what Python's `len()` counts on a `str` (an emoji is 1, not 2).
 * @example codePointLength('😀') // 1
 */
export function codePointLength(text: string): number {
  // A loop over char codes, not `for…of`: the string iterator made this a tenth of parsing a
  // SKILL.md. Each surrogate pair is one code point; a lone surrogate counts as one, as in `for…of`.
  let length = text.length;
  for (let index = 0; index < text.length - 1; index += 1) {
    const code = text.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length -= 1;
        index += 1;
      }
    }
  }
  return length;
}

/** Orders strings by code point, like Python's `sorted()` (JavaScript's default sorts UTF-16 units). */
export function compareCodePoints(left: string, right: string): number {
  const leftPoints = Array.from(left, (character) => character.codePointAt(0) ?? 0);
  const rightPoints = Array.from(right, (character) => character.codePointAt(0) ?? 0);
  const shared = Math.min(leftPoints.length, rightPoints.length);
  for (let index = 0; index < shared; index += 1) {
    const difference = (leftPoints[index] ?? 0) - (rightPoints[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return leftPoints.length - rightPoints.length;
}
