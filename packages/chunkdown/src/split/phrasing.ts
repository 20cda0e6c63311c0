import type { Html, Nodes, Parent } from 'mdast';
import { alertOf, alertType } from '../parse/containers.js';
import type { Section } from '../tree/sections.js';
import { segmentOffsets } from '../util/segmenter.js';
import { type Cutter, cut } from './cut.js';
import {
  type Flat,
  flatten,
  type PhrasingContainer,
  type Run,
  rangeLeaves,
  rangeSize,
  runAt,
} from './flatten.js';
import { GRAPHEME, HYPHEN, type Rank, SENTENCE, type TailStart, WORD } from './levels.js';
import { boundaries, hyphenBoundaries, segmentBoundaries } from './text-boundaries.js';
import type { Atomic, SplitState, Unit } from './types.js';

/**
 * A unit for a paragraph, heading or table cell: whole while it fits, else cut at sentences,
 * clauses, phrases, words (and graphemes when allowed), with formatting re-wrapped on both sides.
 *
 * @param node
 *   The container of phrasing content.
 * @param path
 *   Its ancestors.
 * @param section
 *   Its section.
 * @param state
 *   Split state.
 * @param kind
 *   `heading` for a heading kept whole (it stays with the content that follows).
 * @returns
 *   The unit.
 */
export function phrasingUnit(
  node: PhrasingContainer,
  path: readonly Parent[],
  section: Section,
  state: SplitState,
  kind: Unit['kind'] = 'block',
): Unit {
  return {
    kind,
    size: state.measure.size(node),
    content: kind !== 'heading',
    leaves: () => [{ path, node, from: -1, to: -1, section }],
    split: () => {
      const flat = flatten(node, [...path, node], section, state);
      const from = markerLineEnd(node, path, flat);
      return cut(textCutter(flat, from), 0, flat.text.length, flat.text.length, SENTENCE);
    },
  };
}

/**
 * Where the marker line of an alert's first paragraph ends (`[!note] Meta tags`, up to its line
 * break), or 0: the paragraph is not cut before that, nor right after it, so the marker and its
 * title stay whole and hold some of the alert's words (every later piece repeats them).
 */
function markerLineEnd(node: PhrasingContainer, path: readonly Parent[], flat: Flat): number {
  if (!opensAlert(node, path)) return 0;
  const type = alertType.exec(flat.text)?.[0].length ?? 0;
  // Text after the marker that is the alert's body, not a title, is cut as body is.
  if (!alertOf(path[path.length - 1] as Nodes)?.title) return type;
  const newline = flat.text.indexOf('\n');
  const lineEnd = newline === -1 ? flat.text.length : newline;
  // A title longer than a chunk may be cut, after its first word.
  return rangeSize(flat, 0, lineEnd) <= flat.state.options.chunkSize ? lineEnd : type;
}

/**
 * Whether a node is the first child of an alert's block quote, the paragraph that holds its
 * marker (`> [!NOTE]`).
 *
 * @param node
 *   A node.
 * @param path
 *   Its ancestors, its parent last.
 * @returns
 *   Whether it opens an alert.
 */
export function opensAlert(node: Nodes, path: readonly Parent[]): boolean {
  const quote = path[path.length - 1] as Nodes | undefined;
  return quote?.type === 'blockquote' && quote.children[0] === node && alertOf(quote) !== undefined;
}

/**
 * The cutter of flattened phrasing text, which cuts nowhere before `from`, nor inside an inline
 * HTML element that fits a chunk (see {@link heldElements}).
 */
function textCutter(flat: Flat, from = 0): Cutter {
  let held: Array<[number, number]> | undefined;
  const cutter: Cutter = {
    separators(level, a, b) {
      if (level < SENTENCE) return [];
      const found = separatorsAt(level, a, b);
      held ??= heldElements(flat);
      const outside = held.length > 0 ? outsideOf(found, held) : found;
      return from > a ? fromOn(outside, from) : outside;
    },
    cutsGraphemes: (a, b) => flat.state.cutsWord(rangeSize(flat, a, b)),
    piece: (a, b, sizeEnd, level) => rangeUnit(flat, cutter, a, b, sizeEnd, level),
    atomic: (a, b) => {
      held ??= heldElements(flat);
      // An inline element held whole (`heldElements`) is kept whole as a node is.
      if (held.some(([start, end]) => start <= a && b <= end)) {
        return { reason: 'never-split', nodeType: 'html' };
      }
      return atomicReason(flat, a, b);
    },
    // Boundaries are whitespace runs: a piece between two of them is never blank.
    blank: () => false,
  };
  const separatorsAt = (level: number, a: number, b: number): number[] => {
    if (level === GRAPHEME) return graphemeBoundaries(flat, a, b);
    if (level === HYPHEN) return hyphenBoundaries(flat.text, a, b);
    const spans = boundaries(flat.text, a, b, level);
    return withoutRawStarts(
      flat,
      spans.length === 0 && level === WORD ? segmentBoundaries(flat.text, a, b) : spans,
    );
  };
  return cutter;
}

/**
 * The stretches of flattened text that inline HTML elements span, from an opening tag to its
 * closing tag (`<ScrimbaLink href="…">Watch a lesson</ScrimbaLink>`, `<kbd>Ctrl</kbd>`), where
 * what they hold fits a chunk (the tags may take them past it): cut inside, a piece would leave
 * the element open and the next would close one it never opened (CommonMark reads each tag as
 * raw HTML on its own). Disjoint and in order (nested elements are inside their parent's
 * stretch).
 */
function heldElements(flat: Flat): Array<[number, number]> {
  const open: Array<{ name: string; start: number; end: number }> = [];
  const found: Array<[number, number]> = [];
  for (const run of flat.runs) {
    if (run.node.type !== 'html' || run.text !== undefined) continue;
    const value = (run.node as Html).value;
    const opening = openingTag.exec(value);
    if (opening && !value.endsWith('/>')) {
      open.push({
        name: (opening[1] as string).toLowerCase(),
        start: run.start,
        end: run.start + run.length,
      });
      continue;
    }
    const name = closingTag.exec(value)?.[1]?.toLowerCase();
    if (name === undefined) continue;
    let at = open.length - 1;
    while (at >= 0 && (open[at] as { name: string }).name !== name) at--;
    if (at < 0) continue;
    const { start, end: openEnd } = open[at] as { start: number; end: number };
    open.length = at;
    const end = run.start + run.length;
    // (What the element holds, its tags aside: a component's attributes are no reason to cut
    // the words it wraps, `<ScrimbaLink href="…" title="…">Watch a lesson</ScrimbaLink>`.)
    if (rangeSize(flat, openEnd, run.start) > flat.state.options.chunkSize) continue;
    // An element that holds the ones before it replaces them.
    while (found.length > 0 && (found[found.length - 1] as [number, number])[0] >= start)
      found.pop();
    found.push([start, end]);
  }
  return found;
}

/** An opening HTML tag alone (`<kbd>`, `<a href="x">`), its name first. */
const openingTag = /^<([A-Za-z][\w:.-]*)(?:\s[^>]*)?>$/;
/** A closing HTML tag alone (`</kbd>`), its name first. */
const closingTag = /^<\/([A-Za-z][\w:.-]*)\s*>$/;

/** The separator spans (`[start, end]` pairs) that lie inside none of `held` (disjoint, in order). */
function outsideOf(spans: number[], held: ReadonlyArray<[number, number]>): number[] {
  let kept = 0;
  let at = 0;
  for (let k = 0; k < spans.length; k += 2) {
    const start = spans[k] as number;
    const end = spans[k + 1] as number;
    while (at < held.length && (held[at] as [number, number])[1] <= start) at++;
    const range = held[at];
    if (range && range[0] < start && end < range[1]) continue;
    spans[kept++] = start;
    spans[kept++] = end;
  }
  spans.length = kept;
  return spans;
}

/** The separator spans (`[start, end]` pairs) that start after `from`. */
function fromOn(spans: number[], from: number): number[] {
  let kept = 0;
  for (let k = 0; k < spans.length; k += 2) {
    if ((spans[k] as number) <= from) continue;
    spans[kept++] = spans[k] as number;
    spans[kept++] = spans[k + 1] as number;
  }
  spans.length = kept;
  return spans;
}

/** A unit for `[a, b)` of the flattened text; its size counts up to `sizeEnd` (trailing space). */
function rangeUnit(
  flat: Flat,
  cutter: Cutter,
  a: number,
  b: number,
  sizeEnd: number,
  level: number,
): Unit {
  return {
    kind: 'block',
    size: rangeSize(flat, a, b),
    trail: sizeEnd > b ? rangeSize(flat, b, sizeEnd) : 0,
    content: true,
    // The separator after the range goes with it: it joins this piece to the next when both
    // land in one chunk, and is trimmed when the chunk ends here.
    leaves: () =>
      level > HYPHEN
        ? rangeLeaves(flat, a, sizeEnd).map((leaf) => ({ ...leaf, wordCut: true }))
        : rangeLeaves(flat, a, sizeEnd),
    split: () => cut(cutter, a, b, sizeEnd, level),
  };
}

/** Inline nodes written as raw markup, whose reading depends on where their line starts. */
const rawInline: ReadonlySet<string> = new Set(['html', 'mdxJsxTextElement']);

/**
 * The separators after which no piece starts with raw inline markup: at the start of a piece,
 * a `<br/>` or `<div>` alone on its line opens an HTML block (and a JSX element a flow element),
 * which swallows the lines after it, links and emphasis with them.
 */
function withoutRawStarts(flat: Flat, spans: number[]): number[] {
  let kept = 0;
  for (let k = 0; k < spans.length; k += 2) {
    const end = spans[k + 1] as number;
    if (startsWithRaw(flat, end)) continue;
    spans[kept++] = spans[k] as number;
    spans[kept++] = end;
  }
  spans.length = kept;
  return spans;
}

/** Whether raw inline markup starts at `at` of the flattened text. */
function startsWithRaw(flat: Flat, at: number): boolean {
  const run = flat.runs[runAt(flat.runs, at)];
  return (
    run !== undefined && run.start === at && run.text === undefined && rawInline.has(run.node.type)
  );
}

function atomicReason(flat: Flat, a: number, b: number): Atomic {
  const index = runAt(flat.runs, a);
  const run = flat.runs[index];
  if (run && run.text === undefined && run.start === a && run.start + run.length === b) {
    return { reason: 'never-split', nodeType: run.node.type };
  }
  return { reason: 'word', nodeType: 'text' };
}

/** Grapheme boundaries (nodes kept whole are one character of the flattened text). */
function graphemeBoundaries(flat: Flat, a: number, b: number): number[] {
  const spans: number[] = [];
  for (const index of segmentOffsets(flat.text.slice(a, b), 'grapheme'))
    spans.push(a + index, a + index);
  return spans;
}

/**
 * Where an overlap taken from the end of `[start, end)` of a paragraph's flattened text may start,
 * from the end backwards, while what it takes measures at most `room`: after a sentence, clause,
 * phrase or word boundary, never inside a link.
 *
 * @param flat
 *   The paragraph's flattened text.
 * @param start
 *   Start of the part a chunk holds.
 * @param end
 *   End of that part.
 * @param room
 *   The most an overlap may measure.
 * @returns
 *   Starts with the size of what they take, from the end backwards.
 */
export function phrasingTailStarts(
  flat: Flat,
  start: number,
  end: number,
  room: number,
): Array<TailStart & { size: number }> {
  if (room <= 0) return [];
  // Look back only as far as the room reaches (a paragraph may be megabytes long).
  let window = 2 * room + 64;
  let low = Math.max(start, end - window);
  while (low > start && rangeSize(flat, low, end) <= room) {
    window *= 2;
    low = Math.max(start, end - window);
  }
  const ranks: number[] = [];
  const spans = boundaries(flat.text, low, end, WORD, ranks);
  const cuts: Array<[number, Rank]> = [];
  for (let k = 0; k < ranks.length; k++) cuts.push([spans[2 * k + 1] as number, ranks[k] as Rank]);
  const words = segmentBoundaries(flat.text, low, end);
  for (let k = 0; k < words.length; k += 2) cuts.push([words[k] as number, WORD]);
  cuts.sort((x, y) => y[0] - x[0] || x[1] - y[1]);
  const found: Array<TailStart & { size: number }> = [];
  let previous = -1;
  for (const [at, rank] of cuts) {
    if (
      at === previous ||
      at <= start ||
      at >= end ||
      insideLink(flat, at) ||
      startsWithRaw(flat, at)
    )
      continue;
    previous = at;
    const size = rangeSize(flat, at, end);
    if (size > room) break;
    found.push({ at, rank, size });
  }
  return found;
}

/** Whether `at` of flattened text falls inside the text of a link (one that may be split). */
function insideLink(flat: Flat, at: number): boolean {
  const here = flat.runs[runAt(flat.runs, at)] as Run;
  const before = flat.runs[runAt(flat.runs, at - 1)] as Run;
  for (const parent of here.path) {
    if ((parent.type === 'link' || parent.type === 'linkReference') && before.path.includes(parent))
      return true;
  }
  return false;
}
