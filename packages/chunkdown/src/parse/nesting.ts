import type { Html, Nodes, RootContent } from 'mdast';
import type { Position } from 'unist';
import { listMarkerEnd } from './segment-cuts.js';

declare module 'mdast' {
  interface HtmlData {
    /** Set on the stand-in for a top-level block nested too deep to split structurally. */
    chunkdownPlainText?: boolean | undefined;
  }
}

/**
 * Nesting past which a top-level block is split as plain text: block quotes, list items and
 * footnote definitions inside one another, plus emphasis, strong, strikethrough and links inside
 * one another (a list item 20 deep holding a link in strong text counts 22). Real documents stay
 * far below it; the serializer works in time cubic in this depth.
 */
export const MAX_NESTING = 32;

/**
 * Lines whose start could open or continue more than this many block quotes, list items and
 * footnote definitions (or that hold more images open inside one another) are not given to the
 * parser at all, nor is the top-level block that holds them: the parser works in time cubic in
 * that depth (a list nested 1 000 deep takes 20 s).
 * Estimated from the source ({@link deepLines}), so above {@link MAX_NESTING}: a block nested
 * between the two is parsed and found too deep on its tree, and the estimate (two columns of
 * indentation per level) does not send a list indented four columns per level to plain text
 * before it is really too deep.
 */
export const MAX_SOURCE_NESTING = 64;

/** A line that may sit deep in containers, and how deep at most. */
export interface DeepLine {
  /** Offset of the line's start. */
  start: number;
  /** The most containers the line can be in. */
  depth: number;
}

/**
 * The lines of a document that may sit deeper than `limit` containers, from the text alone.
 *
 * A line can continue or open at most one block quote per `>` and one list item or footnote
 * definition per marker at its start, and continue at most one list item per two columns of
 * indentation before its text (a list item's content starts at least two columns right of its
 * parent's). Lazy and blank lines open nothing. And every container open at a line was opened by a
 * marker since the last cut (`segment-cuts.ts`): at a cut, none is open. So the depth at a line is at most
 * the smaller of what its start allows and the markers since the last cut; a line where that is
 * over `limit` is reported. Indentation inside code counts too, so an estimate can be wrong the
 * safe way (too deep), never the other.
 *
 * Images nested in images count too (they are no levels of the tree, but micromark resolves
 * each `](…)` against every `![` still open before it, in time quadratic in their number): a line
 * is as deep as the most `![` open at once on it, unclosed by a `]` since the last blank line
 * (which ends any paragraph).
 *
 * @param text
 *   The document.
 * @param starts
 *   Its line starts (`util/line-starts.ts`).
 * @param cuts
 *   Its cuts, in order.
 * @param limit
 *   The most containers to allow.
 * @returns
 *   The lines that may be deeper, in order, with their estimated depth.
 */
export function deepLines(
  text: string,
  starts: readonly number[],
  cuts: readonly number[],
  limit: number,
): DeepLine[] {
  const deep: DeepLine[] = [];
  let markersSinceCut = 0;
  let nextCut = 0;
  let imagesOpen = 0;
  /** Footnote definitions opened by the last line that opened any, since the last cut. */
  let footnoteRun = 0;
  // Where the next `![` is (lines before it open no image: with none open, they are skipped).
  let nextImage = text.indexOf('![');
  for (let line = 0; line < starts.length; line++) {
    const start = starts[line] as number;
    while (nextCut < cuts.length && (cuts[nextCut] as number) <= start) {
      if (cuts[nextCut] === start) {
        markersSinceCut = 0;
        footnoteRun = 0;
      }
      nextCut++;
    }
    const end = line + 1 < starts.length ? (starts[line + 1] as number) : text.length;
    const prefix = containerPrefix(text, start, end);
    markersSinceCut += prefix.markers;
    if (nextImage !== -1 && nextImage < start) nextImage = text.indexOf('![', start);
    const images =
      imagesOpen === 0 && (nextImage === -1 || nextImage >= end)
        ? NO_IMAGES
        : openImages(text, start, end, imagesOpen);
    imagesOpen = images.after;
    // Footnote definitions opened on one line (`[^a]: [^b]: text`) are all continued by one
    // indentation of four columns: the indentation counts for each of them.
    const indented = prefix.columns >= 4;
    const footnoteLevels = indented ? Math.max(0, footnoteRun - 1) : 0;
    if (prefix.footnotes > 0) {
      footnoteRun = (indented ? footnoteRun : 0) + prefix.footnotes;
    }
    const depth = Math.max(
      Math.min(prefix.markers + Math.floor(prefix.columns / 2) + footnoteLevels, markersSinceCut),
      images.most,
    );
    if (depth > limit) deep.push({ start, depth });
  }
  return deep;
}

const NO_IMAGES = { most: 0, after: 0 };

/**
 * The most images open at once on a line (`![` without its `]` yet), and how many are open after
 * it, given those open before it; a blank line closes them all.
 */
function openImages(
  text: string,
  start: number,
  end: number,
  before: number,
): { most: number; after: number } {
  let open = before;
  let most = before;
  let blank = true;
  for (let at = start; at < end; at++) {
    const code = text.charCodeAt(at);
    if (code === 33 && text.charCodeAt(at + 1) === 91) {
      open++;
      if (open > most) most = open;
      at++;
      blank = false;
    } else if (code === 93) {
      if (open > 0) open--;
      blank = false;
    } else if (code !== 32 && code !== 9 && code !== 10 && code !== 13) blank = false;
  }
  return blank ? { most: 0, after: 0 } : { most, after: open };
}

/**
 * Container markers (`>`, list markers, `[^label]:`) and columns of whitespace at the start of a
 * line, up to its first other character.
 */
function containerPrefix(
  text: string,
  start: number,
  end: number,
): { markers: number; columns: number; footnotes: number } {
  let markers = 0;
  let footnotes = 0;
  let columns = 0;
  let column = 0;
  let at = start;
  while (at < end) {
    const code = text.charCodeAt(at);
    if (code === 32) {
      columns++;
      column++;
      at++;
    } else if (code === 9) {
      const width = 4 - (column % 4);
      columns += width;
      column += width;
      at++;
    } else if (code === 62) {
      markers++;
      column++;
      at++;
    } else if (code === 45 || code === 43 || code === 42 || (code >= 48 && code <= 57)) {
      const after = listMarkerEnd(text, at, end);
      if (after === -1) break;
      markers++;
      column += after - at;
      at = after;
    } else if (code === 91 && text.charCodeAt(at + 1) === 94) {
      const close = text.indexOf(']:', at + 2);
      if (close === -1 || close >= end) break;
      markers++;
      footnotes++;
      column += close + 2 - at;
      at = close + 2;
    } else break;
  }
  return { markers, columns, footnotes };
}

/** Node types that count one level of nesting each. */
const nestingTypes = new Set([
  'blockquote',
  'listItem',
  'footnoteDefinition',
  'emphasis',
  'strong',
  'delete',
  'link',
  'linkReference',
]);

/**
 * How deep a node nests (see {@link MAX_NESTING}): the most nesting levels on a path from it down
 * to a leaf, itself included. Walks the tree without recursion, so any depth is fine, and
 * stops as soon as it finds a path deeper than `stopAbove`.
 *
 * @param node
 *   A node.
 * @param stopAbove
 *   The depth past which the exact depth does not matter.
 * @returns
 *   The depth (past `stopAbove`: some depth over it).
 */
export function nestingDepth(node: Nodes, stopAbove = Number.POSITIVE_INFINITY): number {
  let deepest = 0;
  // Nodes with children still to visit, and the depth above each.
  const nodes: Nodes[] = [node];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const current = nodes.pop() as Nodes;
    const depth = (depths.pop() as number) + (nestingTypes.has(current.type) ? 1 : 0);
    if (depth > deepest) {
      deepest = depth;
      if (deepest > stopAbove) return deepest;
    }
    if (!('children' in current)) continue;
    // Leaves add no level (every nesting type is a parent): only parents are visited.
    for (const child of current.children as Nodes[]) {
      if ('children' in child) {
        nodes.push(child);
        depths.push(depth);
      }
    }
  }
  return deepest;
}

/**
 * The stand-in for a top-level block split as plain text: an HTML node with the block's source
 * as written (it serializes as it is), marked so the splitter cuts it like text and its chunks say
 * `fallback: 'plain-text'`.
 *
 * @param value
 *   The block's source.
 * @param position
 *   Where it is in the document.
 * @returns
 *   The node.
 */
export function plainTextBlock(value: string, position: Position): Html {
  return { type: 'html', value, position, data: { chunkdownPlainText: true } };
}

/**
 * Whether a node (or a slice of one) is a block split as plain text.
 *
 * @param node
 *   A node.
 * @returns
 *   Whether it is.
 */
export function isPlainText(node: Nodes): boolean {
  return node.type === 'html' && node.data?.chunkdownPlainText === true;
}

/**
 * Replace the top-level blocks that nest deeper than `limit` by plain-text stand-ins.
 *
 * @param children
 *   Top-level nodes (changed in place).
 * @param source
 *   The text their offsets point into.
 * @param limit
 *   The most nesting to allow.
 */
export function flattenDeepBlocks(children: RootContent[], source: string, limit: number): void {
  for (let index = 0; index < children.length; index++) {
    const child = children[index] as RootContent;
    if (!('children' in child) || nestingDepth(child, limit) <= limit) continue;
    const position = child.position;
    if (position?.start.offset === undefined || position.end.offset === undefined) continue;
    children[index] = plainTextBlock(
      source.slice(position.start.offset, position.end.offset),
      position,
    );
  }
}
