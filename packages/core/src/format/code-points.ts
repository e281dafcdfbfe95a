/**
 * Length in code points, which is what Python's `len()` counts on a `str` (an emoji is 1, not 2).
 * @example codePointLength('😀') // 1
 */
export function codePointLength(text: string): number {
  let length = 0;
  for (const _character of text) length += 1;
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
