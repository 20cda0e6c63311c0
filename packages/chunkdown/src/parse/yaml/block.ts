/**
 * Block collections: mappings (`key: value` rows) and sequences (`- item` rows, also compact
 * ones, `- key: value` and `- - item`), nested by indentation, and the values that start on a
 * row of them (a block, quoted or plain scalar, or a flow collection).
 *
 * @module
 */

import { blockScalar } from './block-scalar.js';
import { entryKey } from './entry-key.js';
import { flowCollection } from './flow.js';
import { isDuplicate, setKey } from './keys.js';
import { plainBlockScalar } from './plain.js';
import { quoted } from './quoted.js';
import {
  expectLineEnd,
  fail,
  indentOf,
  line,
  nextContent,
  refuse,
  type Scanned,
  type State,
  unsupported,
  unsupportedProperty,
} from './state.js';

/** Whether a row's content is a sequence item (`-` before a space or the end). */
const isItem = (content: string) => /^-(?: |$)/.test(content);

/**
 * Read the block node at the next content row from `state.row`, which must be indented more
 * than `parent` (or as much, for a sequence that is a mapping's value).
 *
 * @param state The reading.
 * @param parent The indentation of the parent node (-1 at the top).
 * @param sequenceAtParent Whether a sequence at the parent's indentation belongs to it.
 * @returns The value; `null` when there is no such row.
 */
export function blockNode(state: State, parent: number, sequenceAtParent = false): unknown {
  const at = nextContent(state, state.row);
  if (at === -1) return null;
  const indent = indentOf(state, at);
  const item = isItem(line(state, at).slice(indent));
  if (indent <= parent && !(sequenceAtParent && indent === parent && item)) return null;
  state.row = at;
  if (item) return blockSequence(state, indent);
  if (entryKey(state, at, indent) !== undefined) return blockMapping(state, indent);
  return scalarNode(state, at, indent, parent);
}

/** A block sequence whose items start at column `indent`. */
function blockSequence(state: State, indent: number): unknown[] {
  const items: unknown[] = [];
  for (;;) {
    const at = nextContent(state, state.row);
    if (at === -1 || indentOf(state, at) < indent) break;
    if (indentOf(state, at) > indent) refuse(state, 'bad indentation of a sequence item', at);
    const text = line(state, at);
    if (!isItem(text.slice(indent))) break;
    state.row = at;
    const rest = text.slice(indent + 1);
    const offset = /^ */.exec(rest)?.[0].length ?? 0;
    if (rest[offset] === '\t') unsupported('a tab after `-`', at);
    if (rest.slice(offset) === '' || rest[offset] === '#') {
      state.row = at + 1;
    } else {
      // Compact notation (`- key: value`, `- - item`): read the rest as a node at its column.
      const column = indent + 1 + offset;
      state.lines[at] = ' '.repeat(column) + rest.slice(offset);
    }
    items.push(blockNode(state, indent));
  }
  return items;
}

/** A block mapping whose keys start at column `indent`. */
function blockMapping(state: State, indent: number): Record<string, unknown> {
  const map: Record<string, unknown> = {};
  const keys = new Set<unknown>();
  for (;;) {
    const at = nextContent(state, state.row);
    if (at === -1 || indentOf(state, at) < indent) break;
    if (indentOf(state, at) > indent) refuse(state, 'bad indentation of a mapping entry', at);
    const key = entryKey(state, at, indent);
    if (key === undefined) {
      if (isItem(line(state, at).slice(indent))) break;
      refuse(state, 'expected a `key: value` entry', at);
    }
    state.row = at;
    if (isDuplicate(keys, key.value)) fail('duplicate key', at);
    setKey(map, key.value, entryValue(state, at, key.colon + 1, indent));
  }
  return map;
}

/**
 * The value after `key:` on row `at`, from column `from`, in a mapping at `indent`: on the
 * same row, or a block node on the rows below.
 */
function entryValue(state: State, at: number, from: number, indent: number): unknown {
  const text = line(state, at);
  let column = from;
  while (text[column] === ' ' || text[column] === '\t') column++;
  if (column >= text.length || text[column] === '#') {
    refuseCommentBeforeValue(state, at, indent);
    state.row = at + 1;
    return blockNode(state, indent, true);
  }
  if (text[column] === '-' && /^-(?:[ \t]|$)/.test(text.slice(column))) {
    fail('a sequence on the same line as its key', at);
  }
  return scalarNode(state, at, column, indent);
}

/**
 * Refuse a comment without a space after `#` between `key:` on row `at` and a value indented
 * below it: `yaml` reads `key:` + `#note` + an indented value as an error, `# note` not.
 */
function refuseCommentBeforeValue(state: State, at: number, indent: number): void {
  const value = nextContent(state, at + 1);
  const nested = value !== -1 && indentOf(state, value) > indent;
  for (let between = at + 1; nested && between < value; between++) {
    if (/^[ \t]*#[^ \t]/.test(line(state, between))) {
      unsupported('a comment without a space after `#` before a value', between);
    }
  }
}

/**
 * A value that starts at `column` of row `at` and is not a block collection: a block scalar,
 * or a scalar or flow collection with nothing but a comment after it. Leaves `state.row` on
 * the row after it.
 */
function scalarNode(state: State, at: number, column: number, parent: number): unknown {
  const char = line(state, at)[column];
  if (char === '|' || char === '>') return blockScalar(state, at, column, parent);
  const { value, end } = inlineValue(state, at, column, parent);
  expectLineEnd(state, state.row, end);
  state.row++;
  return value;
}

/**
 * A scalar or flow collection starting at a column of row `at` (which may continue on the
 * following rows, indented more than `parent`). Leaves `state.row` on its last row.
 */
function inlineValue(state: State, at: number, column: number, parent: number): Scanned {
  const char = line(state, at)[column] as string;
  if (char === '&' || char === '*' || char === '!') unsupportedProperty(char, at);
  if (char === '"' || char === "'") return quoted(state, at, column, parent);
  if (char === '[' || char === '{') return flowCollection(state, at, column, parent);
  return plainBlockScalar(state, at, column, parent);
}
