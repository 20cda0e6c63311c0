/**
 * Plain (unquoted) scalars: which characters may start one, where one ends on its row (a
 * comment, a flow indicator), and a plain scalar in block context folded over the rows that
 * continue it.
 *
 * @module
 */

import { resolvePlain } from './core-schema.js';
import {
  fail,
  indentOf,
  isBlank,
  isComment,
  line,
  type Scanned,
  type State,
  unsupported,
} from './state.js';

/** Characters that cannot start a plain scalar (besides `-`, `?` and `:` before a space). */
export const indicators: ReadonlySet<string> = new Set([...',[]{}#&*!|>\'"%@`']);
/** Characters that end a plain scalar in a flow collection. */
export const flowIndicators: ReadonlySet<string> = new Set([...',[]{}']);

/** A plain scalar's run on one row. */
export interface PlainRun {
  /** The scalar, without the white space after it. */
  text: string;
  /** The column after its last character that is not white space. */
  end: number;
  /** Whether a comment (` #`) ended it. */
  comment: boolean;
}

/**
 * Refuse what cannot start a plain scalar (or starts a construct the reader does not read).
 *
 * @param text The row.
 * @param column Where the scalar would start.
 * @param at The row's number, for errors.
 * @param inFlow Whether the scalar is in a flow collection (where `-` before `,` is lone too).
 */
export function checkPlainStart(text: string, column: number, at: number, inFlow = false): void {
  const char = text[column] as string;
  if (char === '?' && /^\?(?:[ \t]|$)/.test(text.slice(column))) unsupported('a complex key', at);
  if (char === ':' && /^:(?:[ \t]|$)/.test(text.slice(column))) unsupported('an empty key', at);
  const reserved = char === '@' || char === '`' || char === '%';
  const next = text[column + 1];
  const lone =
    (char === '-' || char === '?' || char === ':') &&
    (next === undefined || next === ' ' || next === '\t' || (inFlow && flowIndicators.has(next)));
  if (reserved || indicators.has(char) || lone) {
    fail(`a plain value that starts with \`${char}\``, at);
  }
}

/**
 * The plain scalar from `column`: up to a comment (` #`), a `: ` in block context (checked by
 * the caller), or a flow indicator or `:` before one in a flow collection.
 *
 * @param text The row.
 * @param column Where the scalar starts.
 * @param inFlow Whether the scalar is in a flow collection.
 * @returns The run.
 */
export function plainRun(text: string, column: number, inFlow: boolean): PlainRun {
  let index = column;
  let end = column;
  while (index < text.length) {
    const char = text[index] as string;
    if (char === '#' && index > column && /[ \t]/.test(text[index - 1] as string)) {
      return { text: text.slice(column, end), end, comment: true };
    }
    if (inFlow) {
      if (flowIndicators.has(char)) break;
      if (char === ':') {
        const next = text[index + 1];
        if (next === undefined || next === ' ' || next === '\t' || flowIndicators.has(next)) break;
      }
    }
    index++;
    if (char !== ' ' && char !== '\t') end = index;
  }
  return { text: text.slice(column, end), end, comment: false };
}

/**
 * Read a plain scalar in block context that starts at `column` of row `at`, folded over the
 * rows that continue it (indented more than `parent`; blank rows between fold to breaks).
 * Leaves `state.row` on its last row.
 *
 * @param state The reading.
 * @param at The row it starts on.
 * @param column The column it starts at.
 * @param parent The indentation of the node it is in (-1 for none).
 * @returns The value (resolved in the core schema) and the column after it.
 */
export function plainBlockScalar(
  state: State,
  at: number,
  column: number,
  parent: number,
): Scanned {
  const text = line(state, at);
  checkPlainStart(text, column, at);
  const first = plainRun(text, column, false);
  if (/:(?:[ \t]|$)/.test(text.slice(column, first.end))) {
    fail('a mapping in a plain scalar (nested mappings need their own line)', at);
  }
  if (first.comment) return { value: resolvePlain(first.text), end: text.length };
  const { value, last } = continuation(state, at, parent, first.text);
  state.row = last;
  // A value over several rows runs to the end of its last row (or to a comment there).
  return { value: resolvePlain(value), end: last === at ? first.end : line(state, last).length };
}

/**
 * Fold the rows that continue a plain scalar onto its first row's text: rows indented more
 * than `parent`, up to a comment line, a row at or left of `parent` or a comment after the
 * text. One line break folds to a space, blank rows to as many breaks.
 *
 * @param state The reading.
 * @param at The scalar's first row.
 * @param parent The indentation of the node it is in.
 * @param text The scalar's text on its first row.
 * @returns The folded text and the scalar's last row.
 */
function continuation(
  state: State,
  at: number,
  parent: number,
  text: string,
): { value: string; last: number } {
  let value = text;
  let breaks = 0;
  let last = at;
  for (let next = at + 1; next < state.lines.length; next++) {
    if (isBlank(state, next)) {
      breaks++;
      continue;
    }
    if (isComment(state, next) || indentOf(state, next) <= parent) break;
    // Only spaces and tabs are white space in YAML (`trimStart` would take U+3000 and more).
    const body = line(state, next).replace(/^[ \t]+/, '');
    if (indicators.has(body[0] as string) || /^[-?:](?:[ \t]|$)/.test(body)) {
      unsupported('a continuation line that starts with an indicator', next);
    }
    const run = plainRun(body, 0, false);
    if (/:(?:[ \t]|$)/.test(body.slice(0, run.end))) fail('a mapping in a plain scalar', next);
    value += breaks === 0 ? ` ${run.text}` : '\n'.repeat(breaks) + run.text;
    breaks = 0;
    last = next;
    if (run.comment) break;
  }
  return { value, last };
}
