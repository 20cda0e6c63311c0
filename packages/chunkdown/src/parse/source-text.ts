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

/**
 * The text outside fenced code: every line of fenced code left empty, the others as they are
 * (offsets move; line numbers stay). What a page shows in its code blocks (`<div class="x">` on
 * a page that teaches JSX, `style={{ width: 250 }}` in its examples) tells nothing about the
 * dialect its prose is written in. Ask for it through `source.once(textOutsideCode)`, found once.
 *
 * @param source
 *   The text.
 * @returns
 *   Its lines outside code, joined by `\n`.
 */
export function textOutsideCode(source: SourceText): string {
  const { text } = source;
  const kept: string[] = [];
  for (const line of source.lines()) kept.push(line.code ? '' : text.slice(line.start, line.end));
  return kept.join('\n');
}

/**
 * The prose of a text: {@link textOutsideCode} with its code spans left out as well (a run of
 * backticks, what it holds on that line, and a run of as many). A page that names
 * `<!-- [!code ++] -->` or bash's `[[ -f x ]]` in backticks writes neither an HTML comment nor a
 * wikilink. Ask for it through `source.once(proseOutsideCode)`, found once.
 *
 * @param source
 *   The text.
 * @returns
 *   Its lines outside fenced code, without their code spans, joined by `\n`.
 */
export function proseOutsideCode(source: SourceText): string {
  return source.once(textOutsideCode).replace(codeSpan, '');
}

/** A code span on one line: a run of backticks, the least text, and a run of as many. */
const codeSpan = /(?<!`)(`+)(?!`)[^\n]*?(?<!`)\1(?!`)/g;
