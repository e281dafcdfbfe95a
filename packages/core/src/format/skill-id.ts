import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { codePointLength } from './code-points.js';

/** The shape of a skill id and an explicit `slug` (SPEC S4). */
export const SKILL_ID_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Longest explicit slug (SPEC S3 host rule). */
export const MAX_SLUG_LENGTH = 128;

/** Longest derived id (SPEC S4). */
export const MAX_DERIVED_ID_LENGTH = 64;

/** Longest display name under the host rule (SPEC S3). */
export const MAX_HOST_NAME_LENGTH = 128;

const HAN_PATTERN = /\p{Script=Han}/u;
const HOST_NAME_PATTERN = /^[\p{L}\p{N}_:.-]+$/u;

/**
 * True when `name` is legal under the host name rule (SPEC S3): letters, digits, `_`, `:`, `.` and
 * `-`, at most 128 code points — `文档整理` and `rust:pdf` are, `PDF Tools` is not. The lenient
 * profile still loads a skill with an illegal name, under an id derived from it.
 * @example isLegalSkillName('PDF Tools') // false
 */
export function isLegalSkillName(name: string): boolean {
  return HOST_NAME_PATTERN.test(name) && codePointLength(name) <= MAX_HOST_NAME_LENGTH;
}

/** True when `value` can be used as a skill id as it is. */
export function isSkillId(value: string): boolean {
  return value.length <= MAX_SLUG_LENGTH && SKILL_ID_PATTERN.test(value);
}

/**
 * Derives an id from a display name (SPEC S4): Chinese to pinyin, accents dropped, lowercase,
 * separators to single hyphens, at most 64 characters; with no usable letter or digit,
 * `skill-` plus a short digest of the name.
 * @example deriveSkillId('文档整理') // 'wen-dang-zheng-li'
 * @example deriveSkillId('PDF Tools') // 'pdf-tools'
 */
export function deriveSkillId(name: string): string {
  if (isSkillId(name) && name.length <= MAX_DERIVED_ID_LENGTH) return name;
  let text = name.normalize('NFKC');
  if (HAN_PATTERN.test(text)) text = toPinyin(text);
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_DERIVED_ID_LENGTH)
    .replace(/-+$/, '');
  if (slug) return slug;
  return `skill-${(sha256Hex ?? nodeSha256Hex)(name).slice(0, 8)}`;
}

/** A text's SHA-256 as lowercase hex. */
type Sha256Hex = (text: string) => string;
const nodeSha256Hex: Sha256Hex = (text) => createHash('sha256').update(text).digest('hex');
let sha256Hex: Sha256Hex | undefined;

/**
 * Replaces `node:crypto` for the digest where a bundle has none: `format/browser` passes a
 * JavaScript SHA-256 (the same digits), so Node never loads that library (a cold CLI command would
 * pay ~12 ms for it).
 */
export function provideSha256Hex(digest: Sha256Hex): void {
  sha256Hex = digest;
}

/** pinyin-pro's `pinyin` function, as {@link deriveSkillId} calls it. */
export type PinyinFunction = (text: string, options: Record<string, unknown>) => string;
let pinyinFunction: PinyinFunction | undefined;

/**
 * Hands core pinyin-pro's `pinyin` function where `require` cannot load it on first use: a browser
 * bundle imports `pinyin-pro` itself (only when a name has Chinese in it) and passes it here. In
 * Node nothing needs to call this.
 * @example providePinyin((await import('pinyin-pro')).pinyin);
 */
export function providePinyin(pinyin: PinyinFunction): void {
  pinyinFunction = pinyin;
}

/**
 * Whether {@link deriveSkillId} can derive an id from Chinese here: always in Node; in a browser
 * bundle once {@link providePinyin} has been called.
 */
export function pinyinAvailable(): boolean {
  if (pinyinFunction !== undefined) return true;
  try {
    return typeof createRequire === 'function';
  } catch {
    // A bundler's stand-in for `node:module` may throw when it is touched.
    return false;
  }
}

/** pinyin-pro carries a large dictionary: load it only when a name has Chinese in it. */
function toPinyin(text: string): string {
  pinyinFunction ??= (createRequire(import.meta.url)('pinyin-pro') as { pinyin: PinyinFunction }).pinyin;
  return pinyinFunction(text, { toneType: 'none', separator: ' ', nonZh: 'consecutive', v: true });
}
