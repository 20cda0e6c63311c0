import type { Heading, Nodes, Paragraph, Parent } from 'mdast';
import type { Section } from '../sections.js';
import { flatten, leafOffset, type PhrasingContainer, rangeLeaves, rangeSize } from './flatten.js';
import { SENTENCE } from './levels.js';
import type { Draft } from './pack.js';
import { boundaries } from './text-boundaries.js';
import type { Leaf, SplitState } from './types.js';

/** A draft with the leaves it repeats from the chunk before it. */
export interface OverlappedDraft extends Draft {
  /** How many of the first leaves are overlap. */
  overlap: number;
}

/**
 * Start each chunk with whole sentences from the end of the chunk before it, up to `budget`,
 * when both are in the same section and the previous chunk ends in a paragraph or heading.
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
  return drafts.map((draft, index) => {
    const previous = drafts[index - 1];
    const first = draft.leaves[0];
    const last = previous?.leaves[previous.leaves.length - 1];
    if (budget <= 0 || !previous || !first || !last || last.section !== first.section) {
      return { ...draft, overlap: 0 };
    }
    const found = phrasingContainer(last);
    if (!found) return { ...draft, overlap: 0 };
    const { container, path } = found;
    const inContainer = (leaf: Leaf) =>
      leaf.node === container || leaf.path.includes(container as Parent);
    const from = previous.leaves.find(inContainer);
    const tail = sentenceTail(
      container,
      path,
      last.section,
      state,
      from && from.node !== container ? from : undefined,
      last.node !== container ? last : undefined,
      budget,
    );
    if (tail.length === 0) return { ...draft, overlap: 0 };
    return { ...draft, leaves: [...tail, ...draft.leaves], overlap: tail.length };
  });
}

/** The paragraph or heading a leaf is (or sits in), and the path to it. */
function phrasingContainer(
  leaf: Leaf,
): { container: Paragraph | Heading; path: readonly Parent[] } | undefined {
  const node = leaf.node as Nodes;
  if (node.type === 'paragraph' || node.type === 'heading')
    return { container: node, path: leaf.path };
  for (let index = leaf.path.length - 1; index >= 0; index--) {
    const ancestor = leaf.path[index] as Nodes;
    if (ancestor.type === 'tableCell' || ancestor.type === 'tableRow') return undefined;
    if (ancestor.type === 'paragraph' || ancestor.type === 'heading') {
      return { container: ancestor, path: leaf.path.slice(0, index) };
    }
  }
  return undefined;
}

/**
 * The whole sentences at the end of a chunk's text in one paragraph (or heading), up to `budget`:
 * what `overlap` repeats at the start of the next chunk. Never a part of a sentence, a word or a
 * link; never the chunk's whole text in that paragraph.
 *
 * @param container
 *   The paragraph or heading the chunk ends in.
 * @param path
 *   Its ancestors.
 * @param section
 *   Its section.
 * @param state
 *   Split state.
 * @param from
 *   Where the chunk's text in the container starts: a leaf of it, or `undefined` for the start.
 * @param to
 *   The chunk's last leaf in the container, or `undefined` for the container's end.
 * @param budget
 *   The most the sentences may measure.
 * @returns
 *   Leaves of the sentences, or none.
 */
function sentenceTail(
  container: PhrasingContainer,
  path: readonly Parent[],
  section: Section,
  state: SplitState,
  from: Leaf | undefined,
  to: Leaf | undefined,
  budget: number,
): Leaf[] {
  const flat = flatten(container, [...path, container], section, state);
  const start = from ? leafOffset(flat, from, 'start') : 0;
  const end = to ? leafOffset(flat, to, 'end') : flat.text.length;
  if (start === undefined || end === undefined || end <= start) return [];
  const spans = boundaries(flat.text, start, end, SENTENCE);
  let chosen: number | undefined;
  for (let k = spans.length - 1; k >= 1; k -= 2) {
    const candidate = spans[k] as number;
    if (candidate <= start || candidate >= end) continue;
    if (rangeSize(flat, candidate, end) > budget) break;
    chosen = candidate;
  }
  return chosen === undefined ? [] : rangeLeaves(flat, chosen, end);
}
