import { describe, expect, test } from 'vitest';
import { column, verbatim } from '../../src/chunk/escapes.js';

describe('verbatim', () => {
  test('text written as it reads: no escape, no reference; container prefixes on later lines only', () => {
    expect(verbatim('plain text', 'plain text')).toBe(true);
    expect(verbatim('a \\* b', 'a * b')).toBe(false);
    expect(verbatim('a &amp; b', 'a & b')).toBe(false);
    expect(verbatim('line one\n> line two', 'line one\nline two')).toBe(true);
    expect(verbatim('line one\n  - line two', 'line one\nline two')).toBe(false);
  });
});

describe('column', () => {
  test('characters since the start of the line, a tab counting four', () => {
    expect(column('abc', 2)).toBe(2);
    expect(column('one\n  two', 6)).toBe(2);
    expect(column('x\r\n\tab', 5)).toBe(5);
    expect(column('abc', 0)).toBe(0);
  });
});
