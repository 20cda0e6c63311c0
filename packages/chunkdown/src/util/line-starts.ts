/** Lines of a text: where they start and end (`\n`, `\r\n` and `\r` end a line), and which holds an offset. */

import { firstIndexAtLeast } from './sorted.js';

/**
 * The offsets where the lines of a text start (`\n`, `\r\n` and `\r` end a line), the first at 0.
 *
 * @param text
 *   The text.
 * @returns
 *   Increasing offsets.
 */
export function lineStarts(text: string): number[] {
  const starts = [0];
  if (!text.includes('\r')) {
    // Only `\n` ends lines: found by the engine's search, not character by character.
    for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
      starts.push(at + 1);
    }
    return starts;
  }
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 10) starts.push(index + 1);
    else if (code === 13) {
      if (text.charCodeAt(index + 1) === 10) index++;
      starts.push(index + 1);
    }
  }
  return starts;
}

/**
 * The end of a line's content, before its line ending.
 *
 * @param text
 *   The text.
 * @param starts
 *   Its line starts ({@link lineStarts}).
 * @param line
 *   A line index (0-based).
 * @returns
 *   An offset.
 */
export function lineEnd(text: string, starts: readonly number[], line: number): number {
  let end = line + 1 < starts.length ? (starts[line + 1] as number) : text.length;
  if (end > (starts[line] as number) && text.charCodeAt(end - 1) === 10) end--;
  if (end > (starts[line] as number) && text.charCodeAt(end - 1) === 13) end--;
  return end;
}

/**
 * The index of the line that holds an offset (binary search).
 *
 * @param starts
 *   Line starts.
 * @param offset
 *   An offset.
 * @returns
 *   A line index (0-based).
 */
export function lineIndex(starts: readonly number[], offset: number): number {
  return Math.max(0, firstIndexAtLeast(starts, offset + 1) - 1);
}
