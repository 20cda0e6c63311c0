import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { describeError } from './errors.js';

/** Text read from bytes, or why the bytes are not text (one line, without the file name). */
export type Decoded = { ok: true; text: string } | { ok: false; message: string };

/** Text read from a file or a stream, with the hash of its bytes, or why it is not text. */
export type ReadText = { ok: true; text: string; hash: string } | { ok: false; message: string };

/**
 * The hash a run records of a file's bytes (`fileHash`), to skip the file when it comes back
 * unchanged (`--previous`).
 *
 * @param bytes The file's bytes, as read.
 * @returns The SHA-256 of the bytes, in lowercase hex.
 */
export function hashBytes(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Decode bytes as UTF-8 text ({@link decodeText}) and hash them ({@link hashBytes}).
 *
 * @param bytes The bytes of a file or of standard input.
 * @returns The text and the hash, or why the bytes are not text.
 */
export function readBytes(bytes: Uint8Array): ReadText {
  const decoded = decodeText(bytes);
  return decoded.ok ? { ...decoded, hash: hashBytes(bytes) } : decoded;
}

/**
 * Decode bytes as UTF-8 text, refusing what is not text: bytes with a NUL (a binary file, or
 * text in UTF-16) and bytes that are not valid UTF-8 (Latin-1, Windows-1252, …). A byte order
 * mark is kept, as the library counts it in its offsets.
 *
 * @param bytes The file's bytes.
 * @returns The text, or a one-line reason naming the first offending byte.
 */
export function decodeText(bytes: Uint8Array): Decoded {
  const nul = bytes.indexOf(0);
  if (nul !== -1) {
    return {
      ok: false,
      message: `not a text file: a NUL byte at offset ${nul} (binary, or UTF-16 text)`,
    };
  }
  try {
    return {
      ok: true,
      text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes),
    };
  } catch {
    const at = firstInvalidUtf8(bytes);
    const byte = (bytes[at] ?? 0).toString(16).toUpperCase().padStart(2, '0');
    return {
      ok: false,
      message: `not valid UTF-8: byte 0x${byte} at offset ${at} (Latin-1 or another encoding? convert the file to UTF-8)`,
    };
  }
}

/**
 * Read a file as UTF-8 text.
 *
 * @param path File path.
 * @returns The text and the hash of its bytes, or why it could not be read or is not text.
 */
export async function readTextFile(path: string): Promise<ReadText> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    return { ok: false, message: describeError(error) };
  }
  return readBytes(bytes);
}

/**
 * The hash of a file's bytes ({@link hashBytes}), without decoding them.
 *
 * @param path File path.
 * @returns The hash, or `undefined` when the file cannot be read (chunking it then says why).
 */
export async function hashFile(path: string): Promise<string | undefined> {
  try {
    return hashBytes(await readFile(path));
  } catch {
    return undefined;
  }
}

/**
 * Offset of the first byte that does not start a well-formed UTF-8 sequence (shortest form, no
 * surrogates, at most U+10FFFF), or that starts one cut short.
 *
 * @param bytes Bytes that are not valid UTF-8.
 * @returns The offset; `bytes.length` when they are valid after all.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const continuation = (at: number, low = 0x80, high = 0xbf) => {
    const byte = bytes[at];
    return byte !== undefined && byte >= low && byte <= high;
  };
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index] as number;
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (lead < 0x80) length = 1;
    else if (lead >= 0xc2 && lead <= 0xdf) length = 2;
    else if (lead >= 0xe0 && lead <= 0xef) {
      length = 3;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      length = 4;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else return index;
    if (length > 1 && !continuation(index + 1, low, high)) return index;
    for (let next = 2; next < length; next++) {
      if (!continuation(index + next)) return index;
    }
    index += length;
  }
  return index;
}
