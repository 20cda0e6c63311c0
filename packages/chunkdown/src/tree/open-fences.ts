import type { Nodes } from 'mdast';
import { type OpenFence, scanFences } from '../util/fence-lines.js';

/**
 * Where a run of blocks must stay together because a fence, read line by line, stays open
 * between them. Markdown written for MDX or another dialect can hold a fence that CommonMark
 * does not see as one: a ```` ```js ```` line inside a raw HTML block, closed in an indented
 * code block or another HTML block further on. CommonMark splits such a region into several
 * blocks; a chunk boundary between them leaves a fence open for anyone who reads the chunk line
 * by line (`fence-lines.ts`).
 *
 * @param blocks
 *   Sibling blocks, in order.
 * @param source
 *   The document the blocks' positions point into.
 * @returns
 *   For each block, whether a fence is still open at its end (it goes with the next block).
 */
export function openFences(blocks: readonly Nodes[], source: string): boolean[] {
  const open: boolean[] = [];
  let fence: OpenFence | undefined;
  for (const block of blocks) {
    const start = block.position?.start.offset;
    const end = block.position?.end.offset;
    // A block without a position (made by a transform) ends any region.
    fence =
      start === undefined || end === undefined
        ? undefined
        : scanFences(source.slice(start, end), fence);
    open.push(fence !== undefined);
  }
  return open;
}
