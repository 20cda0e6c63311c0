/**
 * Flow collections: sequences `[a, b]` and mappings `{a: 1}`, nested, over several rows (each
 * indented more than the node they are in), with comments between entries. Their scalars are
 * plain or quoted on one row; a multi-line scalar inside one is not read.
 *
 * @module
 */

import { resolvePlain } from './core-schema.js';
import { collectionKeyError, isDuplicate, setKey } from './keys.js';
import { checkPlainStart, flowIndicators, plainRun } from './plain.js';
import { quoted } from './quoted.js';
import {
  fail,
  indentOf,
  line,
  type Scanned,
  type State,
  unsupported,
  unsupportedProperty,
} from './state.js';

/** Where the reading of one flow collection is. */
interface Flow {
  readonly state: State;
  /** The row of the opening bracket (the errors about a missing end name it). */
  readonly start: number;
  /** The indentation of the node the collection is in: its rows are indented more. */
  readonly parent: number;
  /** Whether this only looks ahead (for a collection used as a key): rows are not checked. */
  readonly probe: boolean;
  /** The row being read. */
  current: number;
  /** The column being read on it. */
  position: number;
}

/**
 * Read the flow collection whose `[` or `{` is at `column` of row `at`. Leaves `state.row` on
 * its last row.
 *
 * @param state The reading.
 * @param at The row of the opening bracket.
 * @param column The column of the opening bracket.
 * @param parent The indentation of the node the collection is in.
 * @param probe Only look: do not check the indentation of its rows (a key that may be a
 *   collection is read this way, then refused).
 * @returns The array or object and the column after its closing bracket.
 */
export function flowCollection(
  state: State,
  at: number,
  column: number,
  parent: number,
  probe = false,
): Scanned {
  const flow: Flow = { state, start: at, parent, probe, current: at, position: column };
  const value = flowNode(flow);
  state.row = flow.current;
  return { value, end: flow.position };
}

/**
 * The next character that is not white space or a comment, moving on to the next rows as
 * needed (each must be indented more than the parent, or blank, or a comment line).
 *
 * @param flow The collection being read (its position moves to the character).
 * @returns The character, or `undefined` at the end of the block.
 */
function peek(flow: Flow): string | undefined {
  for (;;) {
    const text = line(flow.state, flow.current);
    while (
      flow.position < text.length &&
      (text[flow.position] === ' ' || text[flow.position] === '\t')
    ) {
      flow.position++;
    }
    if (flow.position < text.length && text[flow.position] === '#') {
      const before = text[flow.position - 1];
      if (flow.position === 0 || before === ' ' || before === '\t') flow.position = text.length;
    }
    if (flow.position < text.length) return text[flow.position];
    flow.current++;
    if (flow.current >= flow.state.lines.length) return undefined;
    if (
      !flow.probe &&
      !/^[ \t]*(?:#.*)?$/.test(line(flow.state, flow.current)) &&
      indentOf(flow.state, flow.current) <= flow.parent
    ) {
      fail('a flow collection without its end (its lines must be indented)', flow.start);
    }
    flow.position = 0;
  }
}

/** A node in a flow collection: a collection, a quoted or a plain scalar. */
function flowNode(flow: Flow): unknown {
  const char = peek(flow);
  if (char === undefined) return fail('a flow collection without its end', flow.start);
  if (char === '[') return flowSequence(flow);
  if (char === '{') return flowMapping(flow);
  if (char === '"' || char === "'") return flowQuoted(flow);
  if (char === '&' || char === '*' || char === '!') unsupportedProperty(char, flow.current);
  return flowPlain(flow);
}

/** A flow sequence, from its `[`. */
function flowSequence(flow: Flow): unknown[] {
  flow.position++;
  const items: unknown[] = [];
  for (;;) {
    if (peek(flow) === ']') {
      flow.position++;
      return items;
    }
    const item = flowNode(flow);
    if (peek(flow) === ':') unsupported('a mapping inside a flow sequence', flow.current);
    items.push(item);
    const after = peek(flow);
    if (after === ',') flow.position++;
    else if (after !== ']') missingSeparator(flow, after, '`,` or `]` in a flow sequence');
  }
}

/** A flow mapping, from its `{`. */
function flowMapping(flow: Flow): Record<string, unknown> {
  flow.position++;
  const map: Record<string, unknown> = {};
  const keys = new Set<unknown>();
  for (;;) {
    if (peek(flow) === '}') {
      flow.position++;
      return map;
    }
    flowEntry(flow, map, keys);
    const after = peek(flow);
    if (after === ',') flow.position++;
    else if (after !== '}') missingSeparator(flow, after, '`,` or `}` in a flow mapping');
  }
}

/**
 * Stop where an entry of a flow collection is not followed by its separator: on a node property
 * (`!tag`, `&anchor`, `*alias`) the reader does not read, which may make it valid YAML (`{x #c
 * ⏎ !t: v}`, which `yaml` reads), else on the error.
 */
function missingSeparator(flow: Flow, char: string | undefined, expected: string): never {
  if (char === '&' || char === '*' || char === '!') unsupportedProperty(char, flow.current);
  return fail(`expected ${expected}`, flow.current);
}

/**
 * One entry of a flow mapping: a key, and `: value` unless the value is empty (`{a, b: }`).
 *
 * @param flow The collection being read.
 * @param map The mapping (the entry is set on it).
 * @param keys Its keys so far.
 */
function flowEntry(flow: Flow, map: Record<string, unknown>, keys: Set<unknown>): void {
  const start = peek(flow);
  if (start === '[' || start === '{') {
    flowNode(flow);
    fail(collectionKeyError, flow.current);
  }
  const key = flowNode(flow);
  if (isDuplicate(keys, key)) fail('duplicate key', flow.current);
  let value: unknown = null;
  if (peek(flow) === ':') {
    // After a plain key, `:` is followed by white space or a flow indicator (`{a:1}` is a key).
    const next = line(flow.state, flow.current)[flow.position + 1];
    const quotedKey = start === '"' || start === "'";
    if (
      !quotedKey &&
      next !== undefined &&
      next !== ' ' &&
      next !== '\t' &&
      !flowIndicators.has(next)
    ) {
      fail('a bad `:` in a flow mapping', flow.current);
    }
    flow.position++;
    const after = peek(flow);
    value = after === ',' || after === '}' ? null : flowNode(flow);
  }
  setKey(map, key, value);
}

/** A quoted scalar in a flow collection, on one row. */
function flowQuoted(flow: Flow): unknown {
  const { state, current } = flow;
  const scanned = quoted(state, current, flow.position, flow.probe ? -1 : flow.parent);
  if (state.row !== current) unsupported('a multi-line string inside a flow collection', current);
  flow.position = scanned.end;
  return scanned.value;
}

/** A plain scalar in a flow collection, on one row. */
function flowPlain(flow: Flow): unknown {
  const text = line(flow.state, flow.current);
  checkPlainStart(text, flow.position, flow.current, true);
  const run = plainRun(text, flow.position, true);
  if (run.text === '') fail('an empty entry in a flow collection', flow.current);
  flow.position = run.end;
  // A plain scalar in a flow collection that goes on at the next row is not read.
  if (run.end >= text.length && !run.comment) {
    const { current, position } = flow;
    const following = peek(flow);
    if (following !== undefined && !flowIndicators.has(following) && following !== ':') {
      unsupported('a plain scalar over several lines in a flow collection', flow.current);
    }
    flow.current = current;
    flow.position = position;
  }
  return resolvePlain(run.text);
}
