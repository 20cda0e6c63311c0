/**
 * Single- and double-quoted scalars: where one closes, over as many rows as it takes, and its
 * value (line breaks folded; `''` in single quotes, escapes in double quotes).
 *
 * @module
 */

import { decodeEscapes } from './escapes.js';
import { fail, indentOf, line, type Scanned, type State, unsupported } from './state.js';

/**
 * Where a quoted scalar closes on a line: the index of its closing `quote` at or after `from`,
 * or -1 when it goes on past the line. (Each line is scanned on its own: a string over many
 * lines is scanned once, never re-read as one growing text.)
 *
 * @param text The line.
 * @param quote `"` or `'`.
 * @param from Where to start (after the opening quote, on its line).
 * @returns The index of the closing quote, or -1.
 */
export function closingQuote(text: string, quote: string, from: number): number {
  for (let index = from; index < text.length; index++) {
    const char = text[index];
    if (quote === '"' && char === '\\') {
      index++;
      continue;
    }
    if (char === quote) {
      if (quote === "'" && text[index + 1] === "'") {
        index++;
        continue;
      }
      return index;
    }
  }
  return -1;
}

/**
 * Read a quoted scalar that opens at `column` of row `at`, perhaps over several rows (each
 * indented more than `parent`). Leaves `state.row` on its last row.
 *
 * @param state The reading.
 * @param at The row of the opening quote.
 * @param column The column of the opening quote.
 * @param parent The indentation of the node the scalar is in (-1 for none).
 * @returns The string and the column after its closing quote.
 */
export function quoted(state: State, at: number, column: number, parent: number): Scanned {
  const quote = line(state, at)[column] as string;
  const parts = [line(state, at).slice(column)];
  let last = at;
  let closing = closingQuote(parts[0] as string, quote, 1);
  while (closing === -1) {
    last++;
    if (last >= state.lines.length) fail(`a string without its closing ${quote}`, at);
    const next = line(state, last);
    if (/^ *\t/.test(next)) unsupported('a tab at the start of a line of a string', last);
    if (!/^[ \t]*$/.test(next) && indentOf(state, last) <= parent) {
      fail(`a string without its closing ${quote}`, at);
    }
    parts.push(next);
    closing = closingQuote(next, quote, 0);
  }
  state.row = last;
  const lastPart = parts.pop() as string;
  parts.push(lastPart.slice(0, closing + 1));
  const value = unquote(parts.join('\n'), at);
  return { value, end: last === at ? column + closing + 1 : closing + 1 };
}

/**
 * The value of a single- or double-quoted scalar.
 *
 * @param source The scalar with its quotes (its rows joined by `\n`).
 * @param at The row it starts on, for errors.
 * @returns The string.
 */
export function unquote(source: string, at: number): string {
  const rows = source.slice(1, -1).split('\n');
  if (source[0] === "'") return foldFlowLines(rows).replace(/''/g, "'");
  return unquoteDouble(rows, at);
}

/**
 * The value of a double-quoted scalar: line breaks fold (one to a space, blank rows to breaks),
 * except after an escaping `\`, which joins the next row without a break.
 *
 * @param rows The rows between the quotes.
 * @param at The row it starts on, for errors.
 * @returns The string.
 */
function unquoteDouble(rows: string[], at: number): string {
  const last = rows.length - 1;
  const escaped = (index: number) =>
    index < last && /(?:^|[^\\])(?:\\\\)*\\$/.test(rows[index] as string);
  const content = (index: number) => {
    let text = rows[index] as string;
    if (index > 0) text = text.replace(/^[ \t]+/, '');
    if (escaped(index)) return text.slice(0, -1);
    if (index < last) text = trimUnescaped(text);
    return text;
  };
  let out = decodeEscapes(content(0), at);
  let index = 0;
  while (index < last) {
    if (escaped(index)) {
      index++;
      out += decodeEscapes(content(index), at);
      continue;
    }
    let next = index + 1;
    let blanks = 0;
    while (next < last && content(next) === '' && !escaped(next)) {
      blanks++;
      next++;
    }
    out += blanks > 0 ? '\n'.repeat(blanks) : ' ';
    index = next;
    out += decodeEscapes(content(index), at);
  }
  return out;
}

/** Drop the white space at the end of a line, but not an escaped space or tab (`\\ `). */
function trimUnescaped(text: string): string {
  const trimmed = text.replace(/[ \t]+$/, '');
  if (trimmed.length === text.length) return text;
  const backslashes = /\\*$/.exec(trimmed)?.[0].length ?? 0;
  return backslashes % 2 === 1 ? text.slice(0, trimmed.length + 1) : trimmed;
}

/** Fold the rows of a multi-line flow scalar: one break is a space, blank rows are breaks. */
function foldFlowLines(rows: string[]): string {
  let out = '';
  let blanks = 0;
  rows.forEach((raw, index) => {
    let part = raw;
    if (index > 0) part = part.replace(/^[ \t]+/, '');
    if (index < rows.length - 1) part = part.replace(/[ \t]+$/, '');
    if (index > 0 && part === '' && index < rows.length - 1) {
      blanks++;
      return;
    }
    if (index > 0) out += blanks === 0 ? ' ' : '\n'.repeat(blanks);
    blanks = 0;
    out += part;
  });
  return out;
}
