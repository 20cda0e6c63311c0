import { segmentOffsets } from './split/segments.js';
import type { LengthFunction } from './types.js';

/**
 * Cut text that alone exceeds the raw size cap into pieces within it: at the last whitespace in
 * the second half of each piece when there is one, else at a grapheme boundary, never inside a
 * surrogate pair. This is the last resort of `maxRawSize`, after structural re-splitting.
 *
 * @param text
 *   Serialized markdown over the cap.
 * @param cap
 *   The cap, in the size unit.
 * @param length
 *   The size unit.
 * @returns
 *   Pieces, each within the cap (a single code point larger than the cap stands alone).
 */
export function hardCut(text: string, cap: number, length: LengthFunction): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > 0 && length(rest) > cap) {
    let cut = largestPrefix(rest, cap, length);
    cut = graphemeBoundary(rest, cut);
    const space = lastWhitespace(rest, Math.ceil(cut / 2), cut);
    if (space > 0) cut = space;
    const piece = rest.slice(0, cut).trimEnd();
    if (piece.length > 0) pieces.push(piece);
    rest = rest.slice(cut).trimStart();
  }
  if (rest.length > 0) pieces.push(rest);
  return pieces;
}

/** The longest prefix length (≥ 1 code point) whose size is within the cap. */
function largestPrefix(text: string, cap: number, length: LengthFunction): number {
  let low = 0;
  let high = Math.min(text.length, Math.max(1, cap));
  // Grow while the size unit allows more characters than the cap (tokens hold several).
  while (high < text.length && length(text.slice(0, high)) <= cap) {
    low = high;
    high = Math.min(text.length, high * 2);
  }
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (length(text.slice(0, middle)) <= cap) low = middle;
    else high = middle - 1;
  }
  if (low === 0) low = codePointLength(text, 0);
  return low;
}

/** Move a cut back to a grapheme boundary (and never inside a surrogate pair). */
function graphemeBoundary(text: string, cut: number): number {
  if (cut >= text.length) return text.length;
  const from = Math.max(0, cut - 32);
  let boundary = from;
  for (const index of segmentOffsets(
    text.slice(from, Math.min(text.length, cut + 32)),
    'grapheme',
  )) {
    if (from + index > cut) break;
    boundary = from + index;
  }
  if (boundary === 0) {
    // One grapheme larger than the cap: fall back to code points.
    const code = text.charCodeAt(cut - 1);
    return code >= 0xd800 && code <= 0xdbff ? Math.max(cut - 1, codePointLength(text, 0)) : cut;
  }
  return boundary;
}

function lastWhitespace(text: string, from: number, to: number): number {
  for (let index = to; index > from; index--) {
    const code = text.charCodeAt(index);
    if (code === 32 || code === 10 || code === 9 || code === 13) return index;
  }
  return -1;
}

function codePointLength(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return code >= 0xd800 && code <= 0xdbff && at + 1 < text.length ? 2 : 1;
}
