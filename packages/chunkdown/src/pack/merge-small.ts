import type { Draft } from './pack.js';

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
