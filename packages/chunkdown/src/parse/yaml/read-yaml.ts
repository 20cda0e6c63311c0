/**
 * A reader for the YAML that front matter holds, in the browser bundle instead of a full YAML
 * parser (which was a third of it). It reads block mappings and sequences (also compact ones,
 * `- key: value`), plain, quoted and multi-line scalars, literal and folded block scalars,
 * flow sequences and mappings, and comments, with YAML 1.2's core schema (`null`, booleans,
 * integers, floats, strings), and gives what the `yaml` package gives for them (a test compares
 * the two on generated and real front matter). What it does not read (anchors, aliases, tags,
 * complex keys, explicit indentation indicators, and the rarer corners of the grammar) it
 * reports as such, like an error, rather than guessing: the front matter is still taken out of
 * the chunks, and its `raw` text is there for a full parser.
 *
 * The reader's parts, each a module of this folder: `state` (the rows, the row being read,
 * errors), `block` (block mappings and sequences), `entry-key` (the key of a block mapping
 * entry), `flow` (flow collections), `plain`, `quoted` (with `escapes`) and `block-scalar` (the
 * scalar styles), `core-schema` (the value of a plain scalar) and `keys` (keys as `yaml` sets
 * them).
 *
 * @module
 */

import { blockNode } from './block.js';
import { nextContent, refuse, type State, Stop } from './state.js';

/** What the reader made of the text: a value, or why there is none (one line). */
export type YamlReading = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * Read the YAML of a front matter block.
 *
 * @param raw The text between the fences.
 * @returns The value (`null` for an empty block), or the reason there is none.
 */
export function readYaml(raw: string): YamlReading {
  try {
    const lines = raw.split(/\r?\n/);
    // A final line break ends the last line; it does not start another.
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    return { ok: true, value: readDocument({ lines, row: 0 }) };
  } catch (error) {
    if (error instanceof Stop) return { ok: false, error: error.message };
    // Nesting deeper than the stack: not front matter anyone writes, and never a crash.
    if (error instanceof RangeError) {
      return { ok: false, error: 'collections nested deeper than the reader follows' };
    }
    throw error;
  }
}

/**
 * Read a whole document: one block node, and nothing after it but blank and comment rows.
 *
 * @param state A fresh reading.
 * @returns The value; `null` when the document has no content.
 */
function readDocument(state: State): unknown {
  const first = nextContent(state, 0);
  if (first === -1) return null;
  state.row = first;
  const value = blockNode(state, -1);
  const rest = nextContent(state, state.row);
  if (rest !== -1) refuse(state, 'unexpected content', rest);
  return value;
}
