/**
 * The lines of a document as the line scanners of the dialects read them: each with its container
 * prefix (indentation, block quote and list markers) apart from its text, and whether it is code (inside
 * a fenced code block, or one of its fences), where no dialect line counts.
 */

/** One line of a document. */
export interface SourceLine {
  /** Offset where the line starts. */
  start: number;
  /** Offset where its text starts, after indentation and `>` markers. */
  textStart: number;
  /** Offset where it ends, before its line ending. */
  end: number;
  /** Its text after the prefix. */
  text: string;
  /**
   * The column its text starts at (tabs to the next multiple of 4, list markers counted),
   * counted from the last `>` marker.
   */
  indent: number;
  /** Whether it is a line of fenced code (or a fence). */
  code: boolean;
  /** Whether it holds nothing but whitespace (and `>` markers). */
  blank: boolean;
}

/** A list marker and the spaces after it (not an empty item). */
const listMarker = /^(?:[-+*]|\d{1,9}[.)])[ \t]+(?=\S)/;
/** A thematic break (`* * *`, `---`), which starts with what looks like a list marker. */
const thematicBreak = /^(?:([-*_])[ \t]*)(?:\1[ \t]*){2,}$/;

/**
 * Split a document into lines for the dialect scanners.
 *
 * @param markdown
 *   The document.
 * @returns
 *   Its lines, in order.
 */
export function sourceLines(markdown: string): SourceLine[] {
  const lines: SourceLine[] = [];
  let fence: { char: string; length: number } | undefined;
  let start = 0;
  while (start <= markdown.length) {
    let end = markdown.indexOf('\n', start);
    if (end === -1) end = markdown.length;
    const next = end + 1;
    if (end > start && markdown.charCodeAt(end - 1) === 13) end--;
    let textStart = start;
    let indent = 0;
    for (; textStart < end; textStart++) {
      const code = markdown.charCodeAt(textStart);
      if (code === 32) indent++;
      else if (code === 9) indent += 4 - (indent % 4);
      else if (code === 62) indent = 0;
      else {
        // A list marker (`- `, `1. `): the item's text starts after it, at the column it sets.
        const marker = listMarker.exec(markdown.slice(textStart, Math.min(end, textStart + 12)));
        if (!marker || thematicBreak.test(markdown.slice(textStart, end))) break;
        indent += marker[0].length;
        textStart += marker[0].length - 1;
      }
    }
    const text = markdown.slice(textStart, end);
    const marker = /^(`{3,}|~{3,})(.*)$/.exec(text);
    let code = fence !== undefined;
    if (fence) {
      if (
        marker &&
        marker[1]?.[0] === fence.char &&
        (marker[1]?.length ?? 0) >= fence.length &&
        (marker[2] ?? '').trim() === ''
      )
        fence = undefined;
    } else if (marker && !(marker[1]?.[0] === '`' && marker[2]?.includes('`'))) {
      fence = { char: marker[1]?.[0] as string, length: marker[1]?.length ?? 3 };
      code = true;
    }
    lines.push({ start, textStart, end, text, indent, code, blank: text.trim() === '' });
    if (next > markdown.length) break;
    start = next;
  }
  return lines;
}
