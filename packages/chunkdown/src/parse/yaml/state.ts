/**
 * What every part of the front matter reader shares: the rows of the block and the row being
 * read (one {@link State} per reading, passed to each function), the questions asked about a
 * row (its text, whether it is blank or a comment, its indentation, the next row with content),
 * and the ways a reading stops (an error, or YAML the reader does not read).
 *
 * @module
 */

/** Thrown inside the reader; its message becomes the `error` of the reading. */
export class Stop extends Error {}

/** The reading of one block, shared by every function of the reader. */
export interface State {
  /**
   * The rows of the block. A compact sequence entry (`- key: value`) has its `-` overwritten
   * with a space, so that the rest of its row reads as a node at its own column.
   */
  readonly lines: string[];
  /** The row being read: after a value, the last row the value took (or the row after it). */
  row: number;
}

/** A value read from a row, and the column after it (on the last row it takes). */
export interface Scanned {
  /** The value. */
  value: unknown;
  /** Column after the value. */
  end: number;
}

/**
 * Stop the reading on an error.
 *
 * @param message What is wrong (the row is added).
 * @param at The row (0-based; the message names it 1-based).
 * @returns Never: it throws a {@link Stop}.
 */
export function fail(message: string, at: number): never {
  throw new Stop(`${message} at line ${at + 1}`);
}

/**
 * Stop the reading on YAML the reader does not read (which may be valid YAML).
 *
 * @param what The construct, as `a tag`.
 * @param at The row (0-based).
 * @returns Never: it throws a {@link Stop}.
 */
export function unsupported(what: string, at: number): never {
  throw new Stop(
    `${what} at line ${at + 1} is YAML that chunkdown's front matter reader does not read; parse \`raw\` with a YAML parser`,
  );
}

/**
 * Stop on the node property that `char` starts (`&` an anchor, `*` an alias, `!` a tag).
 *
 * @param char `&`, `*` or `!`.
 * @param at The row (0-based).
 * @returns Never: it throws a {@link Stop}.
 */
export function unsupportedProperty(char: string, at: number): never {
  return unsupported(char === '&' ? 'an anchor' : char === '*' ? 'an alias' : 'a tag', at);
}

/**
 * Stop on a structure error, unless row `at` starts with a construct the reader does not read
 * (then the structure may be valid YAML after all, and that is what the error says).
 *
 * @param state The reading.
 * @param message What is wrong.
 * @param at The row (0-based).
 * @returns Never: it throws a {@link Stop}.
 */
export function refuse(state: State, message: string, at: number): never {
  const start = line(state, at).replace(/^[ \t]+/, '');
  const construct = /^\?(?:[ \t]|$)/.test(start)
    ? 'a complex key'
    : /^:(?:[ \t]|$)/.test(start)
      ? 'an empty key'
      : /^[&*!]/.test(start)
        ? 'an anchor, alias or tag'
        : undefined;
  if (construct) unsupported(construct, at);
  return fail(message, at);
}

/**
 * The text of a row.
 *
 * @param state The reading.
 * @param at The row (0-based).
 * @returns Its text; `''` past the last row.
 */
export function line(state: State, at: number): string {
  return state.lines[at] ?? '';
}

/**
 * Whether a row holds only spaces and tabs (or nothing).
 *
 * @param state The reading.
 * @param at The row.
 * @returns `true` for a blank row.
 */
export function isBlank(state: State, at: number): boolean {
  return /^[ \t]*$/.test(line(state, at));
}

/**
 * Whether a row is a comment line (`#` after its indentation).
 *
 * @param state The reading.
 * @param at The row.
 * @returns `true` for a comment line.
 */
export function isComment(state: State, at: number): boolean {
  return /^[ \t]*#/.test(line(state, at));
}

/**
 * The next row with content (neither blank nor a comment line), from `from` on. A blank row
 * with a tab on the way is not read.
 *
 * @param state The reading.
 * @param from The first row to look at.
 * @returns The row, or -1 when none is left.
 */
export function nextContent(state: State, from: number): number {
  for (let at = from; at < state.lines.length; at++) {
    if (isBlank(state, at)) {
      if (line(state, at).includes('\t')) unsupported('a blank line with a tab', at);
      continue;
    }
    if (!isComment(state, at)) return at;
  }
  return -1;
}

/**
 * The spaces before the content of a row; a tab there is not read.
 *
 * @param state The reading.
 * @param at The row.
 * @returns The number of spaces.
 */
export function indentOf(state: State, at: number): number {
  const text = line(state, at);
  const spaces = /^ */.exec(text)?.[0].length ?? 0;
  if (text[spaces] === '\t') unsupported('a tab before content', at);
  return spaces;
}

/**
 * Check that only spaces and a comment follow a value on its row.
 *
 * @param state The reading.
 * @param at The row.
 * @param end The column after the value.
 */
export function expectLineEnd(state: State, at: number, end: number): void {
  const rest = line(state, at).slice(end);
  if (!/^(?:[ \t]+#.*)?[ \t]*$/.test(rest)) fail('unexpected text after a value', at);
}
