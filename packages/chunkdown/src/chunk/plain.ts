import type { ResolvedOptions } from '../options.js';
import type { Chunk } from '../types.js';
import { hardCut } from './cap.js';
import { createChunk } from './chunk.js';
import { embedText } from './context.js';

/**
 * Split a document as plain text, for input the markdown parser cannot take (nesting deeper than
 * its stack allows): paragraphs (blank-line separated) are packed up to `chunkSize`, a longer
 * paragraph is cut at whitespace, and the raw size cap still holds (for `embedText`, with a
 * `context` header). Chunks say `fallback: 'plain-text'`.
 *
 * @param markdown
 *   The document.
 * @param options
 *   Resolved options.
 * @param header
 *   The `context` header of every chunk (there are no headings: the title, or `''`); `undefined`
 *   without `context`.
 * @returns
 *   Chunks with exact source offsets.
 */
export function splitPlainText(
  markdown: string,
  options: ResolvedOptions,
  header?: string,
): Chunk[] {
  const { chunkSize, lengthFunction, rawLength } = options;
  const pieces: Array<[number, number]> = [];
  for (const [start, end] of spans(markdown, /\n[ \t]*\n/g)) {
    if (lengthFunction(markdown.slice(start, end)) <= chunkSize) pieces.push([start, end]);
    else for (const word of spans(markdown.slice(0, end), /\s+/g, start)) pieces.push(word);
  }

  const ranges: Array<[number, number]> = [];
  let open: [number, number] | undefined;
  for (const piece of pieces) {
    if (open && lengthFunction(markdown.slice(open[0], piece[1])) <= chunkSize) open[1] = piece[1];
    else {
      if (open) ranges.push(open);
      open = [piece[0], piece[1]];
    }
  }
  if (open) ranges.push(open);

  const chunks: Chunk[] = [];
  for (const [start, end] of ranges) {
    const text = markdown.slice(start, end);
    const cap = options.maxRawSize;
    const measure = header ? (piece: string) => rawLength(embedText(header, piece)) : rawLength;
    const pieces =
      cap !== undefined && measure(text) > cap ? hardCut(text, cap, measure) : [{ text, start: 0 }];
    for (const piece of pieces) {
      const size = lengthFunction(piece.text);
      chunks.push(
        createChunk({
          text: piece.text,
          start: start + piece.start,
          end: start + piece.start + piece.text.length,
          contentSize: size,
          rawSize: rawLength(piece.text),
          header,
          overflow: size > options.maxSize ? { reason: 'word', nodeType: 'text', size } : null,
          cut: pieces.length > 1,
          fallback: 'plain-text',
        }),
      );
    }
  }
  return chunks;
}

/** Non-blank stretches of `text` between matches of `separator`, trimmed, from `from` on. */
function spans(text: string, separator: RegExp, from = 0): Array<[number, number]> {
  const result: Array<[number, number]> = [];
  let start = from;
  separator.lastIndex = from;
  for (let match = separator.exec(text); match; match = separator.exec(text)) {
    push(text, start, match.index, result);
    start = match.index + match[0].length;
  }
  push(text, start, text.length, result);
  return result;
}

function push(text: string, start: number, end: number, into: Array<[number, number]>): void {
  let a = start;
  let b = end;
  while (a < b && /\s/.test(text.charAt(a))) a++;
  while (b > a && /\s/.test(text.charAt(b - 1))) b--;
  if (b > a) into.push([a, b]);
}
