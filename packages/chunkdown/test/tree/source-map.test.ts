import type { Paragraph, Text } from 'mdast';
import { describe, expect, test } from 'vitest';
import { parse } from '../../src/parse/parse.js';
import { createSourceMap } from '../../src/tree/source-map.js';

describe('createSourceMap', () => {
  const markdown = '> Quote with \\*escaped\\* and &amp; entity\n> second line';
  const text = (parse(markdown).children[0] as { children: Paragraph[] }).children[0]!
    .children[0] as Text;

  test('finds each character of a node’s text in the source, through escapes and references', () => {
    const map = createSourceMap(markdown);
    expect(text.value).toBe('Quote with *escaped* and & entity\nsecond line');
    const written = (index: number) => {
      const found = map.char(text, index)!;
      return [markdown.slice(found.start, found.end), found.plain];
    };
    expect(written(0)).toEqual(['Q', true]);
    expect(written(11)).toEqual(['\\*', false]);
    expect(written(25)).toEqual(['&amp;', false]);
    // After a line break, past the container prefix (`> `).
    expect(written(text.value.indexOf('second'))).toEqual(['s', true]);
    expect(map.char(text, text.value.length)).toBeUndefined();
  });

  test('answers in any order the same', () => {
    const forward = createSourceMap(markdown);
    const backward = createSourceMap(markdown);
    const indexes = Array.from(text.value, (_, index) => index);
    const ahead = indexes.map((index) => forward.char(text, index));
    const behind = indexes
      .reverse()
      .map((index) => backward.char(text, index))
      .reverse();
    expect(behind).toEqual(ahead);
  });

  test('the text of a code block starts on the line after its fence', () => {
    const code = '```js\nconst a;\n```';
    const node = parse(code).children[0] as Text;
    const found = createSourceMap(code).char(node, 0)!;
    expect(found.start).toBe(code.indexOf('const'));
  });

  test('locate finds nodes made without a position, after their previous sibling', () => {
    const source = 'Visit https://x.dev now.';
    const tree = parse(source);
    const paragraph = tree.children[0] as Paragraph;
    const expected = paragraph.children.map((child) => [
      child.position?.start.offset,
      child.position?.end.offset,
    ]);
    // As a plugin makes them: without positions.
    for (const child of paragraph.children) delete child.position;
    const map = createSourceMap(source);
    expect(map.range(paragraph.children[0]!)).toBeUndefined();
    map.locate(tree);
    expect(
      paragraph.children.map((child) => {
        const range = map.range(child);
        return [range?.start, range?.end];
      }),
    ).toEqual(expected);
  });
});
