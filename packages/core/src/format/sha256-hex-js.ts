import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * A text's SHA-256 as lowercase hex, in JavaScript (@noble/hashes): what the browser entry hands
 * core instead of `node:crypto`, which a bundle does not have. The same digits as Node's.
 */
export function sha256HexJs(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)));
}
