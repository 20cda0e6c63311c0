import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { LengthFunction } from '../types.js';
import { describeError, UsageError } from './errors.js';

/**
 * Encodings `--tokens` accepts. The same list as `tokenizerNames` of `chunkdown/tokenizers`
 * (a test keeps them equal), repeated here so that parsing flags does not load a tokenizer.
 */
export const tokenNames = ['cl100k_base', 'o200k_base'] as const;

/** An encoding `--tokens` accepts. */
export type TokenName = (typeof tokenNames)[number];

/**
 * Whether `name` is an encoding `--tokens` accepts.
 *
 * @param name Value to check.
 * @returns `true` for a known encoding.
 */
export function isTokenName(name: unknown): name is TokenName {
  return (tokenNames as readonly unknown[]).includes(name);
}

/**
 * Load the token counter of an encoding (and with it the tokenizer library).
 *
 * @param name Encoding name.
 * @returns Its length function.
 * @throws {UsageError} When the optional `gpt-tokenizer` package is not installed.
 */
export async function loadTokenCounter(name: TokenName): Promise<LengthFunction> {
  try {
    const { tokenCounter } = await import('../tokenize/openai.js');
    return tokenCounter(name);
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : '';
    if (code === 'ERR_MODULE_NOT_FOUND' && String(error).includes('gpt-tokenizer')) {
      throw new UsageError(
        '--tokens needs the optional package gpt-tokenizer: install it with `npm install gpt-tokenizer`',
      );
    }
    throw error;
  }
}

/**
 * Load a Hugging Face `tokenizer.json` (and with it the tokenizer library) as a length function
 * that counts the special tokens and the prefix once per chunk.
 *
 * @param path The file, as the user gave it (relative to `cwd`); errors name it so.
 * @param prefix What the model embeds documents with before the text.
 * @param cwd The working directory of the run.
 * @returns Its length function.
 * @throws {UsageError} When the file cannot be read, is not JSON or not a tokenizer, or the
 *   optional `@huggingface/tokenizers` package is not installed; one line naming the file.
 */
export async function loadTokenizerJson(
  path: string,
  prefix = '',
  cwd = process.cwd(),
): Promise<LengthFunction> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, path), 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --tokenizer ${path}: ${describeError(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `--tokenizer ${path} is not JSON (expected a Hugging Face tokenizer.json): ${describeError(error)}`,
    );
  }
  let fromTokenizerJson: typeof import('../tokenize/json.js').fromTokenizerJson;
  try {
    ({ fromTokenizerJson } = await import('../tokenize/json.js'));
  } catch (error) {
    const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : '';
    if (code === 'ERR_MODULE_NOT_FOUND' && String(error).includes('@huggingface/tokenizers')) {
      throw new UsageError(
        '--tokenizer needs the optional package @huggingface/tokenizers: install it with `npm install @huggingface/tokenizers`',
      );
    }
    throw error;
  }
  try {
    return fromTokenizerJson(json as never, { prefix });
  } catch (error) {
    if (error instanceof TypeError || error instanceof RangeError) {
      throw new UsageError(`--tokenizer ${path}: ${error.message}`);
    }
    throw error;
  }
}
