/**
 * The escapes of a double-quoted scalar: the one-character escapes of YAML 1.2 and `\x`, `\u`
 * and `\U` with two, four or eight hexadecimal digits.
 *
 * @module
 */

import { fail } from './state.js';

/** What each one-character escape (the character after `\`) stands for. */
const escapes: Readonly<Record<string, string>> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  t: '\t',
  '\t': '\t',
  n: '\n',
  v: '\v',
  f: '\f',
  r: '\r',
  e: '\x1b',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
};

/**
 * Decode the escapes of (a line of) a double-quoted scalar.
 *
 * @param text The text between the quotes.
 * @param at The row the scalar starts on, for the error.
 * @returns The text with each escape replaced by what it stands for.
 */
export function decodeEscapes(text: string, at: number): string {
  return text.replace(
    /\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|.)/g,
    (_, code: string) => {
      if (code.length > 1) {
        const point = Number.parseInt(code.slice(1), 16);
        if (point > 0x10ffff) fail(`a bad escape \\${code}`, at);
        return String.fromCodePoint(point);
      }
      const decoded = escapes[code];
      if (decoded === undefined) fail(`a bad escape \\${code}`, at);
      return decoded;
    },
  );
}
