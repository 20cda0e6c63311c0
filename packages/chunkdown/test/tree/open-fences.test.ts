import type { Nodes } from 'mdast';
import { describe, expect, test } from 'vitest';
import { parse } from '../../src/parse/parse.js';
import { openFences } from '../../src/tree/open-fences.js';

const open = (markdown: string) => openFences(parse(markdown).children as Nodes[], markdown);

describe('openFences', () => {
  test('a fence line in an HTML block stays open until the block that closes it', () => {
    // CommonMark: HTML, indented code (holding the closing fence), a paragraph.
    const markdown = '<div>\n  ```js\n\n    const a = 1;\n    ```\n\nAfter.';
    expect(open(markdown)).toEqual([true, false, false]);
    const longer = '<div>\n  ```js\n\n    const a = 1;\n\n<p>still open</p>\n\n    ```\n\nAfter.';
    expect(open(longer)).toEqual([true, true, true, false, false]);
  });

  test('fences CommonMark sees close on their own', () => {
    expect(open('```js\ncode\n```\n\nText.\n\n> ~~~\n> quoted\n> ~~~')).toEqual([
      false,
      false,
      false,
    ]);
  });

  test('a block without a position ends any region', () => {
    const markdown = '<div>\n  ```js\n\nText.';
    const blocks = parse(markdown).children as Nodes[];
    expect(openFences(blocks, markdown)).toEqual([true, true]);
    const { position: _position, ...made } = blocks[0]!;
    expect(openFences([made as Nodes, blocks[1]!], markdown)).toEqual([false, false]);
  });
});
