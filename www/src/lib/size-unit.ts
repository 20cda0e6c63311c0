import type { LengthFunction } from 'chunkdown';
import type { SizeUnit } from './settings.ts';

const characters: LengthFunction = (text) => text.length;
let cl100k: Promise<LengthFunction> | undefined;

/**
 * The length function of a size unit; the cl100k tables (about 1 MB) load on first use.
 *
 * @param unit Size unit.
 * @returns Length function.
 */
export function lengthFunctionFor(unit: SizeUnit): Promise<LengthFunction> {
  if (unit === 'characters') return Promise.resolve(characters);
  cl100k ??= import('gpt-tokenizer/encoding/cl100k_base').then(({ countTokens }) => {
    // Text that happens to contain `<|endoftext|>` is counted as text, not rejected.
    const options = { disallowedSpecial: new Set<string>() };
    return (text: string) => countTokens(text, options);
  });
  return cl100k;
}
