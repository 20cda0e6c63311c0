import { describe, expect, test } from 'vitest';
import * as api from '../src/index.js';
import { chunkdown, defaultNodeRules, ruleKeys } from '../src/index.js';

describe('public API', () => {
  test('exports exactly chunkdown, defaultNodeRules and ruleKeys', () => {
    expect(Object.keys(api).sort()).toEqual(['chunkdown', 'defaultNodeRules', 'ruleKeys']);
  });

  test('ruleKeys are the keys options.rules takes, frozen', () => {
    expect(ruleKeys).toEqual([
      'link',
      'image',
      'inlineCode',
      'code',
      'strong',
      'emphasis',
      'delete',
      'formatting',
      'list',
      'table',
      'blockquote',
      'heading',
      'html',
      'container',
      'math',
      'footnote',
      'word',
    ]);
    expect(Object.isFrozen(ruleKeys)).toBe(true);
    for (const key of ruleKeys) {
      expect(() =>
        chunkdown({ chunkSize: 10, rules: { [key]: { split: 'allow-split' } } }),
      ).not.toThrow();
    }
    expect(() => chunkdown({ chunkSize: 10, rules: { paragraph: {} } as never })).toThrow(
      /Unknown rule `paragraph` in `options.rules`, expected one of `link`, .*`word`/,
    );
    expect(
      Object.keys(defaultNodeRules).every((key) => (ruleKeys as readonly string[]).includes(key)),
    ).toBe(true);
  });

  test('defaultNodeRules keep links, images, inline code, headings, math and words whole, and carry footnotes', () => {
    expect(defaultNodeRules).toEqual({
      link: { split: 'never-split', style: 'inline' },
      image: { split: 'never-split', style: 'inline' },
      inlineCode: { split: 'never-split' },
      heading: { split: 'never-split' },
      math: { split: 'never-split' },
      footnote: { style: 'carry' },
      word: { split: 'never-split' },
    });
    expect(Object.isFrozen(defaultNodeRules)).toBe(true);
  });

  test('getters report the options', () => {
    const splitter = chunkdown({ chunkSize: 300, maxOverflowRatio: 1.25, maxRawSize: 900 });
    expect([splitter.chunkSize, splitter.maxOverflowRatio, splitter.maxRawSize]).toEqual([
      300, 1.25, 900,
    ]);
    const plain = chunkdown({ chunkSize: 10 });
    expect([plain.maxOverflowRatio, plain.maxRawSize]).toEqual([1, undefined]);
  });

  test('splitText equals the texts of split', () => {
    const splitter = chunkdown({ chunkSize: 40 });
    const markdown =
      '# Title\n\nA first sentence here. A second one there.\n\n* one\n* two\n* three';
    expect(splitter.splitText(markdown)).toEqual(
      splitter.split(markdown).chunks.map((chunk) => chunk.text),
    );
  });

  test('every chunk has an id; embedText only with context', () => {
    const markdown = '# Title\n\nA first sentence here. A second one there.\n\n## Part\n\nMore.';
    const plain = chunkdown({ chunkSize: 30 }).split(markdown).chunks;
    const withContext = chunkdown({ chunkSize: 30, context: true }).split(markdown).chunks;
    expect(plain.length).toBeGreaterThan(1);
    for (const chunk of plain) {
      expect(chunk.id).toMatch(/^[0-9a-f]{16}$/);
      expect(chunk).not.toHaveProperty('embedText');
    }
    expect(withContext.map((chunk) => chunk.text)).toEqual(plain.map((chunk) => chunk.text));
    expect(withContext.map((chunk) => chunk.embedText)).toEqual([
      '# Title\n\nA first sentence here.',
      'Title\n\nA second one there.',
      'Title\n\n## Part\n\nMore.',
    ]);
    expect(chunkdown({ chunkSize: 30, context: false }).split(markdown).chunks).toEqual(plain);
  });

  test('blank input gives no chunks', () => {
    const splitter = chunkdown({ chunkSize: 10 });
    expect(splitter.splitText('')).toEqual([]);
    expect(splitter.splitText(' \n\t\n ')).toEqual([]);
    expect(splitter.split('').chunks).toEqual([]);
  });

  test('non-string input is a TypeError', () => {
    const splitter = chunkdown({ chunkSize: 10 });
    for (const value of [undefined, null, 42, {}, ['a'], Buffer.from('a')]) {
      expect(() => splitter.splitText(value as never)).toThrow(TypeError);
      expect(() => splitter.split(value as never)).toThrow(/Expected a string of markdown/);
    }
  });
});

describe('options are validated up front', () => {
  const cases: Array<[string, unknown, RegExp, ErrorConstructor]> = [
    ['missing chunkSize', {}, /Missing required option `chunkSize`/, TypeError],
    [
      'chunkSize 0',
      { chunkSize: 0 },
      /finite number > 0 for `options.chunkSize`, not `0`/,
      RangeError,
    ],
    ['negative chunkSize', { chunkSize: -5 }, /options.chunkSize/, RangeError],
    ['NaN chunkSize', { chunkSize: Number.NaN }, /options.chunkSize.*NaN/, RangeError],
    [
      'Infinity chunkSize',
      { chunkSize: Number.POSITIVE_INFINITY },
      /options.chunkSize.*Infinity/,
      RangeError,
    ],
    ['string chunkSize', { chunkSize: '500' }, /options.chunkSize.*"500"/, TypeError],
    [
      'ratio below 1',
      { chunkSize: 5, maxOverflowRatio: 0.5 },
      /≥ 1 for `options.maxOverflowRatio`/,
      RangeError,
    ],
    [
      'ratio NaN',
      { chunkSize: 5, maxOverflowRatio: Number.NaN },
      /options.maxOverflowRatio/,
      RangeError,
    ],
    [
      'ratio string',
      { chunkSize: 5, maxOverflowRatio: '2' },
      /options.maxOverflowRatio/,
      TypeError,
    ],
    [
      'raw size fraction',
      { chunkSize: 5, maxRawSize: 10.5 },
      /integer > 0 for `options.maxRawSize`/,
      RangeError,
    ],
    ['raw size 0', { chunkSize: 5, maxRawSize: 0 }, /options.maxRawSize/, RangeError],
    [
      'raw size Infinity',
      { chunkSize: 5, maxRawSize: Number.POSITIVE_INFINITY },
      /options.maxRawSize/,
      RangeError,
    ],
    [
      'lengthFunction not a function',
      { chunkSize: 5, lengthFunction: 'tokens' },
      /options.lengthFunction/,
      TypeError,
    ],
    ['negative overlap', { chunkSize: 5, overlap: -1 }, /options.overlap/, RangeError],
    [
      'overlap as large as chunkSize',
      { chunkSize: 5, overlap: 5 },
      /smaller than `chunkSize`/,
      RangeError,
    ],
    [
      'minChunkSize above chunkSize',
      { chunkSize: 5, minChunkSize: 6 },
      /options.minChunkSize/,
      RangeError,
    ],
    [
      'unknown option',
      { chunkSize: 5, chunkOverlap: 2 },
      /Unknown option `chunkOverlap`/,
      RangeError,
    ],
    ['rules not an object', { chunkSize: 5, rules: 'never' }, /options.rules/, TypeError],
    [
      'unknown rule',
      { chunkSize: 5, rules: { paragraph: {} } },
      /Unknown rule `paragraph`.*`link`/,
      RangeError,
    ],
    [
      'bad split rule',
      { chunkSize: 5, rules: { link: { split: 'sometimes' } } },
      /'never-split', 'allow-split'.*options.rules.link.split/,
      RangeError,
    ],
    [
      'size-split without size',
      { chunkSize: 5, rules: { list: { split: { rule: 'size-split' } } } },
      /options.rules.list.split.size/,
      RangeError,
    ],
    [
      'negative size-split',
      { chunkSize: 5, rules: { list: { split: { rule: 'size-split', size: -1 } } } },
      /options.rules.list.split.size/,
      RangeError,
    ],
    [
      'style on a list',
      { chunkSize: 5, rules: { list: { style: 'inline' } } },
      /only `link`, `image` and `footnote` have a style/,
      RangeError,
    ],
    [
      'a link style on footnotes',
      { chunkSize: 5, rules: { footnote: { style: 'inline' } } },
      /Expected `'carry'` or `'preserve'` for `options.rules.footnote.style`, not `"inline"`/,
      RangeError,
    ],
    [
      'a footnote style on links',
      { chunkSize: 5, rules: { link: { style: 'carry' } } },
      /'inline'.*'preserve'.*options.rules.link.style/,
      RangeError,
    ],
    [
      'an unknown field on footnotes',
      { chunkSize: 5, rules: { footnote: { carry: true } } },
      /Unknown field `carry` in `options.rules.footnote`/,
      RangeError,
    ],
    [
      'bad style',
      { chunkSize: 5, rules: { link: { style: 'reference' } } },
      /'inline'.*'preserve'.*options.rules.link.style/,
      RangeError,
    ],
    [
      'transform not a function',
      { chunkSize: 5, rules: { image: { transform: 'drop' } } },
      /options.rules.image.transform/,
      TypeError,
    ],
    [
      'unknown rule field',
      { chunkSize: 5, rules: { link: { split: 'never-split', keep: true } } },
      /Unknown field `keep`/,
      RangeError,
    ],
    [
      'context not a boolean',
      { chunkSize: 5, context: 'yes' },
      /Expected `true` or `false` for `options.context`, not `"yes"`/,
      TypeError,
    ],
    ['context a number', { chunkSize: 5, context: 1 }, /options.context.*`1`/, TypeError],
    ['options not an object', 500, /options object/, TypeError],
  ];
  for (const [name, options, message, type] of cases) {
    test(name, () => {
      let error: unknown;
      try {
        chunkdown(options as never);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(type);
      expect((error as Error).message).toMatch(message);
    });
  }

  test('valid rule forms are accepted', () => {
    expect(() =>
      chunkdown({
        chunkSize: 50,
        rules: {
          link: { split: { rule: 'never-split' }, style: 'preserve' },
          list: { split: { rule: 'size-split', size: 200 } },
          formatting: { split: { rule: 'allow-split' } },
          word: { split: 'allow-split' },
          heading: { transform: () => undefined },
        },
      }),
    ).not.toThrow();
  });
});
