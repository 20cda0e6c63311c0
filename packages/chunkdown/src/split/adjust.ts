import type { Heading, Nodes, Paragraph, Parent } from 'mdast';
import { sentenceTail } from './inline.js';
import type { Draft } from './pack.js';
import type { Leaf, SplitState } from './types.js';

/**
 * Merge chunks smaller than `minChunkSize` into a neighbour (the one in the same section first)
 * when the merged chunk stays within `maxSize`.
 *
 * @param drafts
 *   Packed drafts, in order.
 * @param minChunkSize
 *   Smallest size a chunk should have.
 * @param maxSize
 *   Largest size a merged chunk may have.
 * @returns
 *   The drafts after merging.
 */
export function mergeSmall(
  drafts: readonly Draft[],
  minChunkSize: number,
  maxSize: number,
): Draft[] {
  const result = drafts.map((draft) => ({ ...draft, leaves: [...draft.leaves] }));
  for (let index = 0; index < result.length; ) {
    const draft = result[index] as Draft;
    if (draft.size >= minChunkSize || result.length < 2) {
      index++;
      continue;
    }
    const previous = result[index - 1];
    const next = result[index + 1];
    const fitsPrevious = previous !== undefined && previous.size + draft.size <= maxSize;
    const fitsNext = next !== undefined && next.size + draft.size <= maxSize;
    const sameAsPrevious =
      fitsPrevious && sectionOf(previous, 'last') === sectionOf(draft, 'first');
    const sameAsNext = fitsNext && sectionOf(next, 'first') === sectionOf(draft, 'last');
    const intoPrevious = sameAsPrevious || (fitsPrevious && !sameAsNext);
    if (intoPrevious && previous) {
      previous.leaves.push(...draft.leaves);
      previous.size += draft.size;
      previous.overflow ??= draft.overflow;
      result.splice(index, 1);
    } else if (fitsNext && next) {
      next.leaves.unshift(...draft.leaves);
      next.size += draft.size;
      next.overflow ??= draft.overflow;
      result.splice(index, 1);
    } else {
      index++;
    }
  }
  return result;
}

function sectionOf(draft: Draft, side: 'first' | 'last'): unknown {
  const leaf = side === 'first' ? draft.leaves[0] : draft.leaves[draft.leaves.length - 1];
  return leaf?.section;
}

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
