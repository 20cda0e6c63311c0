import { type SourceLine, sourceLines } from './source-lines.js';

/**
 * A text as the dialects read it, for one split (or one segment, or one container's body): the
 * text, its lines split once on the first question, and what the dialects' scanners found in it,
 * each found once and shared by every dialect's `detect`, `scan` and `spans`.
 */
export interface SourceText {
  /** The text. */
  readonly text: string;
  /** Its lines ({@link sourceLines}), split on the first call. */
  lines(): readonly SourceLine[];
  /**
   * What `find` finds in the text, found on the first call with that `find` and kept for the
   * next ones (a dialect's scan, which its `detect`, `scan` and `spans` all ask for). What it
   * returns is shared: callers do not change it.
   */
  once<T>(find: (source: SourceText) => T): T;
}

/**
 * A text for the dialects to read: its lines are split, and each scanner run, at most once.
 *
 * @param text
 *   The text.
 * @returns
 *   The source.
 */
export function sourceText(text: string): SourceText {
  let lines: SourceLine[] | undefined;
  const found = new Map<(source: SourceText) => unknown, unknown>();
  const source: SourceText = {
    text,
    lines: () => {
      lines ??= sourceLines(text);
      return lines;
    },
    once<T>(find: (source: SourceText) => T): T {
      if (!found.has(find)) found.set(find, find(source));
      return found.get(find) as T;
    },
  };
  return source;
}
