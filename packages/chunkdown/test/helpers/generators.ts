import fc from 'fast-check';
/** Generators of markdown documents and options for property tests. */
import type { ChunkdownOptions, SplitRule } from '../../src/index.js';

const word = fc.constantFrom(
  'alpha',
  'beta',
  'gamma',
  'delta',
  'e.g.',
  'U.S.A.',
  'v1.2.0',
  'index.ts',
  '3.14',
  'well-known',
  'naïve',
  'über',
  '数据',
  '東京タワー',
  'ภาษาไทย',
  '😀',
  'x',
  'a_b',
  '2*3',
  'C#',
  'end.',
  'stop!',
  'why?',
  'then;',
  'so,',
);
const words = fc.array(word, { minLength: 1, maxLength: 14 }).map((items) => items.join(' '));
const inline = fc.oneof(
  { weight: 6, arbitrary: words },
  { weight: 1, arbitrary: words.map((text) => `**${text}**`) },
  { weight: 1, arbitrary: words.map((text) => `*${text}*`) },
  { weight: 1, arbitrary: words.map((text) => `~~${text}~~`) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(words, fc.nat(99))
      .map(([text, n]) => `[${text}](https://example.com/${n})`),
  },
  { weight: 1, arbitrary: words.map((text) => `\`${text}\``) },
  { weight: 1, arbitrary: fc.nat(99).map((n) => `![image ${n}](i${n}.png)`) },
);
const paragraph = fc.array(inline, { minLength: 1, maxLength: 8 }).map((parts) => parts.join(' '));
const heading = fc
  .tuple(fc.integer({ min: 1, max: 6 }), words)
  .map(([depth, text]) => `${'#'.repeat(depth)} ${text}`);
const listItem = fc.tuple(paragraph, fc.option(words, { nil: undefined }));
const list = fc
  .tuple(fc.boolean(), fc.array(listItem, { minLength: 1, maxLength: 8 }))
  .map(([ordered, items]) =>
    items
      .map(
        ([text, nested], index) =>
          `${ordered ? `${index + 1}.` : '-'} ${text}${nested ? `\n   - ${nested}` : ''}`,
      )
      .join('\n'),
  );
const table = fc
  .tuple(
    fc.integer({ min: 1, max: 4 }),
    fc.array(fc.array(words, { minLength: 4, maxLength: 4 }), { maxLength: 10 }),
  )
  .map(([columns, rows]) => {
    const header = `| ${Array.from({ length: columns }, (_, index) => `col${index}`).join(' | ')} |`;
    const rule = `| ${Array.from({ length: columns }, () => '---').join(' | ')} |`;
    return [header, rule, ...rows.map((row) => `| ${row.slice(0, columns).join(' | ')} |`)].join(
      '\n',
    );
  });
const code = fc
  .tuple(
    fc.constantFrom('', 'js', 'python'),
    fc.array(fc.oneof(words, fc.constant('')), { minLength: 1, maxLength: 12 }),
  )
  .map(([lang, lines]) => `\`\`\`${lang}\n${lines.join('\n')}\n\`\`\``);
const quote = fc
  .array(paragraph, { minLength: 1, maxLength: 3 })
  .map((parts) => parts.map((part) => `> ${part}`).join('\n>\n'));
const block = fc.oneof(
  { weight: 5, arbitrary: paragraph },
  { weight: 2, arbitrary: heading },
  { weight: 2, arbitrary: list },
  { weight: 1, arbitrary: table },
  { weight: 1, arbitrary: code },
  { weight: 1, arbitrary: quote },
  { weight: 1, arbitrary: fc.constant('---') },
  { weight: 1, arbitrary: fc.constant('<div>\nsome html\n</div>') },
);
export const document = fc
  .array(block, { minLength: 1, maxLength: 14 })
  .map((blocks) => blocks.join('\n\n'));

const splitRule: fc.Arbitrary<SplitRule> = fc.constantFrom<SplitRule>(
  'never-split',
  'allow-split',
  { rule: 'size-split', size: 30 },
);
export const options = fc.record(
  {
    chunkSize: fc.integer({ min: 1, max: 400 }),
    maxOverflowRatio: fc.double({ min: 1, max: 2, noNaN: true }),
    maxRawSize: fc.integer({ min: 20, max: 600 }),
    context: fc.boolean(),
    rules: fc.record(
      {
        link: fc.record({
          split: splitRule,
          style: fc.constantFrom('inline', 'preserve') as fc.Arbitrary<'inline' | 'preserve'>,
        }),
        formatting: fc.record({ split: splitRule }),
        list: fc.record({ split: splitRule }),
        table: fc.record({ split: splitRule }),
        word: fc.record({ split: fc.constantFrom<SplitRule>('never-split', 'allow-split') }),
      },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: ['chunkSize'] },
) as fc.Arbitrary<ChunkdownOptions>;
