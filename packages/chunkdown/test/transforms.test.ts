import type { Image, Link } from 'mdast';
import { describe, expect, test } from 'vitest';
import { chunkdown } from '../src/index.js';

describe('transforms', () => {
  // The seed README shows `incr...`, but its own code (`substring(0, 47)`) gives `i...`.
  test('truncate long URLs (the seed example)', () => {
    const splitter = chunkdown({
      chunkSize: 100,
      rules: {
        link: {
          transform: (node) => {
            const link = node as Link;
            return link.url.length > 50
              ? { ...link, url: `${link.url.substring(0, 47)}...` }
              : undefined;
          },
        },
      },
    });
    const text =
      'Check out our [website](https://example.com/with/a/very/long/url/that/increases/the/chunk/size/significantly).';
    expect(splitter.splitText(text)).toEqual([
      'Check out our [website](https://example.com/with/a/very/long/url/that/i...).',
    ]);
  });

  test('remove data URL images without leaving an empty paragraph (the seed example)', () => {
    const splitter = chunkdown({
      chunkSize: 500,
      rules: {
        image: {
          transform: (node) => ((node as Image).url.startsWith('data:') ? null : undefined),
        },
      },
    });
    const text = `
# Article

![Screenshot](data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAoAAAAHgCAYAAAD0...)

Check our [website](https://example.com) for more info.

![Logo](https://cdn.example.com/logo.png)
`;
    expect(splitter.splitText(text)).toEqual([
      '# Article\n\nCheck our [website](https://example.com) for more info.\n\n![Logo](https://cdn.example.com/logo.png)',
    ]);
  });

  test('a removed inline node leaves no stray space', () => {
    const splitter = chunkdown({ chunkSize: 500, rules: { image: { transform: () => null } } });
    expect(splitter.splitText('Before ![x](y.png)\n\nText ![x](y.png)')).toEqual([
      'Before\n\nText',
    ]);
  });

  test('transforms see parent, index and root, run once, and see links made from references', () => {
    const seen: string[] = [];
    const splitter = chunkdown({
      chunkSize: 500,
      rules: {
        link: {
          transform: (node, { parent, index, root }) => {
            seen.push(`${node.type}:${parent?.type}:${index}:${root.type}`);
            return undefined;
          },
        },
      },
    });
    splitter.splitText('A [b][ref] c [d](e).\n\n[ref]: https://x.example');
    expect(seen).toEqual(['link:paragraph:1:root', 'link:paragraph:3:root']);
  });

  test('formatting transforms apply to strong, emphasis and delete, own rules win', () => {
    const splitter = chunkdown({
      chunkSize: 500,
      rules: {
        formatting: { transform: (node) => ({ type: 'text', value: `[${node.type}]` }) },
        emphasis: { transform: () => undefined },
      },
    });
    expect(splitter.splitText('**a** *b* ~~c~~')).toEqual(['\\[strong] *b* \\[delete]']);
  });

  test('transforms do not change the parsed tree of another split', () => {
    let calls = 0;
    const splitter = chunkdown({
      chunkSize: 500,
      rules: {
        heading: {
          transform: () => {
            calls++;
            return undefined;
          },
        },
      },
    });
    splitter.splitText('# A\n\ntext');
    splitter.splitText('# A\n\ntext');
    expect(calls).toBe(2);
  });
});
