/**
 * Fences as a line-by-line reader sees them (a person, another markdown dialect, a checker):
 * container prefixes stripped, any indentation. CommonMark sees fewer fences (not inside an HTML
 * block, not indented four spaces); chunks are kept balanced for both.
 */

/** An open fence: its character and length. */
export interface OpenFence {
  char: string;
  length: number;
  /** The opening line's info string (`js title="a.js"`), trimmed. */
  info?: string;
}

/**
 * The fence open after reading `text` line by line, starting with `from` open.
 *
 * @param text
 *   Lines of markdown.
 * @param from
 *   The fence open before them, if any.
 * @returns
 *   The fence open after them, if any.
 */
export function scanFences(text: string, from?: OpenFence): OpenFence | undefined {
  let fence = from;
  let start = 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const line = stripContainers(text.slice(start, end).replace(/\r$/, ''));
    start = end + 1;
    const match = /^(`{3,}|~{3,})(.*)$/.exec(line);
    if (!match) continue;
    const marker = match[1] as string;
    const rest = match[2] as string;
    if (!fence) {
      // A backtick fence's info string cannot hold a backtick (that is inline code).
      if (marker[0] === '`' && rest.includes('`')) continue;
      fence = { char: marker[0] as string, length: marker.length, info: rest.trim() };
    } else if (marker[0] === fence.char && marker.length >= fence.length && rest.trim() === '') {
      fence = undefined;
    }
  }
  return fence;
}

/** Whether text holds a line that a line-by-line reader takes for a fence. */
export function hasFenceLines(text: string): boolean {
  return /^[ \t>*+\-\d.)]*(?:`{3,}|~{3,})/m.test(text);
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
