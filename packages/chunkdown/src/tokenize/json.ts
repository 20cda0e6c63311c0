/**
 * Token counters for any Hugging Face `tokenizer.json` (BERT-family WordPiece, BPE, Unigram), to
 * size chunks in the tokens of the model that embeds them:
 *
 * ```ts
 * import { chunkdown } from 'chunkdown';
 * import { fromTokenizerJson } from 'chunkdown/tokenizers/json';
 *
 * const json = JSON.parse(readFileSync('bge-small-en-v1.5/tokenizer.json', 'utf8'));
 * const splitter = chunkdown({ chunkSize: 400, maxRawSize: 512, lengthFunction: fromTokenizerJson(json) });
 * ```
 *
 * Counting uses `@huggingface/tokenizers` (pure JavaScript; an optional peer dependency, install
 * it beside `chunkdown`). This module is the entry point `chunkdown/tokenizers/json`, which needs
 * that package only (OpenAI's encodings are `chunkdown/tokenizers`, which needs `gpt-tokenizer`
 * only).
 *
 * @module
 */
import { Tokenizer } from '@huggingface/tokenizers';
import type { LengthFunction, ModelLengthFunction } from '../types.js';

/**
 * A parsed `tokenizer.json`, as the Hugging Face `tokenizers` library saves it. Only `model` is
 * required; `normalizer`, `pre_tokenizer`, `post_processor` and `decoder` default to none, and
 * `truncation` and `padding` are ignored (counts are never truncated or padded).
 */
export interface TokenizerJson {
  /** The model: `{ type: 'BPE' | 'WordPiece' | 'Unigram', vocab, … }`. */
  model: { type?: string; [key: string]: unknown };
  normalizer?: unknown;
  pre_tokenizer?: unknown;
  post_processor?: unknown;
  decoder?: unknown;
  added_tokens?: unknown[];
  [key: string]: unknown;
}

/** Options of {@link fromTokenizerJson}. */
export interface TokenizerJsonOptions {
  /**
   * What the model's documents are embedded with before the text (`'passage: '` for e5,
   * `'search_document: '` for nomic-embed): counted once per chunk, in `rawSize` and against
   * `maxRawSize`, together with the chunk's text. Default `''`.
   */
  prefix?: string | undefined;
  /**
   * Count the special tokens the tokenizer's post-processor adds to every sequence (`[CLS]` and
   * `[SEP]` for BERT, `<bos>` for Gemma), once per chunk. Default `true`; `false` when the
   * embedding pipeline encodes without them.
   */
  specialTokens?: boolean | undefined;
}

/**
 * The length function of a `tokenizer.json`: called with a text, its tokens alone (no special
 * tokens, no prefix); `modelLength` and `reserve` are what the splitter reads to hold
 * `maxRawSize` for what the model sees.
 */
export interface TokenizerJsonLength extends ModelLengthFunction {
  /** The special tokens counted once per chunk, as the post-processor adds them (`[]` for none). */
  readonly specialTokens: readonly string[];
  /** The prefix counted once per chunk (`''` for none). */
  readonly prefix: string;
}

/** The model types `@huggingface/tokenizers` implements. */
export const tokenizerModelTypes = ['BPE', 'WordPiece', 'Unigram'] as const;

/** Texts whose counts a length function keeps, at most (least recently used go first). */
const cacheEntries = 16_384;
/** Characters of cached texts a length function keeps, at most. */
const cacheCharacters = 4_000_000;

/**
 * Make a token counter from a Hugging Face `tokenizer.json`, for `lengthFunction`. It counts the
 * tokens the model sees: a chunk's `rawSize` is its prefix and text tokenized together plus the
 * special tokens, exactly, and `maxRawSize` holds for that; content sizes (`chunkSize`) count
 * the text's own tokens. Counts are cached per text (bounded), so measuring the same text again
 * costs a lookup.
 *
 * @param json
 *   The parsed `tokenizer.json` (or its text).
 * @param options
 *   `prefix` and `specialTokens`.
 * @returns
 *   The length function, with `modelLength`, `reserve`, `specialTokens` and `prefix`.
 * @throws {TypeError | RangeError}
 *   When `json` is not a tokenizer (not an object, not JSON, no `model`, a model type
 *   `@huggingface/tokenizers` does not implement, a part it cannot read) or an option is wrong;
 *   the message, one line, says what.
 */
export function fromTokenizerJson(
  json: TokenizerJson | string,
  options?: TokenizerJsonOptions | null,
): TokenizerJsonLength {
  const { prefix, specialTokens } = readOptions(options);
  const tokenizer = createTokenizer(readTokenizerJson(json));
  const added = specialTokens
    ? Object.freeze(tokenizer.tokenize('', { add_special_tokens: true }))
    : Object.freeze([] as string[]);
  const count = cachedCount(
    (text) => tokenizer.tokenize(text, { add_special_tokens: false }).length,
  );
  const withPrefix = prefix === '' ? count : cachedCount((text) => count(prefix + text));
  const length: LengthFunction = (text) => count(text);
  return Object.freeze(
    Object.assign(length, {
      modelLength: (text: string) => withPrefix(text) + added.length,
      reserve: count(prefix) + added.length,
      specialTokens: added,
      prefix,
    }),
  );
}

/** Check the options. */
function readOptions(options: TokenizerJsonOptions | null | undefined): {
  prefix: string;
  specialTokens: boolean;
} {
  if (options === null || options === undefined) return { prefix: '', specialTokens: true };
  if (typeof options !== 'object' || Array.isArray(options)) {
    throw new TypeError(
      `Expected an options object \`{ prefix?, specialTokens? }\` for \`fromTokenizerJson(json, options)\`, not ${kind(options)}`,
    );
  }
  for (const key of Object.keys(options)) {
    if (key !== 'prefix' && key !== 'specialTokens') {
      throw new RangeError(
        `Unknown option \`${key}\` for \`fromTokenizerJson\`, expected \`prefix\` or \`specialTokens\``,
      );
    }
  }
  const { prefix = '', specialTokens = true } = options;
  if (typeof prefix !== 'string') {
    throw new TypeError(`Expected a string for \`options.prefix\`, not ${kind(prefix)}`);
  }
  if (typeof specialTokens !== 'boolean') {
    throw new TypeError(
      `Expected \`true\` or \`false\` for \`options.specialTokens\`, not ${kind(specialTokens)}`,
    );
  }
  return { prefix, specialTokens };
}

/**
 * Check that a value is a `tokenizer.json` this library can count with, and give the object the
 * tokenizer is built from: the parts it leaves out are none, truncation and padding are off.
 */
function readTokenizerJson(json: unknown): Record<string, unknown> {
  let value = json;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch (error) {
      throw new TypeError(
        `Expected the text of a tokenizer.json for \`fromTokenizerJson(json)\`, but it is not JSON: ${oneLine(error)}`,
      );
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError(
      `Expected a parsed tokenizer.json (an object with a \`model\`) or its text for \`fromTokenizerJson(json)\`, not ${kind(value)}`,
    );
  }
  const object = value as Record<string, unknown>;
  const model = object.model;
  if (model === null || typeof model !== 'object' || Array.isArray(model)) {
    throw new TypeError(
      `Not a tokenizer.json: ${model === undefined ? 'it has no `model`' : `its \`model\` is ${kind(model)}`} (expected an object such as \`{ "type": "BPE", "vocab": {…}, "merges": […] }\`)`,
    );
  }
  const type = modelType(model as Record<string, unknown>);
  const parts = ['normalizer', 'pre_tokenizer', 'post_processor', 'decoder'] as const;
  for (const part of parts) {
    const given = object[part];
    if (
      given !== undefined &&
      given !== null &&
      (typeof given !== 'object' || Array.isArray(given))
    ) {
      throw new TypeError(
        `Not a tokenizer.json: its \`${part}\` is ${kind(given)} (expected an object with a \`type\`, or null)`,
      );
    }
  }
  const added = object.added_tokens ?? [];
  if (!Array.isArray(added)) {
    throw new TypeError(
      `Not a tokenizer.json: its \`added_tokens\` is ${kind(added)} (expected a list)`,
    );
  }
  return {
    ...object,
    model: { ...(model as object), type },
    ...Object.fromEntries(parts.map((part) => [part, object[part] ?? null])),
    added_tokens: added,
    truncation: null,
    padding: null,
  };
}

/** The model's type, checked: given, or told from its fields as the `tokenizers` library does. */
function modelType(model: Record<string, unknown>): string {
  const { type, vocab } = model;
  const known = (tokenizerModelTypes as readonly unknown[]).includes(type);
  if (type !== undefined && !known) {
    throw new RangeError(
      `Unsupported tokenizer model ${typeof type === 'string' ? `\`${type}\`` : kind(type)} in the tokenizer.json's \`model.type\`, expected ${tokenizerModelTypes
        .map((name) => `\`${name}\``)
        .join(', ')
        .replace(/, ([^,]*)$/, ' or $1')}`,
    );
  }
  const inferred =
    type ??
    (Array.isArray(vocab)
      ? 'Unigram'
      : Array.isArray(model.merges)
        ? 'BPE'
        : typeof model.continuing_subword_prefix === 'string'
          ? 'WordPiece'
          : undefined);
  if (inferred === undefined) {
    throw new TypeError(
      `Not a tokenizer.json: its \`model\` has no \`type\` (expected ${tokenizerModelTypes.map((name) => `\`${name}\``).join(', ')})`,
    );
  }
  const vocabOk =
    inferred === 'Unigram'
      ? Array.isArray(vocab)
      : vocab !== null && typeof vocab === 'object' && !Array.isArray(vocab);
  if (!vocabOk) {
    throw new TypeError(
      `Not a tokenizer.json: its ${inferred} \`model.vocab\` is ${kind(vocab)} (expected ${inferred === 'Unigram' ? 'a list of [piece, score]' : 'an object of token → id'})`,
    );
  }
  if (inferred === 'BPE' && !Array.isArray(model.merges)) {
    throw new TypeError(
      `Not a tokenizer.json: its BPE \`model.merges\` is ${kind(model.merges)} (expected a list)`,
    );
  }
  return inferred as string;
}

/** Build the tokenizer; what `@huggingface/tokenizers` cannot read becomes one line naming it. */
function createTokenizer(json: Record<string, unknown>): Tokenizer {
  let tokenizer: Tokenizer;
  try {
    tokenizer = new Tokenizer(json, {});
    // A part that reads but cannot run (a pattern it cannot compile, a vocab without its
    // `unk_token`) fails on the first text.
    tokenizer.tokenize('a b', { add_special_tokens: true });
  } catch (error) {
    throw new TypeError(`Cannot read this tokenizer.json: ${oneLine(error)}`);
  }
  return tokenizer;
}

/**
 * A count cached per text: the least recently used texts go first once the cache holds
 * {@link cacheEntries} texts or {@link cacheCharacters} characters.
 */
function cachedCount(count: LengthFunction): LengthFunction {
  const cache = new Map<string, number>();
  let characters = 0;
  return (text) => {
    const cached = cache.get(text);
    if (cached !== undefined) {
      // Most recently used last.
      cache.delete(text);
      cache.set(text, cached);
      return cached;
    }
    const result = count(text);
    if (text.length <= cacheCharacters / 4) {
      cache.set(text, result);
      characters += text.length;
      while (cache.size > cacheEntries || characters > cacheCharacters) {
        const oldest = cache.keys().next().value as string;
        cache.delete(oldest);
        characters -= oldest.length;
      }
    }
    return result;
  };
}

/** An error's message on one line. */
function oneLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.replace(/\s+/g, ' ').trim();
}

/** Describe a value for an error message. */
function kind(value: unknown): string {
  if (value === null) return '`null`';
  if (value === undefined) return 'missing';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return `a string (${JSON.stringify(value.slice(0, 40))})`;
  if (typeof value === 'number' || typeof value === 'boolean') return `\`${String(value)}\``;
  return `a ${typeof value}`;
}
