import type { Root, Text } from 'mdast';
import { toMarkdown } from 'mdast-util-to-markdown';
import { describe, expect, test } from 'vitest';
import {
  type CharacterMarks,
  column,
  createCharacterMarks,
  safeWith,
  verbatim,
} from '../../src/chunk/escapes.js';

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

describe('safeWith', () => {
  const tree: Root = {
    type: 'root',
    children: [{ type: 'paragraph', children: [{ type: 'text', value: '*a* and [b] # c_d_' }] }],
  };
  const withMarks = (marks: CharacterMarks) =>
    toMarkdown(tree, {
      handlers: {
        text: (node: Text, _parent, state, info) =>
          safeWith(state, state.safe, node.value, info, marks),
      },
    });

  test('escapes what the serializer escapes, also when its mark numbers start again', () => {
    const expected = toMarkdown(tree);
    expect(expected).toContain('\\*a\\*');
    const marks = createCharacterMarks();
    expect(withMarks(marks)).toBe(expected);
    // The numbers overflow a Uint32Array after 2^32 calls: they start again, the table cleared.
    marks.last = 0xffffffff - 1;
    for (let call = 0; call < 3; call++) expect(withMarks(marks)).toBe(expected);
    expect(marks.last).toBeLessThan(10);
  });
});
