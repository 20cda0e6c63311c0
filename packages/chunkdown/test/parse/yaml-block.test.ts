// Block collections of the front matter reader (src/parse/yaml/block.ts), the keys of their
// entries (entry-key.ts) and how keys are set (keys.ts).
import { describe, expect, test } from 'vitest';
import { blockNode } from '../../src/parse/yaml/block.js';
import { entryKey } from '../../src/parse/yaml/entry-key.js';
import { isDuplicate, setKey } from '../../src/parse/yaml/keys.js';
import type { State } from '../../src/parse/yaml/state.js';

const stateOf = (...lines: string[]): State => ({ lines, row: 0 });

describe('block nodes', () => {
  test('a mapping with a nested mapping and a sequence; the row ends after it', () => {
    const state = stateOf(
      'title: Hello',
      'menu:',
      '  main:',
      '    weight: 2',
      'tags:',
      '- a',
      '- b',
    );
    expect(blockNode(state, -1)).toEqual({
      title: 'Hello',
      menu: { main: { weight: 2 } },
      tags: ['a', 'b'],
    });
    expect(state.row).toBe(7);
  });

  test('compact sequence entries: `- key: value` and `- - item`', () => {
    const state = stateOf('- name: Ada', '  url: https://example.com', '- - x', '  - y', '-');
    expect(blockNode(state, -1)).toEqual([
      { name: 'Ada', url: 'https://example.com' },
      ['x', 'y'],
      null,
    ]);
  });

  test('a node indented no more than its parent is not its value', () => {
    const state = stateOf('a: 1');
    expect(blockNode(state, 0)).toBeNull();
    expect(state.row).toBe(0);
    // A sequence at its key's indentation is the key's value.
    expect(blockNode(stateOf('- x'), 0, true)).toEqual(['x']);
  });

  test('structure errors name the row', () => {
    expect(() => blockNode(stateOf('a: 1', 'b: 2', 'a: 3'), -1)).toThrow('duplicate key at line 3');
    expect(() => blockNode(stateOf('a: - x'), -1)).toThrow(
      'a sequence on the same line as its key at line 1',
    );
    expect(() => blockNode(stateOf('a: 1', '  b: 2'), -1)).toThrow(/a mapping in a plain scalar/);
    expect(() => blockNode(stateOf('a:', '  - x', ' - y'), -1)).toThrow(
      'bad indentation of a mapping entry at line 3',
    );
  });
});

describe('entry keys', () => {
  test('plain and quoted keys, and the column of their colon', () => {
    expect(entryKey(stateOf('title: x'), 0, 0)).toEqual({ value: 'title', colon: 5 });
    expect(entryKey(stateOf('  2024 :'), 0, 2)).toEqual({ value: 2024, colon: 7 });
    expect(entryKey(stateOf('"a: b": x'), 0, 0)).toEqual({ value: 'a: b', colon: 6 });
    expect(entryKey(stateOf("'it''s' : x"), 0, 0)).toEqual({ value: "it's", colon: 8 });
  });

  test('rows that are not entries', () => {
    for (const row of ['- a: 1', 'just prose', 'url:x', '"a" b: c', '|', '"open: x']) {
      expect(entryKey(stateOf(row), 0, 0), row).toBeUndefined();
    }
  });

  test('keys the reader does not read, and a template placeholder as a key', () => {
    for (const row of ['? a', ': a', '&a k: v', '<<: {a: 1}', 'k #c: v']) {
      expect(() => entryKey(stateOf(row), 0, 0), row).toThrow(/does not read/);
    }
    // A flow collection before `: ` is looked at (over its rows, however indented) and refused;
    // the row being read stays where it was.
    const state = stateOf('[a,', 'b]: x');
    expect(() => entryKey(state, 0, 0)).toThrow(/a mapping key that is itself a mapping or a list/);
    expect(state.row).toBe(0);
    expect(entryKey(stateOf('[a, b] x'), 0, 0)).toBeUndefined();
  });
});

describe('keys', () => {
  test('as yaml sets them: null as "", others by String, `__proto__` as an own key', () => {
    const map: Record<string, unknown> = {};
    setKey(map, null, 1);
    setKey(map, 1.5, 2);
    setKey(map, '__proto__', 3);
    expect(Object.keys(map)).toEqual(['', '1.5', '__proto__']);
    expect(Object.getPrototypeOf(map)).toBe(Object.prototype);
  });

  test('duplicates by value, never `.nan`', () => {
    const seen = new Set<unknown>();
    expect(isDuplicate(seen, 1)).toBe(false);
    expect(isDuplicate(seen, '1')).toBe(false);
    expect(isDuplicate(seen, 1)).toBe(true);
    expect(isDuplicate(seen, Number.NaN)).toBe(false);
    expect(isDuplicate(seen, Number.NaN)).toBe(false);
  });
});
