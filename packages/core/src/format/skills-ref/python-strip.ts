/**
 * Characters Python's `str.isspace()` accepts. It differs from JavaScript's `trim()`: Python also
 * strips U+001C–U+001F and U+0085 but keeps U+FEFF (a byte-order mark is not whitespace).
 */
const PYTHON_WHITESPACE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002,
  0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

/** True for a code unit Python's `str.isspace()` treats as whitespace. */
export function isPythonWhitespace(codeUnit: number): boolean {
  return PYTHON_WHITESPACE.has(codeUnit);
}

/**
 * `text.strip()` with Python's definition of whitespace.
 * @example pythonStrip('\u0085 name \ufeff') // 'name \ufeff'
 */
export function pythonStrip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isPythonWhitespace(text.charCodeAt(start))) start += 1;
  while (end > start && isPythonWhitespace(text.charCodeAt(end - 1))) end -= 1;
  return text.slice(start, end);
}
