import type { Nodes, Root } from 'mdast';
import type { Draft } from '../pack/pack.js';
import type { LengthFunction } from '../types.js';
import { hasFenceLines, type OpenFence, scanFences } from '../util/fence-lines.js';
import { segmentOffsets } from '../util/segmenter.js';
import { isCarried } from './assemble.js';

/** Re-splitting for `maxRawSize` gives up on structure after this many rounds. */
const MAX_CAP_ROUNDS = 12;

/** A draft rebuilt and serialized. */
export interface Rendered {
  draft: Draft;
  root: Root;
  text: string;
  /** Size of `text`, in the size unit. */
  rawSize: number;
}

/**
 * Splits a chunk's tree again, with sizes estimated on the markdown (text and markup) and every
 * rule relaxed to `budget` except for links and images, under a hard limit of `budget`; headings
 * with nothing after them may take the start of their content up to `margin`. The pipeline gives
 * it: re-splitting runs the earlier stages again, which the cap does not know.
 */
export type Resplitter = (root: Root, budget: number, margin: number) => Draft[];

/**
 * Re-split a chunk over `maxRawSize` structurally (see {@link Resplitter}), so fences reopen and
 * table headers repeat. When the only piece is as big as the chunk (the estimate missed markup
 * added per piece: a fence, a header), the budget is lowered by how far over it was, and tried
 * again.
 *
 * @param chunk
 *   The chunk over the cap.
 * @param cap
 *   `maxRawSize`.
 * @param round
 *   How many re-splits made the chunk.
 * @param splitAgain
 *   Splits a tree again within a budget.
 * @param render
 *   Rebuilds and serializes a draft.
 * @returns
 *   The pieces (each with its rendering when it was made already), or `undefined` when the
 *   chunk cannot be re-split and must be cut as text.
 */
export function resplit(
  chunk: Rendered,
  cap: number,
  round: number,
  splitAgain: Resplitter,
  render: (draft: Draft) => Rendered,
  length: LengthFunction,
): Array<{ draft: Draft; rendered: Rendered | undefined }> | undefined {
  // Definitions kept for references, and carried footnotes, are added back to each piece that
  // needs them.
  const flow: Root = {
    ...chunk.root,
    children: chunk.root.children.filter((node) => node.type !== 'definition' && !isCarried(node)),
  };
  const pieces = resplitWithin(chunk, flow, cap, round, splitAgain, render);
  if (pieces) return pieces;
  // Code whose fence line alone takes half the cap (```` ```astro title="…" del={2,3,8} ````):
  // its pieces keep the language and give up the rest of the info string, so each is still
  // fenced code, closed, rather than text cut across its fences.
  const shorter = withShortCodeInfo(flow, cap, length, 0.5);
  const again = shorter && resplitWithin(chunk, shorter, cap, round, splitAgain, render);
  if (again) return again;
  // Code in containers whose openers every piece repeats (a fence in a `<Fragment>` in tabs in a
  // step): the info string after the language goes wherever there is one, before any cut as text.
  const shortest = withShortCodeInfo(flow, cap, length, 0);
  return shortest && resplitWithin(chunk, shortest, cap, round, splitAgain, render);
}

function resplitWithin(
  chunk: Rendered,
  flow: Root,
  cap: number,
  round: number,
  splitAgain: Resplitter,
  render: (draft: Draft) => Rendered,
): Array<{ draft: Draft; rendered: Rendered | undefined }> | undefined {
  let budget = cap * 0.95;
  for (
    let attempt = 0;
    round < MAX_CAP_ROUNDS && attempt < MAX_CAP_ROUNDS && budget >= 1;
    attempt++
  ) {
    const size = Math.floor(budget);
    // Headings alone may take the start of their content up to the cap itself (while the
    // estimates have not proved short).
    const drafts = splitAgain(flow, size, attempt === 0 ? cap : size);
    if (drafts.length > 1) return drafts.map((draft) => ({ draft, rendered: undefined }));
    const only = drafts[0];
    if (only) {
      // A re-split can leave one piece that is still smaller than the chunk it came from (blank
      // lines at the start of a code piece go when the lines around them are packed apart).
      const rendered = render(only);
      if (rendered.rawSize < chunk.rawSize) return [{ draft: only, rendered }];
    }
    budget = Math.min(budget * 0.9, (budget * cap) / chunk.rawSize);
  }
  return undefined;
}

/**
 * The tree with every code block whose fence lines take at least `share` of the cap (with no
 * share: every block whose info string holds more than its language) written with a shorter
 * info string: the language only, or nothing when
 * that is still too long (copies keep their position); `undefined` when there is no such block.
 */
function withShortCodeInfo(
  root: Root,
  cap: number,
  length: LengthFunction,
  share: number,
): Root | undefined {
  const fence = (lang: string | null | undefined, meta: string | null | undefined) =>
    length(`\`\`\`${lang ?? ''} ${meta ?? ''}\n\n\`\`\``);
  let changed = false;
  const visit = (node: Nodes): Nodes => {
    if (node.type === 'code') {
      // Past `share` of the cap; with no share, any block whose info holds more than a language.
      if (share > 0 ? fence(node.lang, node.meta) < cap * share : !node.meta) return node;
      changed = true;
      return fence(node.lang, null) * 2 < cap
        ? { ...node, meta: null }
        : { ...node, lang: null, meta: null };
    }
    if (!('children' in node)) return node;
    const children = (node.children as Nodes[]).map(visit);
    return children.some((child, index) => child !== (node.children as Nodes[])[index])
      ? ({ ...node, children } as Nodes)
      : node;
  };
  const shorter = visit(root) as Root;
  return changed ? shorter : undefined;
}

/** A piece of text cut by {@link hardCut}, with where it is in the text. */
export interface CutPiece {
  text: string;
  /** Offset of the piece in the text that was cut. */
  start: number;
  /** A fence line the piece is written after: it starts inside fenced code. */
  before?: string;
  /** A fence line the piece is written before: it ends inside fenced code. */
  after?: string;
}

/**
 * Cut text that alone exceeds the raw size cap into pieces within it: at the last whitespace in
 * the second half of each piece when there is one, else at a grapheme boundary, never inside a
 * surrogate pair. This is the last resort of `maxRawSize`, after structural re-splitting. Linear
 * in the text: each piece measures only a window after its start.
 *
 * @param text
 *   Text over the cap (trimmed).
 * @param cap
 *   The cap, in the size unit.
 * @param length
 *   The size unit.
 * @returns
 *   Pieces, each within the cap (a single code point larger than the cap stands alone), trimmed,
 *   with their offsets in `text`.
 */
export function hardCut(text: string, cap: number, length: LengthFunction): CutPiece[] {
  if (!hasFenceLines(text)) return cutWithin(text, cap, length);
  // Text that holds fence lines (an HTML comment around an example) is cut within what a fence
  // line to close a piece and one to reopen the next leave of the cap, so each piece reads with
  // its fences balanced, as a split code block does.
  const room = cap - 2 * fenceLineSize(text, length);
  if (room < cap / 2) return cutWithin(text, cap, length);
  const pieces = cutWithin(text, room, length);
  let open: OpenFence | undefined;
  let scanned = 0;
  for (const piece of pieces) {
    open = scanFences(text.slice(scanned, piece.start), open);
    scanned = piece.start;
    const before = open ? fenceLine(open, true) : '';
    const ends = scanFences(before ? `${before}\n${piece.text}` : piece.text);
    const after = ends ? fenceLine(ends, false) : '';
    const written = (before ? `${before}\n` : '') + piece.text + (after ? `\n${after}` : '');
    if ((before || after) && length(written) <= cap) {
      if (before) piece.before = before;
      if (after) piece.after = after;
    }
  }
  return pieces;
}

/** A line that opens (with its info string) or closes a fence. */
function fenceLine(fence: OpenFence, opening: boolean): string {
  const marker = fence.char.repeat(fence.length);
  return opening && fence.info ? `${marker}${fence.info}` : marker;
}

/**
 * What the longest line of `text` that could be a fence line adds to a piece (with its newline;
 * less what the size unit counts for any piece, such as a header or special tokens).
 */
function fenceLineSize(text: string, length: LengthFunction): number {
  let largest = 0;
  for (const match of text.matchAll(/^[ \t>*+\-\d.)]*((?:`{3,}|~{3,})[^\n]*)/gm)) {
    largest = Math.max(largest, length(`${(match[1] as string).trim()}\n`));
  }
  return Math.max(0, largest - length(''));
}

/** {@link hardCut} of text without fence lines: within `cap`, at line ends first. */
function cutWithin(text: string, cap: number, length: LengthFunction): CutPiece[] {
  const pieces: CutPiece[] = [];
  // Balanced pieces: aim at an even share of the text, so the last piece is not a fragment.
  const count = Math.max(1, Math.ceil(length(text) / cap));
  const share = Math.ceil(text.length / count);
  let at = 0;
  while (at < text.length) {
    const fit = largestPrefix(text, at, cap, length);
    if (fit === text.length) {
      pieces.push({ text: text.slice(at), start: at });
      break;
    }
    let cut = graphemeBoundary(text, at, Math.min(fit, at + Math.max(share, 1)));
    // A line end in the second half, else any whitespace there.
    const half = at + Math.ceil((cut - at) / 2);
    const lineEnd = text.lastIndexOf('\n', cut);
    const space = lineEnd > half ? lineEnd : lastWhitespace(text, half, cut);
    if (space > at) cut = space;
    const piece = text.slice(at, cut).trimEnd();
    if (piece.length > 0) pieces.push({ text: piece, start: at });
    at = cut;
    while (at < text.length && /\s/.test(text.charAt(at))) at++;
  }
  return pieces;
}

/** End of the longest piece from `at` (≥ 1 code point) whose size is within the cap. */
function largestPrefix(text: string, at: number, cap: number, length: LengthFunction): number {
  const rest = text.length - at;
  const size = (n: number) => length(text.slice(at, at + n));
  let low = 0;
  let high = Math.min(rest, Math.max(1, cap));
  // Grow while the size unit allows more characters than the cap (tokens hold several).
  while (high < rest && size(high) <= cap) {
    low = high;
    high = Math.min(rest, high * 2);
  }
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (size(middle) <= cap) low = middle;
    else high = middle - 1;
  }
  if (low === 0) low = codePointLength(text, at);
  return at + low;
}

/** Move a cut back to a grapheme boundary after `at` (and never inside a surrogate pair). */
function graphemeBoundary(text: string, at: number, cut: number): number {
  if (cut >= text.length) return text.length;
  const from = Math.max(at, cut - 32);
  let boundary = from;
  for (const index of segmentOffsets(
    text.slice(from, Math.min(text.length, cut + 32)),
    'grapheme',
  )) {
    if (from + index > cut) break;
    boundary = from + index;
  }
  if (boundary === at) {
    // One grapheme larger than the cap: fall back to code points.
    const code = text.charCodeAt(cut - 1);
    return code >= 0xd800 && code <= 0xdbff
      ? Math.max(cut - 1, at + codePointLength(text, at))
      : cut;
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
