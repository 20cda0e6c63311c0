/**
 * Token counters, to size chunks in the tokens of the model that embeds them: OpenAI's encodings
 * (`cl100k_base`, `o200k_base`, on `gpt-tokenizer`) and any Hugging Face `tokenizer.json`
 * (`fromTokenizerJson`, on `@huggingface/tokenizers`, counting the prefix and special tokens
 * once per chunk):
 *
 * ```ts
 * import { chunkdown } from 'chunkdown';
 * import { cl100k_base, fromTokenizerJson } from 'chunkdown/tokenizers';
 *
 * chunkdown({ chunkSize: 256, maxRawSize: 512, lengthFunction: cl100k_base });
 * chunkdown({ chunkSize: 400, maxRawSize: 512, lengthFunction: fromTokenizerJson(json, { prefix: 'passage: ' }) });
 * ```
 *
 * This entry point loads both optional peer dependencies. To install only one, import from
 * `chunkdown/tokenizers/openai` (needs `gpt-tokenizer`) or `chunkdown/tokenizers/json` (needs
 * `@huggingface/tokenizers`): they export the same functions.
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
} from './encodings.js';
export {
  fromTokenizerJson,
  type TokenizerJson,
  type TokenizerJsonLength,
  type TokenizerJsonOptions,
  tokenizerModelTypes,
} from './tokenizer-json.js';
