/**
 * The key of a block mapping entry: a plain or quoted scalar followed by `:` and white space
 * (or the end of the row). Keys the reader does not read (complex keys `? …`, empty keys,
 * anchors, aliases and tags, merge keys `<<`) stop the reading; a flow collection as a key
 * (`{{ .Title }}: x`) is an error.
 *
 * @module
 */

import { resolvePlain } from './core-schema.js';
import { flowCollection } from './flow.js';
import { collectionKeyError } from './keys.js';
import { indicators } from './plain.js';
import { closingQuote, unquote } from './quoted.js';
import { fail, line, type Scanned, type State, unsupported, unsupportedProperty } from './state.js';

/** The key of a mapping entry, and where its colon is. */
export interface EntryKey {
  /** The key (resolved in the core schema when plain). */
  value: unknown;
  /** The column of the `:` after it. */
  colon: number;
}

/**
 * The `key:` of a mapping entry that starts at `indent` of row `at`.
 *
 * @param state The reading (its row is left as it was).
 * @param at The row.
 * @param indent The column where the row's content starts.
 * @returns The key, or `undefined` when the row is not a `key:` entry.
 */
export function entryKey(state: State, at: number, indent: number): EntryKey | undefined {
  const text = line(state, at);
  const rest = text.slice(indent);
  const char = text[indent] as string;
  if (char === '?' && /^\?(?:[ \t]|$)/.test(rest)) unsupported('a complex key', at);
  if (char === ':' && /^:(?:[ \t]|$)/.test(rest)) unsupported('an empty key', at);
  if (char === '"' || char === "'") return quotedKey(text, at, indent);
  if (char === '[' || char === '{') {
    refuseCollectionKey(state, at, indent);
    return undefined;
  }
  if (char === '&' || char === '*' || char === '!') {
    if (/:(?:[ \t]|$)/.test(rest)) unsupportedProperty(char, at);
    return undefined;
  }
  if (indicators.has(char) || /^[-?:](?:[ \t]|$)/.test(rest)) return undefined;
  const match = /^(.*?)[ \t]*:(?:[ \t]|$)/.exec(rest);
  if (!match) return undefined;
  const key = match[1] as string;
  if (/[ \t]#/.test(key)) unsupported('a comment between a key and its colon', at);
  if (key === '<<') unsupported('a merge key (`<<`)', at);
  return { value: resolvePlain(key), colon: indent + match[0].replace(/[ \t]+$/, '').length - 1 };
}

/**
 * A quoted key: the quoted scalar at `indent`, closed on its row and followed by `:`.
 *
 * @param text The row.
 * @param at The row's number.
 * @param indent The column of the opening quote.
 * @returns The key, or `undefined` when no `:` follows the closed scalar.
 */
function quotedKey(text: string, at: number, indent: number): EntryKey | undefined {
  const closing = closingQuote(text, text[indent] as string, indent + 1);
  if (closing === -1) return undefined;
  let column = closing + 1;
  while (text[column] === ' ' || text[column] === '\t') column++;
  if (text[column] !== ':' || !/^:(?:[ \t]|$)/.test(text.slice(column))) return undefined;
  return { value: unquote(text.slice(indent, closing + 1), at), colon: column };
}

/**
 * Fail when the flow collection at `indent` of row `at` is followed by `:`: it would be a key
 * that no JavaScript object can hold (often a template placeholder, `{{ .Title }}: x`).
 *
 * @param state The reading (its row is left as it was).
 * @param at The row.
 * @param indent The column of the opening bracket.
 */
function refuseCollectionKey(state: State, at: number, indent: number): void {
  const saved = state.row;
  let scanned: Scanned | undefined;
  let last = at;
  try {
    scanned = flowCollection(state, at, indent, Number.POSITIVE_INFINITY, true);
    last = state.row;
  } catch {
    scanned = undefined;
  }
  state.row = saved;
  if (scanned && /^[ \t]*:(?:[ \t]|$)/.test(line(state, last).slice(scanned.end))) {
    fail(collectionKeyError, at);
  }
}
