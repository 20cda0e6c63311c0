import type { Nodes } from 'mdast';
import { describe, expect, test } from 'vitest';
import { literalText } from '../../src/util/literal.js';

describe('literalText', () => {
  test('the value of a literal, the alt of an image, nothing for a parent', () => {
    const nodes: Array<[Nodes, string | undefined]> = [
      [{ type: 'text', value: 'words' }, 'words'],
      [{ type: 'inlineCode', value: 'x()' }, 'x()'],
      [{ type: 'code', value: 'a\nb' }, 'a\nb'],
      [{ type: 'html', value: '<b>' }, '<b>'],
      [{ type: 'image', url: 'a.png', alt: 'alt text' }, 'alt text'],
      [{ type: 'image', url: 'a.png' }, ''],
      [{ type: 'imageReference', identifier: 'a', referenceType: 'full', alt: null }, ''],
      [{ type: 'paragraph', children: [{ type: 'text', value: 'x' }] }, undefined],
      [{ type: 'thematicBreak' }, undefined],
    ];
    for (const [node, text] of nodes) expect(literalText(node), node.type).toBe(text);
  });
});
