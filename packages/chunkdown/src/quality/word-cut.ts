const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/**
 * Whether `offset` in `text` falls between words (or at the text's ends), by the Unicode word
 * boundaries of `Intl.Segmenter`, so text without spaces (Chinese, Japanese, Thai) is judged
 * right too.
 *
 * @param text
 *   Source text.
 * @param offset
 *   UTF-16 offset.
 * @returns
 *   `false` when the offset cuts a word in two.
 */
export function isWordBoundary(text: string, offset: number): boolean {
  if (offset <= 0 || offset >= text.length) return true;
  // Next to a space, a tab or a line ending, no word goes on (a mark after a space joins the
  // space, which is no word either).
  if (isSpace(text.charCodeAt(offset - 1)) || isSpace(text.charCodeAt(offset))) return true;
  // A window around the offset is context enough, without segmenting a whole document per check.
  const from = Math.max(0, offset - 48);
  const window = text.slice(from, Math.min(text.length, offset + 48));
  const segment = segmenter.segment(window).containing(offset - from);
  if (!segment) return true;
  return segment.index === offset - from || !segment.isWordLike;
}

function isSpace(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}

/**
 * Whether a chunk made from `source.slice(start, end)` begins or ends inside a word.
 *
 * @param source
 *   The document.
 * @param start
 *   Start offset of the chunk's source.
 * @param end
 *   End offset of the chunk's source.
 * @returns
 *   `true` when either edge cuts a word.
 */
export function cutsWord(source: string, start: number, end: number): boolean {
  return !isWordBoundary(source, start) || !isWordBoundary(source, end);
}
