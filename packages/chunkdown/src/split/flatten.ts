import type { Heading, Nodes, Paragraph, Parent, TableCell } from 'mdast';
import type { Section } from '../tree/sections.js';
import type { Leaf, SplitState } from './types.js';

/** Stand-in for a node kept whole (link, image, inline code, …) in the flattened text. */
const ATOM = '\uFFFC';
/** Stand-in for a hard line break: whitespace, so it is a boundary and never a chunk's edge. */
const BREAK = '\u2028';

/** A stretch of the flattened text: a sliceable literal, or a node kept whole. */
export interface Run {
  path: readonly Parent[];
  node: Nodes;
  start: number;
  length: number;
  /** The text of a sliceable node (`value`, or `alt` of an image); `undefined` for a whole node. */
  text: string | undefined;
  /** Size of a whole node. */
  size: number;
}

/** Phrasing content flattened to one string, so boundaries can be found across nodes. */
export interface Flat {
  text: string;
  runs: Run[];
  section: Section;
  state: SplitState;
}

/** A node whose children are phrasing content. */
export type PhrasingContainer = Paragraph | Heading | TableCell;

/**
 * Flatten the phrasing content of a container into one string: text and the text of inline code
 * and alt text that may be cut go in as they are, a node kept whole by its rule (or a link or
 * image that fits a chunk) as one stand-in character, a hard break as a line separator.
 *
 * @param container
 *   The paragraph, heading or table cell.
 * @param path
 *   Its ancestors and itself.
 * @param section
 *   Its section.
 * @param state
 *   Split state (rules and sizes).
 * @returns
 *   The flattened text and its runs.
 */
export function flatten(
  container: PhrasingContainer,
  path: readonly Parent[],
  section: Section,
  state: SplitState,
): Flat {
  const parts: string[] = [];
  const runs: Run[] = [];
  let offset = 0;

  const push = (
    runPath: readonly Parent[],
    node: Nodes,
    text: string | undefined,
    size: number,
    stand: string,
  ) => {
    const value = text ?? stand;
    if (value.length === 0) return;
    runs.push({ path: runPath, node, start: offset, length: value.length, text, size });
    parts.push(value);
    offset += value.length;
  };
  const atom = (runPath: readonly Parent[], node: Nodes) =>
    push(runPath, node, undefined, state.measure.size(node), ATOM);
  // A link or image that may be split is still kept whole while it fits a chunk: its pieces would
  // be two links (or images) of one.
  const fits = (node: Nodes) => state.measure.size(node) <= state.options.maxSize;

  const visit = (children: readonly Nodes[], runPath: readonly Parent[]) => {
    for (const child of children) {
      switch (child.type) {
        case 'text':
          push(runPath, child, child.value, 0, '');
          break;
        case 'strong':
        case 'emphasis':
        case 'delete':
          if (state.keepsWhole(child.type, child)) atom(runPath, child);
          else visit(child.children, [...runPath, child]);
          break;
        case 'link':
        case 'linkReference':
          if (state.keepsWhole('link', child) || fits(child)) atom(runPath, child);
          else visit(child.children, [...runPath, child]);
          break;
        case 'inlineCode':
          if (state.keepsWhole('inlineCode', child)) atom(runPath, child);
          else push(runPath, child, child.value, 0, '');
          break;
        case 'image':
        case 'imageReference':
          if (state.keepsWhole('image', child) || !child.alt || fits(child)) atom(runPath, child);
          else push(runPath, child, child.alt, 0, '');
          break;
        case 'break':
          push(runPath, child, undefined, 0, BREAK);
          break;
        case 'obsidianBlockId':
          // A block id (`^abc123`) stays with its line: the space before it is no boundary.
          glueTrailingSpace(parts);
          atom(runPath, child);
          break;
        default:
          atom(runPath, child);
      }
    }
  };
  visit(container.children as Nodes[], path);
  return { text: parts.join(''), runs, section, state };
}

/** Make the whitespace that ends the flattened text so far no boundary (a no-break space). */
function glueTrailingSpace(parts: string[]): void {
  const last = parts.length - 1;
  const part = parts[last];
  if (part === undefined) return;
  const trimmed = part.replace(/[ \t]+$/, '');
  if (trimmed.length < part.length)
    parts[last] = trimmed + '\u00A0'.repeat(part.length - trimmed.length);
}

/**
 * Content size of `[a, b)` of the flattened text: the text in it, and the nodes kept whole that
 * start in it.
 *
 * @param flat
 *   The flattened text.
 * @param a
 *   Start offset.
 * @param b
 *   End offset.
 * @returns
 *   The size, in the size unit.
 */
export function rangeSize(flat: Flat, a: number, b: number): number {
  const { runs, state } = flat;
  const additive = state.measure.additive;
  let size = 0;
  for (let r = runAt(runs, a); r < runs.length; r++) {
    const run = runs[r] as Run;
    if (run.start >= b) break;
    if (run.text === undefined) {
      if (run.start >= a) size += run.size;
      continue;
    }
    const from = Math.max(a - run.start, 0);
    const to = Math.min(b - run.start, run.length);
    if (to > from) size += additive ? to - from : state.measure.text(run.text.slice(from, to));
  }
  return size;
}

/**
 * The leaves of `[a, b)` of the flattened text: slices of the texts it cuts, whole nodes.
 *
 * @param flat
 *   The flattened text.
 * @param a
 *   Start offset.
 * @param b
 *   End offset.
 * @returns
 *   Leaves, in order.
 */
export function rangeLeaves(flat: Flat, a: number, b: number): Leaf[] {
  const { runs, section } = flat;
  const leaves: Leaf[] = [];
  for (let r = runAt(runs, a); r < runs.length; r++) {
    const run = runs[r] as Run;
    if (run.start >= b) break;
    if (run.text === undefined) {
      if (run.start >= a)
        leaves.push({ path: run.path, node: run.node, from: -1, to: -1, section });
      continue;
    }
    const from = Math.max(a - run.start, 0);
    const to = Math.min(b - run.start, run.length);
    if (to <= from) continue;
    const whole = from === 0 && to === run.length;
    leaves.push({
      path: run.path,
      node: run.node,
      from: whole ? -1 : from,
      to: whole ? -1 : to,
      section,
    });
  }
  return leaves;
}

/** Index of the run that holds offset `at` (binary search). */
export function runAt(runs: readonly Run[], at: number): number {
  let low = 0;
  let high = runs.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((runs[middle] as Run).start <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Offset in the flattened text where a leaf starts or ends.
 *
 * @param flat
 *   The flattened text.
 * @param leaf
 *   A leaf of the container.
 * @param side
 *   Which end.
 * @returns
 *   The offset, or `undefined` when the leaf is not in the container.
 */
export function leafOffset(flat: Flat, leaf: Leaf, side: 'start' | 'end'): number | undefined {
  for (const run of flat.runs) {
    if (run.node !== leaf.node) continue;
    if (leaf.from < 0) return side === 'start' ? run.start : run.start + run.length;
    return run.start + (side === 'start' ? leaf.from : leaf.to);
  }
  return undefined;
}
