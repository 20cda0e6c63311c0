// Flow collections of the front matter reader (src/parse/yaml/flow.ts).
import { describe, expect, test } from 'vitest';
import { flowCollection } from '../../src/parse/yaml/flow.js';
import type { State } from '../../src/parse/yaml/state.js';

const stateOf = (...lines: string[]): State => ({ lines, row: 0 });

describe('flow collections', () => {
  test('nested sequences and mappings; the column after the closing bracket', () => {
    const state = stateOf('tags: [a, "b c", {d: 1, e: [true, ~]}, ] # x');
    expect(flowCollection(state, 0, 6, 0)).toEqual({
      value: ['a', 'b c', { d: 1, e: [true, null] }],
      end: 40,
    });
    expect(state.row).toBe(0);
  });

  test('over several rows, with comments between entries; the row ends on the last', () => {
    const state = stateOf('a: {x: 1, # one', '  y: 2,', '', '  z}');
    expect(flowCollection(state, 0, 3, 0)).toEqual({ value: { x: 1, y: 2, z: null }, end: 4 });
    expect(state.row).toBe(3);
  });

  test('`:` after a plain key needs white space; after a quoted key it need not', () => {
    expect(flowCollection(stateOf('{a:1}'), 0, 0, -1).value).toEqual({ 'a:1': null });
    expect(flowCollection(stateOf('{"a":1}'), 0, 0, -1).value).toEqual({ a: 1 });
    expect(flowCollection(stateOf('{a, b: }'), 0, 0, -1).value).toEqual({ a: null, b: null });
  });

  test('errors name the row of the opening bracket, or where they are', () => {
    expect(() => flowCollection(stateOf('a: [1,'), 0, 3, 0)).toThrow(
      'a flow collection without its end at line 1',
    );
    expect(() => flowCollection(stateOf('a: [1,', '2]'), 0, 3, 0)).toThrow(
      'a flow collection without its end (its lines must be indented) at line 1',
    );
    expect(() => flowCollection(stateOf('[a b c d]'), 0, 0, -1)).not.toThrow();
    expect(() => flowCollection(stateOf('[a, , b]'), 0, 0, -1)).toThrow(
      /a plain value that starts with `,` at line 1/,
    );
    expect(() => flowCollection(stateOf('{a: 1, a: 2}'), 0, 0, -1)).toThrow(
      'duplicate key at line 1',
    );
    expect(() => flowCollection(stateOf('{{ .Title }}'), 0, 0, -1)).toThrow(
      /a mapping key that is itself a mapping or a list/,
    );
  });

  test('what it does not read', () => {
    for (const rows of [['[a: 1]'], ['[a', '  b]'], ['["a', '  b"]'], ['[*x]']]) {
      expect(() => flowCollection(stateOf(...rows), 0, 0, -1), rows.join('\n')).toThrow(
        /does not read/,
      );
    }
  });

  test('a probe (for a key) does not check the indentation of its rows', () => {
    const state = stateOf('[a,', 'b]: x');
    expect(flowCollection(state, 0, 0, Number.POSITIVE_INFINITY, true)).toEqual({
      value: ['a', 'b'],
      end: 2,
    });
  });
});
