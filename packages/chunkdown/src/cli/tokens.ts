import type { LengthFunction } from '../types.js';
import { UsageError } from './errors.js';

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
    const { tokenCounter } = await import('../tokenizers.js');
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
