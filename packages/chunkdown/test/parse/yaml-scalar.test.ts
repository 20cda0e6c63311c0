// Scalars of the front matter reader: plain (src/parse/yaml/plain.ts, resolved by
// core-schema.ts), quoted (quoted.ts, escapes.ts) and block scalars (block-scalar.ts).
import { describe, expect, test } from 'vitest';
import { blockScalar } from '../../src/parse/yaml/block-scalar.js';
import { resolvePlain } from '../../src/parse/yaml/core-schema.js';
import { decodeEscapes } from '../../src/parse/yaml/escapes.js';
import { checkPlainStart, plainBlockScalar, plainRun } from '../../src/parse/yaml/plain.js';
import { closingQuote, quoted, unquote } from '../../src/parse/yaml/quoted.js';
import type { State } from '../../src/parse/yaml/state.js';

const stateOf = (...lines: string[]): State => ({ lines, row: 0 });

describe('plain scalars', () => {
  test('resolve in the core schema', () => {
    const cases: Array<[string, unknown]> = [
      ['', null],
      ['~', null],
      ['Null', null],
      ['TRUE', true],
      ['false', false],
      ['yes', 'yes'],
      ['0o17', 15],
      ['-12', -12],
      ['0x1F', 31],
      ['1.5', 1.5],
      ['.5', 0.5],
      ['1e3', 1000],
      ['-.Inf', -Infinity],
      ['1_000', '1_000'],
      ['2024-01-01', '2024-01-01'],
      ['v1.2.0', 'v1.2.0'],
    ];
    for (const [text, value] of cases) expect(resolvePlain(text), text).toBe(value);
    expect(resolvePlain('.NaN')).toBeNaN();
  });

  test('end at a comment, and in a flow collection at a flow indicator or `: `', () => {
    expect(plainRun('a b  # c', 0, false)).toEqual({ text: 'a b', end: 3, comment: true });
    expect(plainRun('x#y: z', 0, false)).toEqual({ text: 'x#y: z', end: 6, comment: false });
    expect(plainRun('[a b, c]', 1, true)).toEqual({ text: 'a b', end: 4, comment: false });
    expect(plainRun('k: v}', 0, true)).toEqual({ text: 'k', end: 1, comment: false });
    expect(plainRun('http://x}', 0, true)).toEqual({ text: 'http://x', end: 8, comment: false });
  });

  test('cannot start with an indicator', () => {
    expect(() => checkPlainStart('-5', 0, 0)).not.toThrow();
    expect(() => checkPlainStart('a: @me', 3, 0)).toThrow(
      'a plain value that starts with `@` at line 1',
    );
    expect(() => checkPlainStart('[-, x]', 1, 0, true)).toThrow(/starts with `-`/);
    expect(() => checkPlainStart('? x', 0, 2)).toThrow(/^a complex key at line 3 .*does not read/);
  });

  test('fold over the rows that continue them; the row ends on the last', () => {
    const state = stateOf('a: one', '  two', '', '', '  three # c', 'b: 1');
    expect(plainBlockScalar(state, 0, 3, 0)).toEqual({ value: 'one two\n\nthree', end: 11 });
    expect(state.row).toBe(4);
    expect(plainBlockScalar(stateOf('a: 12 # n', 'b: 1'), 0, 3, 0)).toEqual({ value: 12, end: 9 });
    // Only spaces and tabs are white space: other spaces at the start of a row are text.
    expect(plainBlockScalar(stateOf('a: 全角', '  \u3000スペース'), 0, 3, 0).value).toBe(
      '全角 \u3000スペース',
    );
    expect(() => plainBlockScalar(stateOf('a: b: c'), 0, 3, 0)).toThrow(
      'a mapping in a plain scalar (nested mappings need their own line) at line 1',
    );
    expect(() => plainBlockScalar(stateOf('a: x', '  [y]'), 0, 3, 0)).toThrow(/does not read/);
  });
});

describe('quoted scalars', () => {
  test('close at the first quote that is not escaped or doubled', () => {
    expect(closingQuote('"a\\"b" c', '"', 1)).toBe(5);
    expect(closingQuote("'it''s' x", "'", 1)).toBe(6);
    expect(closingQuote('"open', '"', 1)).toBe(-1);
  });

  test("unquote: `''` in single quotes, escapes in double quotes, folded line breaks", () => {
    expect(unquote("'it''s'", 0)).toBe("it's");
    expect(unquote('"tab\\there \\u00e9\\x41 \\N"', 0)).toBe('tab\there éA \u0085');
    expect(unquote('"a\n   b\n\n  c"', 0)).toBe('a b\nc');
    expect(unquote('"a\\\n   b"', 0)).toBe('ab');
    expect(unquote("'a  \n\n\n  b'", 0)).toBe('a\n\nb');
  });

  test('over several rows; the row ends on the last, the end is on it', () => {
    const state = stateOf('title: "Hello', '  world"  # c', 'next: 1');
    expect(quoted(state, 0, 7, 0)).toEqual({ value: 'Hello world', end: 8 });
    expect(state.row).toBe(1);
    expect(() => quoted(stateOf('a: "x', 'b: 1'), 0, 3, 0)).toThrow(
      'a string without its closing " at line 1',
    );
  });

  test('escapes', () => {
    expect(decodeEscapes('\\0\\a\\e\\_\\L\\U0001F600\\/', 0)).toBe('\0\x07\x1b\u00a0\u2028😀/');
    expect(() => decodeEscapes('\\q', 2)).toThrow('a bad escape \\q at line 3');
    expect(() => decodeEscapes('\\UFFFFFFFF', 0)).toThrow('a bad escape \\UFFFFFFFF at line 1');
  });
});

describe('block scalars', () => {
  const body = ['  one', '   indented', '', '  two', '', ''];
  const read = (header: string) => {
    const state = stateOf(`a: ${header}`, ...body, 'b: 1');
    return { value: blockScalar(state, 0, 3, 0), row: state.row };
  };

  test('literal and folded, with each chomping; the row ends after them', () => {
    expect(read('|')).toEqual({ value: 'one\n indented\n\ntwo\n', row: 7 });
    expect(read('|-').value).toBe('one\n indented\n\ntwo');
    expect(read('|+').value).toBe('one\n indented\n\ntwo\n\n\n');
    expect(read('>').value).toBe('one\n indented\n\ntwo\n');
    expect(read('> # folded').value).toBe('one\n indented\n\ntwo\n');
    expect(blockScalar(stateOf('a: >', '  x', '  y', '', '  z'), 0, 3, 0)).toBe('x y\nz\n');
  });

  test('empty, and what is not read', () => {
    expect(blockScalar(stateOf('a: |', 'b: 1'), 0, 3, 0)).toBe('');
    expect(blockScalar(stateOf('a: |+', '', ''), 0, 3, 0)).toBe('\n\n');
    expect(() => read('|2')).toThrow(/^an indentation indicator at line 1 .*does not read/);
    expect(() => read('|x')).toThrow('a bad block scalar header at line 1');
    expect(() => blockScalar(stateOf('a: |', '    ', '  x'), 0, 3, 0)).toThrow(
      'a more-indented blank line before a block scalar at line 3',
    );
  });
});
