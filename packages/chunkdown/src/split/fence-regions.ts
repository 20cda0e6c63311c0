import type { Nodes } from 'mdast';

/**
 * Where a run of blocks must stay together because a fence, read line by line, stays open
 * between them. Markdown written for MDX or another dialect can hold a fence that CommonMark
 * does not see as one: a ```` ```js ```` line inside a raw HTML block, closed in an indented
 * code block or another HTML block further on. CommonMark splits such a region into several
 * blocks; a chunk boundary between them leaves a fence open for anyone who reads the chunk line
 * by line (a reader, another markdown dialect, a checker). Lines are read as such a reader does:
 * block quote markers, list markers and indentation stripped.
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
  let fence: { char: string; length: number } | undefined;
  for (const block of blocks) {
    const start = block.position?.start.offset;
    const end = block.position?.end.offset;
    // A block without a position (made by a transform) ends any region.
    fence = start === undefined || end === undefined ? undefined : scan(source, start, end, fence);
    open.push(fence !== undefined);
  }
  return open;
}

/** Read the lines of `[start, end)` for fences, from the state `fence`; the state after them. */
function scan(
  source: string,
  start: number,
  end: number,
  from: { char: string; length: number } | undefined,
): { char: string; length: number } | undefined {
  let fence = from;
  for (const line of source.slice(start, end).split('\n')) {
    const match = /^(`{3,}|~{3,})(.*)$/.exec(stripContainers(line.replace(/\r$/, '')));
    if (!match) continue;
    const marker = match[1] as string;
    const rest = match[2] as string;
    if (!fence) {
      // A backtick fence's info string cannot hold a backtick (that is inline code).
      if (marker[0] === '`' && rest.includes('`')) continue;
      fence = { char: marker[0] as string, length: marker.length };
    } else if (marker[0] === fence.char && marker.length >= fence.length && rest.trim() === '') {
      fence = undefined;
    }
  }
  return fence;
}

/** A line without its container prefix (block quote markers, list markers, indentation). */
function stripContainers(line: string): string {
  let index = 0;
  for (;;) {
    const start = index;
    while (line[index] === ' ' || line[index] === '\t') index++;
    if (line[index] === '>') index++;
    else if (
      '*+-'.includes(line[index] ?? '') &&
      (line[index + 1] === ' ' || line[index + 1] === '\t')
    )
      index += 2;
    else {
      const digits = /^\d{1,9}[.)][ \t]/.exec(line.slice(index, index + 12));
      if (digits) index += digits[0].length;
    }
    if (index === start) return line.slice(index);
  }
}
