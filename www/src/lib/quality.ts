/**
 * Quality checks run on every chunk of both splitters, so they can be compared: half tables,
 * open code fences, words cut in two and tiny chunks. They read the chunk's markdown (and, for
 * cuts, the source around its offsets); they do not trust either splitter.
 */

/** A chunk with fewer characters than this is "tiny" (SPEC §9). */
export const TINY_CHARS = 50;

const FENCE = /^(`{3,}|~{3,})(.*)$/;
const DELIMITER_ROW = /^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?$/;

/**
 * Strip container prefixes (`>` of blockquotes, indentation of list items) from a line.
 *
 * @param line A line of markdown.
 * @returns The line's content.
 */
function content(line: string): string {
  return line.replace(/^[\s>]*/, '').trimEnd();
}

/**
 * Split markdown into lines outside fenced code, and say whether a fence is left open.
 *
 * @param markdown Markdown.
 * @returns Lines outside code, and whether the last fence was never closed.
 */
function scan(markdown: string): { lines: string[]; open: boolean } {
  const lines: string[] = [];
  let fence: { char: string; length: number } | null = null;
  for (const raw of markdown.split(/\r?\n/)) {
    const line = content(raw);
    const match = FENCE.exec(line);
    if (fence) {
      const marker = match?.[1];
      if (marker?.[0] === fence.char && marker.length >= fence.length && !match?.[2]?.trim()) {
        fence = null;
      }
      continue;
    }
    const marker = match?.[1];
    // A backtick fence's info string may not hold backticks.
    if (marker && !(marker[0] === '`' && match?.[2]?.includes('`'))) {
      fence = { char: marker[0] as string, length: marker.length };
      continue;
    }
    lines.push(line);
  }
  return { lines, open: fence !== null };
}

/**
 * Whether a code fence opened in `markdown` is never closed (or a closing fence has no opener,
 * which reads as an opener).
 *
 * @param markdown Chunk text.
 * @returns `true` when the fences are unbalanced.
 */
export function hasUnbalancedFence(markdown: string): boolean {
  return scan(markdown).open;
}

/**
 * Count table rows without their header: rows of a table whose header and delimiter row are not in
 * the same chunk. Code is ignored.
 *
 * @param markdown Chunk text.
 * @returns Number of orphan rows (a lone header row without its delimiter counts too).
 */
export function orphanTableRows(markdown: string): number {
  const { lines } = scan(markdown);
  let orphans = 0;
  let inTable = false;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    const hasPipe = /(^|[^\\])\|/.test(line);
    if (inTable) {
      if (hasPipe) continue;
      inTable = false;
    }
    if (!hasPipe) continue;
    const next = lines[index + 1];
    if (!DELIMITER_ROW.test(line) && next !== undefined && isDelimiterRow(next)) {
      inTable = true;
      index++;
      continue;
    }
    if (line.startsWith('|')) orphans++;
  }
  return orphans;
}

function isDelimiterRow(line: string): boolean {
  return line.includes('|') && line.includes('-') && DELIMITER_ROW.test(line);
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });

/**
 * Whether `offset` in `text` falls between words (or at the text's ends), using the Unicode word
 * boundaries of `Intl.Segmenter` so text without spaces is judged right too.
 *
 * @param text Source text.
 * @param offset UTF-16 offset.
 * @returns `false` when the offset cuts a word in two.
 */
export function isWordBoundary(text: string, offset: number): boolean {
  if (offset <= 0 || offset >= text.length) return true;
  // Segment a window around the offset: enough context for the boundary, without scanning a
  // whole 1 MB document per check.
  const from = Math.max(0, offset - 48);
  const window = text.slice(from, Math.min(text.length, offset + 48));
  const segment = segmenter.segment(window).containing(offset - from);
  if (!segment) return true;
  return segment.index === offset - from || !segment.isWordLike;
}

/**
 * Whether a chunk taken from `source[start, end)` begins or ends inside a word.
 *
 * @param source The document.
 * @param start Start offset of the chunk.
 * @param end End offset of the chunk.
 * @returns `true` when either edge cuts a word.
 */
export function cutsWord(source: string, start: number, end: number): boolean {
  return !isWordBoundary(source, start) || !isWordBoundary(source, end);
}
