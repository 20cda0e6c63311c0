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
  // Searched within the blocks' own stretch of the source, so that nested blocks are not
  // searched past their parent.
  const base = blocks[0]?.position?.start.offset ?? 0;
  const stretch = source.slice(base, blocks.at(-1)?.position?.end.offset ?? source.length);
  const backticks = nextRun(stretch, '```', base);
  const tildes = nextRun(stretch, '~~~', base);
  for (const block of blocks) {
    const start = block.position?.start.offset;
    const end = block.position?.end.offset;
    // A block without a position (made by a transform) ends any region.
    if (start === undefined || end === undefined) fence = undefined;
    // With no fence open, a block without three backticks or tildes in a row leaves none open.
    else if (fence || backticks(start) + 3 <= end || tildes(start) + 3 <= end) {
      fence = scanFences(source.slice(start, end), fence);
    }
    open.push(fence !== undefined);
  }
  return open;
}

/**
 * Where `run` next occurs in `text` (which starts at offset `base` of the source) at or after a
 * source offset (`Infinity`: nowhere), for offsets asked in increasing order: each part of the
 * text is searched once.
 */
function nextRun(text: string, run: string, base: number): (from: number) => number {
  let found = Number.NEGATIVE_INFINITY;
  return (from) => {
    if (found !== Number.POSITIVE_INFINITY && found < from) {
      const at = text.indexOf(run, Math.max(0, from - base));
      found = at === -1 ? Number.POSITIVE_INFINITY : at + base;
    }
    return found;
  };
}
