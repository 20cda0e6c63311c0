import type { Link, Paragraph, Root } from 'mdast';
import { describe, expect, test } from 'vitest';
import { resolveOptions } from '../../src/options.js';
import { parse } from '../../src/parse/parse.js';
import { normalize } from '../../src/tree/normalize.js';
import type { ChunkdownOptions } from '../../src/types.js';

function normalized(markdown: string, options: Partial<ChunkdownOptions> = {}) {
  const parsed = parse(markdown);
  const before = structuredClone(parsed);
  const result = normalize(parsed, resolveOptions({ chunkSize: 100, ...options }));
  // The parsed tree is never changed.
  expect(parsed).toEqual(before);
  return result;
}

const types = (tree: Root) => tree.children.map((node) => node.type);

describe('normalize', () => {
  const references =
    'See [Docs] and [other][NESTED].\n\n[docs]: https://first.example\n[DOCS]: https://second.example\n\n> [nested]: https://nested.example';

  test('inlines references: the first definition of a label wins, labels match case-insensitively', () => {
    const { tree, definitions } = normalized(references);
    const paragraph = tree.children[0] as Paragraph;
    const links = paragraph.children.filter((node): node is Link => node.type === 'link');
    expect(links.map((link) => link.url)).toEqual([
      'https://first.example',
      'https://nested.example',
    ]);
    // Definitions leave the flow, and a quote that held only one goes with it.
    expect(types(tree)).toEqual(['paragraph']);
    expect([...definitions.keys()]).toEqual(['docs', 'nested']);
    expect(definitions.get('docs')?.url).toBe('https://first.example');
  });

  test('keeps references with the preserve style, and still drops the definitions', () => {
    const { tree } = normalized(references, { rules: { link: { style: 'preserve' } } });
    const paragraph = tree.children[0] as Paragraph;
    expect(paragraph.children.map((node) => node.type)).toEqual([
      'text',
      'linkReference',
      'text',
      'linkReference',
      'text',
    ]);
    expect(types(tree)).toEqual(['paragraph']);
  });

  test('a document without references or transforms is returned as it is', () => {
    const parsed = parse('# Title\n\nText.');
    expect(normalize(parsed, resolveOptions({ chunkSize: 100 })).tree).toBe(parsed);
  });

  test('runs the transforms once: replace, remove, or keep a node, with where it sits', () => {
    const seen: Array<[string, number | undefined]> = [];
    const { tree } = normalized('Keep `this`.\n\n```js\ndrop\n```\n\n![alt](x.png)', {
      rules: {
        inlineCode: {
          transform: (node, context) => {
            seen.push([context.parent?.type ?? 'none', context.index]);
            return { type: 'text', value: node.value.toUpperCase() };
          },
        },
        code: { transform: () => null },
        image: { transform: () => undefined },
      },
    });
    expect(seen).toEqual([['paragraph', 1]]);
    expect(types(tree)).toEqual(['paragraph', 'paragraph']);
    expect((tree.children[0] as Paragraph).children.map((node) => node.type)).toEqual([
      'text',
      'text',
      'text',
    ]);
    // A replacement keeps the position of the node it replaces.
    expect((tree.children[0] as Paragraph).children[1]?.position?.start.offset).toBe(5);
  });

  test('a paragraph left with only whitespace after a removal goes too', () => {
    const { tree } = normalized('[a]: https://a.dev\n\nText.');
    expect(types(tree)).toEqual(['paragraph']);
    const trimmed = normalized('Before [x][y] after.\n\n[y]: https://y.dev', {
      rules: { link: { transform: () => null } },
    });
    const [paragraph] = trimmed.tree.children as Paragraph[];
    expect(paragraph?.children.map((node) => node.type === 'text' && node.value)).toEqual([
      'Before ',
      ' after.',
    ]);
  });
});
