/**
 * Replaces every occurrence of each secret's value with `[redacted:NAME]` (SPEC SEC3). Longer
 * values go first, so a key that contains another is replaced whole.
 * @example redactSecrets('key=sk-123456789', new Map([['MYLLM_AUTH', 'sk-123456789']])) // 'key=[redacted:MYLLM_AUTH]'
 */
export function redactSecrets(text: string, secrets: ReadonlyMap<string, string>): string {
  if (secrets.size === 0 || text === '') return text;
  let redacted = text;
  const entries = [...secrets].sort(([, left], [, right]) => right.length - left.length);
  for (const [name, value] of entries) {
    if (value !== '' && redacted.includes(value)) redacted = redacted.split(value).join(`[redacted:${name}]`);
  }
  return redacted;
}
