import type { Html, Parent } from 'mdast';
import type { Section } from '../tree/sections.js';
import { htmlBlockTags } from '../util/html-block-tags.js';
import { type Cutter, cut } from './cut.js';
import { ITEM, type Rank, type TailStart } from './levels.js';
import type { Atomic, Leaf, SplitState, Unit } from './types.js';
import { nodeUnit } from './unit.js';

/**
 * A unit for a raw HTML block (also an MDX/JSX component, a comment, a block of template tags):
 * whole while it fits, else cut only where every piece re-parses as raw HTML — before a line that
 * starts an HTML block by itself (a block-level tag such as `<div>`, or a complete tag alone on
 * its line such as `<TabItem value="npm">` or `</Tabs>`), when no blank line follows it in its
 * piece (after a blank line the HTML would end and the rest turn into markdown). Anywhere else a
 * piece would re-parse as something else: a heading, a fence, a definition, a paragraph that
 * decodes `&#37;`. Without such a cut the block stays whole (`never-split`); the raw size cap
 * then cuts it as text.
 *
 * @param node
 *   The HTML node.
 * @param path
 *   Its ancestors.
 * @param section
 *   Its section.
 * @param state
 *   Split state.
 * @param whole
 *   Why the block must stay whole, if its rule says so.
 * @returns
 *   The unit.
 */
export function htmlUnit(
  node: Html,
  path: readonly Parent[],
  section: Section,
  state: SplitState,
  whole: Atomic | undefined,
): Unit {
  return nodeUnit(node, path, section, state.measure.size(node), () => {
    if (whole) return whole;
    const cuts = withoutMarkupPieces(
      node.value,
      sparse(safeCuts(node.value), node.value.length, minimumPiece(state)),
      largestMarkupPiece(state),
    );
    if (cuts.length === 0) return { reason: 'never-split', nodeType: 'html' };
    return cut(
      htmlCutter(node, path, section, state, cuts),
      0,
      node.value.length,
      node.value.length,
      ITEM,
    );
  });
}

/**
 * What the pieces of a block of HTML are measured against (in characters): `chunkSize`, or the
 * raw cap when it is larger. (Under the raw cap, re-splits aim lower and lower; the pieces worth
 * keeping, and the markup that goes with a neighbour, do not shrink.)
 */
function pieceBudget(state: SplitState): number {
  const { chunkSize, rawBudget } = state.options;
  return Math.max(chunkSize, rawBudget ?? 0);
}

/**
 * The smallest piece of HTML worth its own place (in characters): a wrapper's opening line
 * (`<table>`) or a lone tag goes with its neighbour instead of making a fragment of a chunk.
 */
function minimumPiece(state: SplitState): number {
  return Math.min(pieceBudget(state) / 4, 200);
}

/**
 * Markup alone (comments, tags) up to this share of `chunkSize` goes with a neighbour; more of it
 * (a commented-out page, a wall of badges) stands on its own.
 */
export const MARKUP_SHARE = 0.5;

/** The longest run of markup inside a block of HTML that goes with a neighbour (in characters). */
function largestMarkupPiece(state: SplitState): number {
  return pieceBudget(state) * MARKUP_SHARE;
}

/** Drop cuts that would leave a piece shorter than `minimum` (the pieces join their neighbour). */
function sparse(cuts: readonly number[], length: number, minimum: number): number[] {
  const kept: number[] = [];
  let last = 0;
  for (const at of cuts) {
    if (at - last < minimum) continue;
    kept.push(at);
    last = at;
  }
  while (kept.length > 0 && length - (kept[kept.length - 1] as number) < minimum) kept.pop();
  return kept;
}

/**
 * Drop cuts that would leave a piece a reader sees nothing in (see {@link holdsNothingToRead}):
 * `<div style="…">` on its own before the content it opens, `</div>\n</div>` after what it
 * closes. Its content size counts its markup, so a long tag line passes the minimum piece and
 * would stand as a chunk of its own (issue 43). A piece that ends with an opening tag goes with
 * the piece after it, any other with the piece before it (the first with the one after it); a
 * run of such pieces goes as one. A run longer than `longest` (a wall of badges before one line of
 * text) keeps its cuts, as does a block that is all markup: there is nothing to read to go with.
 *
 * @param value
 *   The HTML.
 * @param cuts
 *   Increasing offsets where the block may be cut.
 * @param longest
 *   The longest run of markup that goes with a neighbour, in characters.
 * @returns
 *   The cuts kept, increasing.
 */
export function withoutMarkupPieces(
  value: string,
  cuts: readonly number[],
  longest: number,
): number[] {
  const edges = [0, ...cuts, value.length];
  const count = edges.length - 1;
  const markup = Array.from({ length: count }, (_, index) =>
    holdsNothingToRead(value.slice(edges[index], edges[index + 1])),
  );
  if (markup.every(Boolean)) return [...cuts];
  // Edges to drop (1 … count − 1 are the cuts).
  const dropped = new Uint8Array(edges.length);
  for (let first = 0; first < count; first++) {
    if (!markup[first]) continue;
    let last = first;
    while (last + 1 < count && markup[last + 1]) last++;
    const from = edges[first] as number;
    const to = edges[last + 1] as number;
    if (to - from <= longest) {
      for (let edge = first + 1; edge <= last; edge++) dropped[edge] = 1;
      // The pieces next to the run hold something to read (the run is as long as it goes).
      const after = last + 1 < count;
      if (after && (first === 0 || endsWithOpeningTag(value.slice(from, to))))
        dropped[last + 1] = 1;
      else dropped[first] = 1;
    }
    first = last;
  }
  return cuts.filter((_, index) => dropped[index + 1] === 0);
}

/** An HTML comment, or one left open to the end. */
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

/** Whether HTML holds only tags, comments and entities: no letter or digit outside them. */
function holdsNothingToRead(value: string): boolean {
  const rest = value
    .replace(COMMENT, ' ')
    .replace(/<\/?[A-Za-z][^<>]*>/g, ' ')
    .replace(/&(?:#\d+|#x[\da-f]+|[a-z]+);/gi, ' ');
  return !/[\p{L}\p{N}]/u.test(rest);
}

/** The cutter of an HTML block: its only separators are the line breaks before safe cuts. */
function htmlCutter(
  node: Html,
  path: readonly Parent[],
  section: Section,
  state: SplitState,
  cuts: number[],
): Cutter {
  const value = node.value;
  const { measure } = state;
  const cutter: Cutter = {
    separators(level: Rank, a, b) {
      if (level !== ITEM) return [];
      const spans: number[] = [];
      for (const at of cuts) {
        // The line break before the cut line is the separator.
        if (at - 1 > a && at < b) spans.push(at - 1, at);
      }
      return spans;
    },
    cutsGraphemes: () => false,
    piece: (a, b, sizeEnd, level) => ({
      kind: 'block',
      size: measure.additive ? b - a : measure.text(value.slice(a, b)),
      trail: 0,
      content: true,
      leaves: (): Leaf[] => [{ path, node, from: a, to: b, section }],
      split: () => cut(cutter, a, b, sizeEnd, level),
    }),
    atomic: () => ({ reason: 'never-split', nodeType: 'html' }),
    blank: (a, b) => !/\S/.test(value.slice(a, b)),
  };
  return cutter;
}

/** A line that starts a type 6 block: `<` or `</`, a block tag name, then a space, `>` or `/>`. */
const type6 = /^ {0,3}<\/?([A-Za-z][A-Za-z0-9]*)(?=[ \t>]|\/>|$)/;

/** A line that is one complete open or closing tag (type 7: it starts a block by itself). */
const type7 =
  /^ {0,3}(?:<[A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*\s*\/?>|<\/[A-Za-z][A-Za-z0-9-]*\s*>)[ \t]*$/;

/**
 * Whether a line opens an HTML block that lasts until a blank line (types 6 and 7) with an
 * opening tag: a closing tag (`</div>`) goes with what it closes, never to a piece of its own.
 */
function opensHtmlBlock(line: string, closing: boolean): boolean {
  if (!closing && /^ {0,3}<\//.test(line)) return false;
  const tag = type6.exec(line);
  if (tag && htmlBlockTags.has((tag[1] as string).toLowerCase())) return true;
  return type7.test(line);
}

/**
 * Offsets of the line starts (not the first line) where an HTML block can be cut: lines that
 * open an HTML block by themselves, with no blank line between them and the next cut (or the end
 * of the block). Blank lines occur only inside blocks of types 1–5 (`<pre>`, comments, …).
 *
 * @param value
 *   The HTML.
 * @param closing
 *   Whether a line that is a closing tag (`</ul>`) is a cut too: where an overlap may start, not
 *   a piece of a split.
 * @returns
 *   Increasing offsets.
 */
export function safeCuts(value: string, closing = false): number[] {
  const starts: number[] = [];
  const blank: boolean[] = [];
  for (let start = 0; start <= value.length; ) {
    let end = value.indexOf('\n', start);
    if (end === -1) end = value.length;
    starts.push(start);
    blank.push(value.slice(start, end).trim() === '');
    start = end + 1;
  }
  const cuts: number[] = [];
  // From the end: a cut is safe when no blank line lies between it and the next safe cut.
  let clear = true;
  for (let line = starts.length - 1; line >= 1; line--) {
    if (blank[line]) {
      clear = false;
      continue;
    }
    const start = starts[line] as number;
    let end = value.indexOf('\n', start);
    if (end === -1) end = value.length;
    if (clear && opensHtmlBlock(value.slice(start, end).replace(/\r$/, ''), closing))
      cuts.push(start);
    else continue;
    clear = true;
  }
  return cuts.reverse();
}

const voidTags = new Set(
  'area base br col embed hr img input link meta param source track wbr'.split(' '),
);
/** One opening tag: `<Name attributes>` (attributes may run over lines), not self-closing. */
const openingTag =
  /^<([A-Za-z][A-Za-z0-9.:-]*)(?:\s+[A-Za-z_:@][\w.:@-]*(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*\s*>$/;

/**
 * Whether a raw HTML block is only the opening tag of an element (`<Listing file-name="a.rs">`,
 * `<details>`, `<TabItem value="npm">`) whose content follows as markdown: it introduces what
 * follows, as a heading does, and should not end a chunk.
 *
 * @param node
 *   The HTML node.
 * @returns
 *   Whether it opens an element and holds nothing else.
 */
export function opensElement(node: Html): boolean {
  const value = node.value.trim();
  if (value.length > 1000) return false;
  const tag = openingTag.exec(value);
  return tag !== null && !voidTags.has((tag[1] as string).toLowerCase());
}

/**
 * Whether a raw HTML block is only a closing tag (`</Listing>`, `</details>`): it belongs to the
 * markdown before it.
 *
 * @param node
 *   The HTML node.
 * @returns
 *   Whether it closes an element and holds nothing else.
 */
export function closesElement(node: Html): boolean {
  return /^<\/[A-Za-z][A-Za-z0-9.:-]*\s*>$/.test(node.value.trim());
}

/**
 * Whether a raw HTML block holds nothing a reader sees: only comments and tags, with no letter or
 * digit outside them (`<!-- TL;DR -->`, `</div></div></details>`, `<!-- prettier-ignore-end -->`).
 * Its content size counts its markup, so the size rules would let it stand as a chunk of its own;
 * it goes with the block before it instead (or, first in its list, with what follows).
 *
 * @param node
 *   The HTML node.
 * @returns
 *   Whether it is markup and nothing else.
 */
export function isMarkupOnly(node: Html): boolean {
  const value = node.value;
  if (value.length > 2000 || !/^\s*</.test(value)) return false;
  return holdsNothingToRead(value);
}

/**
 * Whether the last tag of a raw HTML block opens an element (`<details>`, `</div>\n<div class="card">`):
 * the block then leads into what follows.
 *
 * @param node
 *   The HTML node.
 * @returns
 *   Whether its last tag is an opening tag of an element that is not void.
 */
export function endsOpening(node: Html): boolean {
  return endsWithOpeningTag(node.value);
}

/** Whether the last tag of some HTML opens an element that is not void. */
function endsWithOpeningTag(value: string): boolean {
  const tags = [
    ...value.replace(COMMENT, ' ').matchAll(/<(\/?)([A-Za-z][A-Za-z0-9.:-]*)[^<>]*?(\/?)>/g),
  ];
  const last = tags[tags.length - 1];
  if (!last) return false;
  return last[1] === '' && last[3] === '' && !voidTags.has((last[2] as string).toLowerCase());
}

/**
 * Where an overlap taken from the end of `[from, to)` of a raw HTML block may start, from the end
 * backwards: only where the block may be cut (a piece there re-parses as HTML, see
 * {@link safeCuts}; a closing tag's line too, since the overlap goes on with what follows).
 *
 * @param value
 *   The HTML.
 * @param from
 *   Start of the part a chunk holds.
 * @param to
 *   End of that part.
 * @returns
 *   Starts, from the end backwards.
 */
export function* htmlTailStarts(value: string, from: number, to: number): Generator<TailStart> {
  const cuts = safeCuts(value, true);
  for (let k = cuts.length - 1; k >= 0; k--) {
    const at = cuts[k] as number;
    if (at >= to) continue;
    if (at <= from) break;
    yield { at, rank: ITEM };
  }
}

/**
 * Whether `[from, to)` of a raw HTML block holds a fence line (a fence read line by line holds
 * the HTML open: an overlap must not take it).
 *
 * @param value
 *   The HTML.
 * @param from
 *   Start of the part.
 * @param to
 *   End of the part.
 * @returns
 *   Whether a line there starts with a fence.
 */
export function holdsFenceLine(value: string, from: number, to: number): boolean {
  return /^[ \t]*(?:`{3,}|~{3,})/m.test(value.slice(from, to));
}
