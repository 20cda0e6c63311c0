import { describe, expect, test } from 'vitest';
import {
  characterLength,
  defaultNodeRules,
  resolveOptions,
  resolveRules,
  ruleKeys,
} from '../src/options.js';
import { directive, math, mdx } from '../src/syntax.js';

describe('resolveOptions', () => {
  test('fills in the defaults, and the maximum is chunkSize × maxOverflowRatio', () => {
    const resolved = resolveOptions({ chunkSize: 200, maxOverflowRatio: 1.5 });
    expect(resolved).toMatchObject({
      chunkSize: 200,
      maxOverflowRatio: 1.5,
      maxSize: 300,
      maxRawSize: undefined,
      overlap: 0,
      minChunkSize: 0,
      context: false,
      countsCharacters: true,
    });
    expect(resolved.lengthFunction).toBe(characterLength);
    expect(Object.keys(resolved.rules)).toEqual([...ruleKeys]);
  });

  test('a size unit of one’s own is not the character count', () => {
    const words = (text: string) => text.split(' ').length;
    const resolved = resolveOptions({ chunkSize: 10, lengthFunction: words });
    expect(resolved.lengthFunction).toBe(words);
    expect(resolved.countsCharacters).toBe(false);
  });

  test('errors name the option and what it accepts, as a TypeError or a RangeError', () => {
    expect(() => resolveOptions({} as never)).toThrow(
      new TypeError('Missing required option `chunkSize`: expected a finite number > 0'),
    );
    expect(() => resolveOptions({ chunkSize: '5' } as never)).toThrow(TypeError);
    expect(() => resolveOptions({ chunkSize: 0 })).toThrow(RangeError);
    expect(() => resolveOptions({ chunkSize: 10, overlap: 10 })).toThrow(
      'Expected `options.overlap` to be smaller than `chunkSize` (10), not 10',
    );
    expect(() => resolveOptions({ chunkSize: 10, minChunkSize: 11 })).toThrow(/minChunkSize/);
    expect(() => resolveOptions({ chunkSize: 10, maxRawSize: 1.5 })).toThrow(
      'Expected an integer > 0 for `options.maxRawSize`, not `1.5`',
    );
    expect(() => resolveOptions({ chunkSize: 10, size: 3 } as never)).toThrow(
      /^Unknown option `size`/,
    );
  });
});

describe('resolveParents (option parents)', () => {
  test('off by default or with false; { maxSize } at least chunkSize', () => {
    expect(resolveOptions({ chunkSize: 100 }).parents).toBeUndefined();
    expect(resolveOptions({ chunkSize: 100, parents: false }).parents).toBeUndefined();
    expect(() => resolveOptions({ chunkSize: 100, parents: true as never })).toThrow(/not `true`/);
    expect(resolveOptions({ chunkSize: 100, parents: { maxSize: 100 } }).parents).toEqual({
      maxSize: 100,
    });
  });
  test('errors name `parents.maxSize` and what it accepts', () => {
    expect(() => resolveOptions({ chunkSize: 100, parents: { maxSize: 99 } })).toThrow(
      new RangeError('Expected `options.parents.maxSize` to be at least `chunkSize` (100), not 99'),
    );
    expect(() => resolveOptions({ chunkSize: 100, parents: {} as never })).toThrow(
      new TypeError('Missing `parents.maxSize`: expected a finite number ≥ `chunkSize` (100)'),
    );
    expect(() => resolveOptions({ chunkSize: 100, parents: { maxSize: '500' } as never })).toThrow(
      new TypeError('Expected a finite number > 0 for `options.parents.maxSize`, not `"500"`'),
    );
    expect(() =>
      resolveOptions({ chunkSize: 100, parents: { maxSize: Number.POSITIVE_INFINITY } }),
    ).toThrow(RangeError);
    expect(() => resolveOptions({ chunkSize: 100, parents: 500 as never })).toThrow(
      new TypeError(
        'Expected an object such as `{ maxSize: 400 }` (or `false`) for `options.parents`, not `500`',
      ),
    );
    expect(() =>
      resolveOptions({ chunkSize: 100, parents: { maxSize: 500, size: 1 } as never }),
    ).toThrow(new RangeError('Unknown field `parents.size`, expected `maxSize`'));
  });
  test('a BigInt is named in the error, not a failure to print it', () => {
    expect(() => resolveOptions({ chunkSize: 100, parents: { maxSize: 2000n } as never })).toThrow(
      new TypeError(
        'Expected a finite number > 0 for `options.parents.maxSize`, not `2000n` (a BigInt)',
      ),
    );
    expect(() => resolveOptions({ chunkSize: 500n as never })).toThrow(
      /`options\.chunkSize`.*`500n` \(a BigInt\)/,
    );
    expect(() =>
      resolveOptions({ chunkSize: 100, parents: { maxSize: { n: 1n } } as never }),
    ).toThrow(/`options\.parents\.maxSize`, not an object/);
  });
});

describe('resolveRules', () => {
  test('every key gets a rule: the defaults, merged field by field with what is given', () => {
    const rules = resolveRules({ link: { style: 'preserve' }, code: { split: 'never-split' } });
    expect(rules.link).toEqual({
      split: { keepWholeUpTo: Number.POSITIVE_INFINITY },
      style: 'preserve',
      transform: undefined,
    });
    expect(rules.code.split.keepWholeUpTo).toBe(Number.POSITIVE_INFINITY);
    expect(rules.table.split.keepWholeUpTo).toBe(0);
    expect(rules.heading.split.keepWholeUpTo).toBe(Number.POSITIVE_INFINITY);
    expect(rules.image.style).toBe(defaultNodeRules.image?.style);
  });

  test('size-split keeps a node whole up to its size; the object forms mean the same as the names', () => {
    const rules = resolveRules({
      list: { split: { rule: 'size-split', size: 300 } },
      table: { split: { rule: 'never-split' } },
      link: { split: { rule: 'allow-split' } },
    });
    expect([rules.list, rules.table, rules.link].map((rule) => rule.split.keepWholeUpTo)).toEqual([
      300,
      Number.POSITIVE_INFINITY,
      0,
    ]);
  });

  test('formatting is the fallback of strong, emphasis and delete, field by field', () => {
    const transform = () => undefined;
    const rules = resolveRules({
      formatting: { split: 'never-split', transform },
      emphasis: { split: 'allow-split' },
    });
    expect(rules.strong.split.keepWholeUpTo).toBe(Number.POSITIVE_INFINITY);
    expect(rules.strong.transform).toBe(transform);
    expect(rules.emphasis.split.keepWholeUpTo).toBe(0);
    expect(rules.emphasis.transform).toBe(transform);
    expect(rules.list.transform).toBeUndefined();
  });

  test('refuses what it does not know, naming the rule', () => {
    expect(() => resolveRules({ paragraph: {} } as never)).toThrow(/^Unknown rule `paragraph`/);
    expect(() => resolveRules({ list: { style: 'inline' } })).toThrow(
      '`options.rules.list.style` is not supported: only `link`, `image` and `footnote` have a style',
    );
    expect(() => resolveRules({ word: { transform: () => undefined } } as never)).toThrow(
      /words are not nodes/,
    );
    expect(() => resolveRules({ code: { split: { rule: 'size-split' } } } as never)).toThrow(
      /options\.rules\.code\.split\.size/,
    );
  });
});

describe('options of the dialects in chunkdown/syntax', () => {
  test('errors name the dialect, the option and the values it takes', () => {
    expect(() => math({ inline: 'yes' as never })).toThrow(
      new TypeError(
        'Expected `true`, `false` or `\'detected\'` for `math({ inline })`, not `"yes"`',
      ),
    );
    expect(() => directive({ leaf: 1 as never })).toThrow(
      new TypeError('Expected `true` or `false` for `directive({ leaf })`, not `1`'),
    );
    expect(() => mdx({ when: 'sometimes' as never })).toThrow(
      /`'always'` or `'detected'` for `mdx\(\{ when \}\)`, not `"sometimes"`/,
    );
    expect(() => math(null as never)).toThrow(/options object for `math\(\)`/);
    for (const inline of [true, false, 'detected', undefined] as const)
      expect(math({ inline }).name).toBe('math');
    expect(directive({ leaf: true, text: false }).name).toBe('directive');
  });
});
