/**
 * MyST directive fences as MyST (markdown-it) reads a chunk, line by line and without chunkdown's
 * parser: a fence of backticks, tildes or colons runs to the first line of its character alone at
 * least as long; a directive's body (`{name}` after the fence) is read again inside, code is not.
 * Block quote and list markers in front of a line are skipped.
 *
 * @param text
 *   Markdown of one chunk (or a document).
 * @returns
 *   The fences left open (each as its opening line).
 */
export function openMystFences(text: string): string[] {
  const lines = text
    .split(/\r?\n|\r/)
    .map((line) => line.replace(/^(?:[ \t]*(?:>|(?:[-+*]|\d{1,9}[.)])(?=[ \t])))*[ \t]*/, ''));
  const open: string[] = [];
  const read = (from: number, to: number): void => {
    let index = from;
    while (index < to) {
      const fence = /^(`{3,}|~{3,}|:{3,})(.*)$/.exec(lines[index] as string);
      if (!fence) {
        index++;
        continue;
      }
      const marks = fence[1] as string;
      const info = fence[2] as string;
      if (marks.startsWith('`') && info.includes('`')) {
        index++;
        continue;
      }
      let close = -1;
      for (let at = index + 1; at < to && close === -1; at++) {
        const line = lines[at] as string;
        let length = 0;
        while (line.charAt(length) === marks.charAt(0)) length++;
        if (length >= marks.length && line.slice(length).trim() === '') close = at;
      }
      if (close === -1) {
        open.push(lines[index] as string);
        return;
      }
      if (/^[ \t]*\{[A-Za-z][\w.:+-]*(?:[ \t]+[^{}]*)?\}/.test(info)) read(index + 1, close);
      index = close + 1;
    }
  };
  read(0, lines.length);
  return open;
}
