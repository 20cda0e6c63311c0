import type { Code, Html, Nodes, Paragraph, Parent, Table } from 'mdast';
import { isPlainText } from '../parse/nesting.js';
import { type Flat, flatten, type Run, rangeLeaves, rangeSize } from '../split/flatten.js';
import { closesElement, holdsFenceLine, htmlTailStarts } from '../split/html.js';
import {
  BLOCK,
  CLAUSE,
  ITEM,
  LINE,
  PHRASE,
  type Rank,
  SENTENCE,
  TOKEN,
  WORD,
} from '../split/levels.js';
import { codeTailStarts } from '../split/lines.js';
import { phrasingTailStarts } from '../split/phrasing.js';
import type { Leaf, SplitState } from '../split/types.js';
import type { Section } from '../tree/sections.js';
import type { Draft } from './pack.js';

/** A draft with the leaves it repeats from the chunk before it. */
export interface OverlappedDraft extends Draft {
  /** How many of the first leaves are overlap. */
  overlap: number;
}

/** The levels an overlap may start at, strongest first. */
const levels: readonly Rank[] = [BLOCK, ITEM, LINE, SENTENCE, CLAUSE, PHRASE, WORD, TOKEN];

/**
 * Start each chunk that continues the section of the chunk before it with the end of that chunk,
 * up to `budget` in the size unit (see {@link overlapTail}).
 *
 * @param drafts
 *   Drafts, in order.
 * @param budget
 *   The `overlap` option.
 * @param state
 *   Split state.
 * @returns
 *   Drafts with overlap leaves in front.
 */
export function addOverlap(
  drafts: readonly Draft[],
  budget: number,
  state: SplitState,
): OverlappedDraft[] {
  const flats: Flats = new Map();
  const result: OverlappedDraft[] = [];
  for (const [index, draft] of drafts.entries()) {
    const previous = drafts[index - 1];
    const first = draft.leaves[0];
    // All of the previous chunk's own content may be repeated only when that chunk holds more
    // (an overlap of its own): else the next chunk would hold the whole of it.
    const repeatsAll = (result[index - 1]?.overlap ?? 0) > 0;
    const tail =
      budget > 0 && previous && first
        ? overlapTail(previous.leaves, first.section, budget, repeatsAll, state, flats)
        : [];
    if (tail.length === 0 || !previous || !first) {
      result.push({ ...draft, overlap: 0 });
      continue;
    }
    tail.push(...separator(previous.leaves[previous.leaves.length - 1] as Leaf, first, flats));
    result.push({ ...draft, leaves: [...tail, ...draft.leaves], overlap: tail.length });
  }
  return result;
}

/**
 * The whitespace between the end of a chunk and the start of the next one when both are in one
 * paragraph: the overlap carries it, so the repeated text and the text after it stay apart
 * (after a link, `….pkg` and `Mac` would run together into a new link).
 */
function separator(last: Leaf, first: Leaf, flats: Flats): Leaf[] {
  const container = last.path.find((parent) => parent.type === 'paragraph');
  if (!container || !first.path.includes(container)) return [];
  const entry = flats.get(container as Nodes);
  if (!entry) return [];
  const end = leafOffset(entry, container as Nodes, last, 'end');
  const start = leafOffset(entry, container as Nodes, first, 'start');
  if (end === undefined || start === undefined || start <= end) return [];
  return rangeLeaves(entry.flat, end, start);
}

/** Where a leaf of a flattened paragraph starts or ends in its text. */
function leafOffset(
  entry: FlatEntry,
  container: Nodes,
  leaf: Leaf,
  side: 'start' | 'end',
): number | undefined {
  if (leaf.node === container) return side === 'start' ? 0 : entry.flat.text.length;
  const run = entry.runs.get(leaf.node);
  if (!run) return undefined;
  if (leaf.from < 0) return side === 'start' ? run.start : run.start + run.length;
  return run.start + (side === 'start' ? leaf.from : leaf.to);
}

/** Flattened paragraphs, with where each node's run is, shared by the drafts of one split. */
type Flats = Map<Nodes, FlatEntry>;
interface FlatEntry {
  flat: Flat;
  runs: Map<Nodes, Run>;
}

/** Where an overlap may start: how strong a boundary it is, what it measures, what it holds. */
interface Start {
  rank: Rank;
  size: number;
  leaves: () => Leaf[];
}

/**
 * A stretch at the end of a chunk that an overlap takes whole or from a point inside: the chunk's
 * text in one paragraph, its lines of a code block or its piece of raw HTML, or a table row.
 */
interface Segment {
  /** The top-level block it is in: two segments of one block are items of it. */
  top: Nodes;
  size: number;
  /** Its leaves as the chunk holds them. */
  leaves: Leaf[];
  /** Starts strictly inside it, from its end backwards, while they measure at most `room`. */
  starts(room: number): Start[];
}

/**
 * What `overlap` repeats of a chunk at the start of the next one: the end of the chunk, up to
 * `budget`, cut at the strongest boundary that leaves at least half the budget (block > item >
 * line > sentence > clause > phrase > word), else the longest that fits. It stays in `section`,
 * never takes part of a word or a link, stops at headings and thematic breaks, and repeats all
 * of the chunk's content only when the chunk holds an overlap of its own (so never a whole
 * chunk). List items keep their markers, quotes their `>`, code lines their fence, table rows
 * their header row: the assembler rebuilds the containers around the leaves.
 *
 * @param leaves
 *   The previous chunk's leaves.
 * @param section
 *   The section the next chunk starts in.
 * @param budget
 *   The most the overlap may measure.
 * @param repeatsAll
 *   Whether the overlap may hold all of the chunk's content (the chunk holds an overlap too).
 * @param state
 *   Split state.
 * @param flats
 *   Cache of flattened paragraphs.
 * @returns
 *   The overlap's leaves, or none.
 */
function overlapTail(
  leaves: readonly Leaf[],
  section: Section,
  budget: number,
  repeatsAll: boolean,
  state: SplitState,
  flats: Flats,
): Leaf[] {
  const pending = [...leaves];
  const starts: Start[] = [];
  let after: Leaf[] = [];
  let afterSize = 0;
  while (pending.length > 0) {
    const segment = takeSegment(pending, section, state, flats);
    if (!segment) break;
    const later = after;
    for (const start of segment.starts(budget - afterSize)) {
      starts.push({
        rank: start.rank,
        size: afterSize + start.size,
        leaves: () => [...start.leaves(), ...later],
      });
    }
    const size = afterSize + segment.size;
    if (size > budget) break;
    after = [...segment.leaves, ...later];
    afterSize = size;
    // The whole segment, when something of the chunk's content comes before it; never from an
    // element's closing tag alone (`</Listing>` goes with what it closes).
    const before = pending[pending.length - 1];
    const whole = after;
    if (closesElementAlone(segment)) continue;
    if (!pending.some(isContent)) {
      if (repeatsAll) starts.push({ rank: BLOCK, size, leaves: () => whole });
      break;
    }
    const rank = before && topOf(before) === segment.top ? ITEM : BLOCK;
    starts.push({ rank, size, leaves: () => whole });
  }
  return choose(starts, budget);
}

/** The strongest start that holds at least half the budget, else the longest. */
function choose(starts: readonly Start[], budget: number): Leaf[] {
  for (const level of levels) {
    let best: Start | undefined;
    for (const start of starts) {
      if (start.rank <= level && (!best || start.size > best.size)) best = start;
    }
    if (best && best.size * 2 >= budget) return best.leaves();
  }
  let longest: Start | undefined;
  for (const start of starts) {
    if (
      !longest ||
      start.size > longest.size ||
      (start.size === longest.size && start.rank < longest.rank)
    )
      longest = start;
  }
  return longest ? longest.leaves() : [];
}

/** Whether a segment is a raw HTML block that is only an element's closing tag. */
function closesElementAlone(segment: Segment): boolean {
  const leaf = segment.leaves[0];
  return (
    segment.leaves.length === 1 &&
    leaf !== undefined &&
    leaf.from < 0 &&
    leaf.node.type === 'html' &&
    closesElement(leaf.node as Html)
  );
}

function isContent(leaf: Leaf): boolean {
  return leaf.node.type !== 'heading' && leaf.node.type !== 'thematicBreak';
}

function topOf(leaf: Leaf): Nodes {
  return (leaf.path[0] as Nodes | undefined) ?? leaf.node;
}

/** Containers whose end an overlap may take without the rest of them (their rule allowing). */
const containerRules: Record<string, 'list' | 'table' | 'blockquote' | undefined> = {
  list: 'list',
  listItem: undefined,
  blockquote: 'blockquote',
  footnoteDefinition: undefined,
  table: 'table',
};

/**
 * Take the last segment off `pending` (opening whole containers into their children), or
 * `undefined` where an overlap must stop: another section, a heading, a thematic break, raw
 * HTML held open by a fence, a piece of a table cell.
 */
function takeSegment(
  pending: Leaf[],
  section: Section,
  state: SplitState,
  flats: Flats,
): Segment | undefined {
  for (;;) {
    const leaf = pending.pop();
    if (!leaf || leaf.section !== section) return undefined;
    const node = leaf.node;
    // Definitions render nothing: an overlap passes them by.
    if (node.type === 'definition') continue;
    if (
      leaf.path.some((parent) => parent.type === 'heading' || parent.type === 'tableCell') ||
      node.type === 'heading' ||
      node.type === 'thematicBreak'
    ) {
      return undefined;
    }
    if (leaf.from < 0 && Object.hasOwn(containerRules, node.type)) {
      const key = containerRules[node.type];
      if (!key || !state.keepsWhole(key, node)) {
        const parent = node as Parent;
        const children = (
          node.type === 'table' ? (node as Table).children.slice(1) : parent.children
        ) as Nodes[];
        const path = [...leaf.path, parent];
        for (const child of children)
          pending.push({ path, node: child, from: -1, to: -1, section });
        continue;
      }
      return wholeSegment(leaf, state);
    }
    if (node.type === 'code') return codeSegment(leaf, state);
    // A block nested too deep, split as plain text: no overlap is taken from it.
    if (isPlainText(node)) return undefined;
    if (node.type === 'html') return htmlSegment(leaf, state);
    if (node.type === 'tableRow') return wholeSegment(leaf, state);
    if (node.type === 'paragraph' && leaf.from < 0) {
      return phrasingSegment([leaf], node, leaf.path, section, state, flats);
    }
    const index = leaf.path.findIndex((parent) => parent.type === 'paragraph');
    if (index < 0) return undefined;
    const container = leaf.path[index] as Paragraph;
    const held = [leaf];
    while (pending.length > 0 && (pending[pending.length - 1] as Leaf).path[index] === container) {
      held.unshift(pending.pop() as Leaf);
    }
    return phrasingSegment(held, container, leaf.path.slice(0, index), section, state, flats);
  }
}

/** A segment that is taken whole or not at all (a table row, a node kept whole). */
function wholeSegment(leaf: Leaf, state: SplitState): Segment {
  return {
    top: topOf(leaf),
    size: state.measure.size(leaf.node),
    leaves: [leaf],
    starts: () => [],
  };
}

/**
 * The chunk's lines of a code block: an overlap starts at a line (after blank lines: an item),
 * or, when no whole line fits, after a space inside the last ones (never in the indentation),
 * or at punctuation inside a token too long for the room.
 */
function codeSegment(leaf: Leaf, state: SplitState): Segment {
  const node = leaf.node as Code;
  if (state.keepsWhole('code', node)) return wholeSegment(leaf, state);
  const value = node.value;
  const { from, to, sizeOf, size } = textSlice(leaf, value, state);
  return {
    top: topOf(leaf),
    size,
    leaves: [leaf],
    starts(room) {
      const found: Start[] = [];
      for (const { at, rank } of codeTailStarts(value, from, to)) {
        const size = sizeOf(at);
        if (size > room) break;
        found.push({ rank, size, leaves: () => [{ ...leaf, from: at, to, wordCut: false }] });
      }
      return found;
    },
  };
}

/**
 * The part `[from, to)` of a leaf's text (`value`, the text of its code or HTML node) that the
 * chunk holds, its size, and the size of its tail from an offset on.
 */
function textSlice(
  leaf: Leaf,
  value: string,
  state: SplitState,
): { from: number; to: number; sizeOf: (start: number) => number; size: number } {
  const { measure } = state;
  const from = Math.max(leaf.from, 0);
  const to = leaf.from < 0 ? value.length : leaf.to;
  const sizeOf = (start: number) =>
    measure.additive ? to - start : measure.text(value.slice(start, to));
  return { from, to, sizeOf, size: leaf.from < 0 ? measure.size(leaf.node) : sizeOf(from) };
}

/**
 * The chunk's piece of a raw HTML block: an overlap starts only where the block may be cut (a
 * piece there re-parses as HTML), and never takes HTML that a fence read line by line holds
 * open.
 */
function htmlSegment(leaf: Leaf, state: SplitState): Segment | undefined {
  const node = leaf.node as Html;
  const value = node.value;
  const { from, to, sizeOf, size } = textSlice(leaf, value, state);
  if (holdsFenceLine(value, from, to)) return undefined;
  return {
    top: topOf(leaf),
    size,
    leaves: [leaf],
    starts(room) {
      if (state.keepsWhole('html', node)) return [];
      const found: Start[] = [];
      for (const { at, rank } of htmlTailStarts(value, from, to)) {
        const size = sizeOf(at);
        if (size > room) break;
        found.push({ rank, size, leaves: () => [{ ...leaf, from: at, to }] });
      }
      return found;
    },
  };
}

/**
 * The chunk's text in one paragraph (`held`: its leaves there, in order): an overlap starts after
 * a sentence, clause, phrase or word boundary in it, never inside a link.
 */
function phrasingSegment(
  held: Leaf[],
  container: Paragraph,
  path: readonly Parent[],
  section: Section,
  state: SplitState,
  flats: Flats,
): Segment | undefined {
  let entry = flats.get(container);
  if (!entry) {
    const flat = flatten(container, [...path, container], section, state);
    entry = { flat, runs: new Map(flat.runs.map((run) => [run.node, run])) };
    flats.set(container, entry);
  }
  const { flat } = entry;
  const start = leafOffset(entry, container, held[0] as Leaf, 'start');
  const end = leafOffset(entry, container, held[held.length - 1] as Leaf, 'end');
  if (start === undefined || end === undefined || end <= start) return undefined;
  return {
    top: (path[0] as Nodes | undefined) ?? container,
    size: rangeSize(flat, start, end),
    leaves: held,
    starts: (room) =>
      phrasingTailStarts(flat, start, end, room).map(({ at, rank, size }) => ({
        rank,
        size,
        leaves: () => rangeLeaves(flat, at, end),
      })),
  };
}
