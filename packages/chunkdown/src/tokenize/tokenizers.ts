/**
 * Token counters for OpenAI's encodings, to size chunks in the tokens of the model that embeds
 * them (`cl100k_base`, `o200k_base`, on `gpt-tokenizer`):
 *
 * ```ts
 * import { chunkdown } from 'chunkdown';
 * import { cl100k_base } from 'chunkdown/tokenizers';
 *
 * chunkdown({ chunkSize: 256, maxRawSize: 512, lengthFunction: cl100k_base });
 * ```
 *
 * This entry point needs `gpt-tokenizer` only (an optional peer dependency, install it beside
 * `chunkdown`); `chunkdown/tokenizers/openai` is the same module under its longer name. The
 * counter of any Hugging Face `tokenizer.json`, `fromTokenizerJson`, is the entry point
 * `chunkdown/tokenizers/json`, which needs `@huggingface/tokenizers` only: each entry point loads
 * only the package it counts with.
 *
 * @module
 */
export {
  cl100k_base,
  isTokenizerName,
  o200k_base,
  type TokenizerName,
  tokenCounter,
  tokenizerNames,
} from './openai.js';
