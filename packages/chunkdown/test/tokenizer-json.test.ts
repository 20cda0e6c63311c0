import { Tokenizer } from '@huggingface/tokenizers';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { chunkdown } from '../src/index.js';
import { fromTokenizerJson, tokenizerModelTypes } from '../src/tokenize/json.js';
import { referenceCounter } from './helpers/tokenizers.js';
import { withTemplate, wordPieceTokenizer } from './helpers/wordpiece.js';

const samples = [
  'Hello, world!',
  '# Getting started\n\nInstall the package:\n\n```sh\nnpm install chunkdown\n```\n',
  '| option | default |\n| --- | --- |\n| `chunkSize` | required |',
  'Café naïve Ünïcödé — 日本語のテキスト, 中文 and 한국어; emoji 🎉👩‍💻.',
  'Literal special tokens: [CLS] [SEP] [MASK] in a sentence.',
  'running jumped quickly unbelievable antidisestablishmentarianism',
  '   leading and trailing whitespace \t\r\n\n',
  'word '.repeat(300),
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('fromTokenizerJson', () => {
  const bert = wordPieceTokenizer();

  test('counts a text alone, and a chunk as the model sees it, as the Rust library does', async () => {
    const length = fromTokenizerJson(bert, { prefix: 'passage: ' });
    const reference = referenceCounter(bert);
    const alone = await reference.counts(samples, false);
    const seen = await reference.counts(
      samples.map((text) => `passage: ${text}`),
      true,
    );
    expect(samples.map(length)).toEqual(alone);
    expect(samples.map(length.modelLength)).toEqual(seen);
    expect(length.specialTokens).toEqual(['[CLS]', '[SEP]']);
    expect(length.prefix).toBe('passage: ');
    // `passage: ` is three tokens (`passage` in pieces, `:`): the reserve is the prefix alone
    // plus `[CLS]` and `[SEP]`.
    expect(length.reserve).toBe(length('passage: ') + 2);
    expect(length.modelLength('Hello')).toBe(length('passage: Hello') + 2);
  });

  test('special tokens can be left out, and the prefix alone is then the reserve', () => {
    const length = fromTokenizerJson(bert, { specialTokens: false, prefix: 'query: ' });
    expect(length.specialTokens).toEqual([]);
    expect(length.reserve).toBe(length('query: '));
    expect(length.modelLength('a b c')).toBe(length('query: a b c'));
    const plain = fromTokenizerJson(bert);
    expect(plain.reserve).toBe(2);
    expect(plain.modelLength('')).toBe(2);
    expect(plain('')).toBe(0);
  });

  test('a tokenizer without special tokens reserves nothing', () => {
    const length = fromTokenizerJson(wordPieceTokenizer({ specialTokens: false }));
    expect(length.reserve).toBe(0);
    expect(length.modelLength('Hello world')).toBe(length('Hello world'));
  });

  test('counts what a template around the text adds (EmbeddingGemma, Qwen3-Embedding)', async () => {
    const wrapped = withTemplate(bert, ['[CLS]', '[MASK]'], ['[SEP]']);
    const length = fromTokenizerJson(wrapped);
    expect(length.specialTokens).toEqual(['[CLS]', '[MASK]', '[SEP]']);
    expect(samples.map(length.modelLength)).toEqual(
      await referenceCounter(wrapped).counts(samples, true),
    );
  });

  test('takes the text of a tokenizer.json too, and leaves the object as it was', () => {
    const before = JSON.stringify(bert);
    const fromText = fromTokenizerJson(before);
    const fromObject = fromTokenizerJson(bert);
    expect(samples.map(fromText)).toEqual(samples.map(fromObject));
    expect(JSON.stringify(bert)).toBe(before);
  });

  test('parts a tokenizer.json may leave out are none; truncation and padding are ignored', () => {
    const { normalizer, decoder, post_processor, ...rest } = bert;
    const bare = fromTokenizerJson({
      ...rest,
      truncation: { max_length: 4, strategy: 'LongestFirst', stride: 0 },
      padding: { strategy: { Fixed: 64 }, pad_id: 0, pad_token: '[PAD]' },
    });
    expect(bare.reserve).toBe(0);
    // No lowercasing normalizer: `THEWORLD` is one unknown word, not `the` and five pieces.
    expect(bare('the world')).toBe(2);
    expect(bare('THEWORLD')).toBe(1);
    expect(fromTokenizerJson(bert)('THEWORLD')).toBe(6);
    expect(bare('word '.repeat(10))).toBe(10);
    expect([normalizer, decoder, post_processor].every((part) => part !== undefined)).toBe(true);
  });

  test('counts every text once: the same text again is a lookup', () => {
    const tokenize = vi.spyOn(Tokenizer.prototype, 'tokenize');
    const length = fromTokenizerJson(bert, { prefix: 'passage: ' });
    const made = tokenize.mock.calls.length;
    const text = 'A sentence measured again and again.';
    const first = length(text);
    expect(length(text)).toBe(first);
    expect(length.modelLength(text)).toBe(length.modelLength(text));
    // One call for the text, one for the prefix and the text together.
    expect(tokenize.mock.calls.length - made).toBe(2);
  });

  test('the cache is bounded and counts stay right past it', () => {
    const length = fromTokenizerJson(bert);
    const texts = Array.from({ length: 20_000 }, (_, index) => `text number ${index}`);
    const counts = texts.map(length);
    expect(counts.slice(0, 3).map((_, index) => length(texts[index] as string))).toEqual(
      counts.slice(0, 3),
    );
    expect(length('text number 12345')).toBe(counts[12_345]);
  });

  test('options are checked', () => {
    expect(() => fromTokenizerJson(bert, { prefix: 3 as never })).toThrow(
      'Expected a string for `options.prefix`, not `3`',
    );
    expect(() => fromTokenizerJson(bert, { specialTokens: 'yes' as never })).toThrow(
      'Expected `true` or `false` for `options.specialTokens`',
    );
    expect(() => fromTokenizerJson(bert, { prefixes: 'x' } as never)).toThrow(
      'Unknown option `prefixes` for `fromTokenizerJson`, expected `prefix` or `specialTokens`',
    );
    expect(() => fromTokenizerJson(bert, [] as never)).toThrow(TypeError);
  });

  test.each([
    ['a number', 42, /^Expected a parsed tokenizer\.json .* not `42`$/],
    ['a list', [], /not a list$/],
    [
      'text that is not JSON',
      '{"model": ',
      /^Expected the text of a tokenizer\.json .*, but it is not JSON: /,
    ],
    ['no model', {}, /^Not a tokenizer\.json: it has no `model`/],
    [
      'a model that is a string',
      { model: 'BPE' },
      /^Not a tokenizer\.json: its `model` is a string/,
    ],
    [
      'a model type it does not read',
      { model: { type: 'WordLevel', vocab: {}, unk_token: '[UNK]' } },
      /^Unsupported tokenizer model `WordLevel` in the tokenizer\.json's `model\.type`, expected `BPE`, `WordPiece` or `Unigram`$/,
    ],
    [
      'a model without type',
      { model: { vocab: {} } },
      /^Not a tokenizer\.json: its `model` has no `type`/,
    ],
    ['BPE without merges', { model: { type: 'BPE', vocab: {} } }, /BPE `model\.merges` is missing/],
    [
      'Unigram with an object vocab',
      { model: { type: 'Unigram', vocab: {} } },
      /Unigram `model\.vocab` is a object/,
    ],
    [
      'an unknown normalizer',
      { ...wordPieceTokenizer(), normalizer: { type: 'Shout' } },
      /^Cannot read this tokenizer\.json: Unknown Normalizer type: Shout$/,
    ],
    [
      'a pre-tokenizer that is a string',
      { ...wordPieceTokenizer(), pre_tokenizer: 'bert' },
      /`pre_tokenizer` is a string/,
    ],
  ])('rejects %s with one line naming what is wrong', (_, value, message) => {
    let error: unknown;
    try {
      fromTokenizerJson(value as never);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\n');
  });

  test('names the model types it reads', () => {
    expect(tokenizerModelTypes).toEqual(['BPE', 'WordPiece', 'Unigram']);
  });
});

describe('a splitter sized by a tokenizer.json', () => {
  const length = fromTokenizerJson(wordPieceTokenizer(), { prefix: 'passage: ' });
  const document = [
    '# Tokens and prefixes',
    '',
    ...Array.from(
      { length: 12 },
      (_, index) =>
        `Paragraph ${index} says what the model sees: a prefix, the text, and the special tokens its template adds. It runs long enough to be split more than once, at sentence ends first.`,
    ).flatMap((paragraph) => [paragraph, '']),
    '```js',
    ...Array.from({ length: 30 }, (_, index) => `console.log("line ${index} of the example");`),
    '```',
  ].join('\n');

  test('every rawSize is what the model sees, within maxRawSize exactly', () => {
    for (const maxRawSize of [24, 40, 64, 128]) {
      const { chunks } = chunkdown({
        chunkSize: Math.floor(maxRawSize * 0.7),
        maxRawSize,
        lengthFunction: length,
      }).split(document);
      expect(chunks.length).toBeGreaterThan(1);
      for (const chunk of chunks) {
        expect(chunk.rawSize).toBe(length.modelLength(chunk.text));
        expect(chunk.rawSize).toBeLessThanOrEqual(maxRawSize);
      }
      // Under a tight cap, the cap is what limits: some chunk comes close to it.
      if (maxRawSize <= 40) {
        expect(Math.max(...chunks.map((chunk) => chunk.rawSize))).toBeGreaterThan(
          maxRawSize - length.reserve - 4,
        );
      }
    }
  });

  test('with context, the cap holds for embedText as the model sees it', () => {
    const { chunks } = chunkdown({
      chunkSize: 30,
      maxRawSize: 48,
      context: true,
      lengthFunction: length,
    }).split(document);
    for (const chunk of chunks) {
      expect(chunk.embedText).toBeDefined();
      expect(length.modelLength(chunk.embedText as string)).toBeLessThanOrEqual(48);
      expect(chunk.rawSize).toBe(length.modelLength(chunk.text));
    }
  });

  test('content sizes count the text tokens only', () => {
    const { chunks } = chunkdown({ chunkSize: 40, lengthFunction: length }).split(
      'One two three four five six.',
    );
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.contentSize).toBe(length('One two three four five six.'));
    expect(chunks[0]?.rawSize).toBe(length('passage: One two three four five six.') + 2);
  });

  test('a cap the reserve fills is refused, naming it', () => {
    expect(() =>
      chunkdown({ chunkSize: 4, maxRawSize: length.reserve, lengthFunction: length }),
    ).toThrow(
      `Expected \`options.maxRawSize\` to be larger than the ${length.reserve} the model adds to every chunk`,
    );
    expect(() =>
      chunkdown({ chunkSize: 4, maxRawSize: length.reserve + 1, lengthFunction: length }),
    ).not.toThrow();
  });

  test('any length function with modelLength and reserve is one; half of one is refused', () => {
    const words = Object.assign((text: string) => text.split(/\s+/).filter(Boolean).length, {
      modelLength: (text: string) => text.split(/\s+/).filter(Boolean).length + 1,
      reserve: 1,
    });
    const { chunks } = chunkdown({ chunkSize: 3, maxRawSize: 5, lengthFunction: words }).split(
      'a b c d e f g h i j',
    );
    expect(chunks.map((chunk) => chunk.rawSize)).toEqual(
      chunks.map((chunk) => words.modelLength(chunk.text)),
    );
    expect(Math.max(...chunks.map((chunk) => chunk.rawSize))).toBeLessThanOrEqual(5);
    expect(() =>
      chunkdown({ chunkSize: 3, lengthFunction: Object.assign(() => 1, { reserve: 1 }) }),
    ).toThrow('`options.lengthFunction.modelLength`');
    expect(() =>
      chunkdown({
        chunkSize: 3,
        lengthFunction: Object.assign(() => 1, { modelLength: () => 1, reserve: -1 }),
      }),
    ).toThrow('Expected an integer ≥ 0 for `options.lengthFunction.reserve`, not `-1`');
  });
});
