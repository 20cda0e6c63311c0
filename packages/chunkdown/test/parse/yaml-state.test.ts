// The shared state of the front matter reader (src/parse/yaml/state.ts): the questions asked
// about rows, and how a reading stops.
import { describe, expect, test } from 'vitest';
import {
  expectLineEnd,
  fail,
  indentOf,
  nextContent,
  refuse,
  type State,
  Stop,
  unsupported,
} from '../../src/parse/yaml/state.js';

const stateOf = (...lines: string[]): State => ({ lines, row: 0 });
const notRead = / is YAML that chunkdown's front matter reader does not read; parse `raw`/;

describe('rows', () => {
  test('the next content row skips blank rows and comment lines', () => {
    const state = stateOf('', '  # note', '   ', 'a: 1', '# end');
    expect(nextContent(state, 0)).toBe(3);
    expect(nextContent(state, 4)).toBe(-1);
    expect(() => nextContent(stateOf(' \t', 'a: 1'), 0)).toThrow(
      /a blank line with a tab at line 1/,
    );
  });

  test('indentation counts spaces; a tab before content is not read', () => {
    expect(indentOf(stateOf('   a: 1'), 0)).toBe(3);
    expect(indentOf(stateOf('a'), 0)).toBe(0);
    expect(() => indentOf(stateOf('  \ta: 1'), 0)).toThrow(notRead);
  });

  test('only white space and a comment may follow a value', () => {
    expect(() => expectLineEnd(stateOf('a: 1  # one'), 0, 4)).not.toThrow();
    expect(() => expectLineEnd(stateOf('a: "x" y'), 0, 6)).toThrow(
      'unexpected text after a value at line 1',
    );
  });
});

describe('stopping', () => {
  test('errors and what is not read name the row, 1-based', () => {
    expect(() => fail('duplicate key', 4)).toThrow(new Stop('duplicate key at line 5'));
    expect(() => unsupported('a tag', 0)).toThrow(
      "a tag at line 1 is YAML that chunkdown's front matter reader does not read; parse `raw` with a YAML parser",
    );
  });

  test('a structure error on a row that starts with a construct not read says so instead', () => {
    const state = stateOf('a: 1', '? b', '&x c: 2', 'd e');
    expect(() => refuse(state, 'expected a `key: value` entry', 1)).toThrow(/^a complex key.*/);
    expect(() => refuse(state, 'unexpected content', 2)).toThrow(/^an anchor, alias or tag/);
    expect(() => refuse(state, 'unexpected content', 3)).toThrow('unexpected content at line 4');
    // An ideographic space is not indentation: `\u3000? b` is text, not a complex key.
    expect(() => refuse(stateOf('\u3000? b'), 'unexpected content', 0)).toThrow(
      'unexpected content at line 1',
    );
  });
});
