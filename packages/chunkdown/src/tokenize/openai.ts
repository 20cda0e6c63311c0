/**
 * Token counters for OpenAI's BPE encodings, to size chunks in tokens:
 *
 * ```ts
 * import { chunkdown } from 'chunkdown';
 * import { cl100k_base } from 'chunkdown/tokenizers';
 *
 * const splitter = chunkdown({ chunkSize: 256, maxRawSize: 512, lengthFunction: cl100k_base });
 * ```
 *
 * Counting uses `gpt-tokenizer` (an optional peer dependency, install it beside `chunkdown`).
 * It was picked over `js-tiktoken` by measurement (`bench/tokenizers.mjs`): identical counts on
 * every document, paragraph and edge case of the corpus, 2–6× the throughput and 3–4× faster to
 * load. This module is the entry point `chunkdown/tokenizers` (also `chunkdown/tokenizers/openai`),
 * which needs that package only. The core never loads a tokenizer.
 *
 * @module
 */
import { countTokens as countCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens as countO200k } from 'gpt-tokenizer/encoding/o200k_base';
import type { LengthFunction } from '../types.js';

/** Names of the encodings {@link tokenCounter} accepts. */
export const tokenizerNames = ['cl100k_base', 'o200k_base'] as const;

/** Name of a supported encoding. */
export type TokenizerName = (typeof tokenizerNames)[number];

/**
 * Special tokens such as `<|endoftext|>` are counted as the plain text they are written with:
 * a document that mentions one is content, not a control sequence, and must not throw.
 */
const plainText = { disallowedSpecial: new Set<string>() };

/**
 * Count `cl100k_base` tokens (GPT-4, GPT-3.5, `text-embedding-3-*`, `text-embedding-ada-002`).
 *
 * @param text Text to measure.
 * @returns Number of tokens in `text`.
 */
export const cl100k_base: LengthFunction = (text) => countCl100k(text, plainText);

/**
 * Count `o200k_base` tokens (GPT-4o, GPT-4.1, GPT-5, o-series).
 *
 * @param text Text to measure.
 * @returns Number of tokens in `text`.
 */
export const o200k_base: LengthFunction = (text) => countO200k(text, plainText);

const counters: Record<TokenizerName, LengthFunction> = { cl100k_base, o200k_base };

/**
 * Whether `name` is the name of a supported encoding.
 *
 * @param name Value to check.
 * @returns `true` when `name` is one of {@link tokenizerNames}.
 */
export function isTokenizerName(name: unknown): name is TokenizerName {
  return typeof name === 'string' && Object.hasOwn(counters, name);
}

/**
 * Get the token counter of an encoding by name, for use as `lengthFunction`.
 *
 * @param name Encoding name: `'cl100k_base'` or `'o200k_base'`.
 * @returns The counter of that encoding.
 * @throws {RangeError} When `name` is not a supported encoding.
 */
export function tokenCounter(name: TokenizerName): LengthFunction {
  if (!isTokenizerName(name)) {
    throw new RangeError(
      `Unknown tokenizer \`${String(name)}\` for \`tokens\`, expected ${tokenizerNames
        .map((known) => `\`${known}\``)
        .join(' or ')}`,
    );
  }
  return counters[name];
}
