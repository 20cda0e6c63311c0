import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex } from '@noble/hashes/utils';

const encoder = new TextEncoder();

/**
 * SHA-256 (FIPS 180-4) of a string's UTF-8 bytes, through `@noble/hashes`: synchronous and
 * without `node:crypto`, so it runs the same in Node, browsers, Web Workers and edge runtimes.
 * Lone surrogates are encoded as U+FFFD, as `TextEncoder` does.
 *
 * @param text
 *   Any string.
 * @returns
 *   The digest, 64 lowercase hex digits.
 */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(encoder.encode(text)));
}
