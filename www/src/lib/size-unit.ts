import type { LengthFunction } from 'chunkdown';
import type { Settings } from './settings.ts';

const characters: LengthFunction = (text) => text.length;
let cl100k: Promise<LengthFunction> | undefined;
/** The tokenizer.json loaded last: its name, parsed JSON and counters by prefix. */
let tokenizer: { name: string; json: unknown; byPrefix: Map<string, LengthFunction> } | undefined;
const tokenizerLibrary = () => import('chunkdown/tokenizers/json');

/** What loading a tokenizer.json gives: the special tokens it adds, or why it is not one. */
export type TokenizerLoad =
  | { ok: true; name: string; specialTokens: string[] }
  | { ok: false; error: string };

/**
 * The length function of the settings' size unit; the cl100k tables (about 1 MB) and the
 * tokenizer.json library load on first use. Each worker holds its own loaded tokenizer.
 *
 * @param settings The settings (the unit, and the prefix of the `tokenizer` unit).
 * @returns Length function.
 */
export async function lengthFunctionFor(settings: Settings): Promise<LengthFunction> {
  if (settings.unit === 'characters') return characters;
  if (settings.unit === 'tokenizer') {
    if (!tokenizer) {
      throw new Error(
        'No tokenizer.json loaded: pick one with “Load tokenizer.json…” (the file is not part of a link)',
      );
    }
    let counter = tokenizer.byPrefix.get(settings.prefix);
    if (!counter) {
      const { fromTokenizerJson } = await tokenizerLibrary();
      counter = fromTokenizerJson(tokenizer.json as never, { prefix: settings.prefix });
      tokenizer.byPrefix.set(settings.prefix, counter);
    }
    return counter;
  }
  cl100k ??= import('gpt-tokenizer/encoding/cl100k_base').then(({ countTokens }) => {
    // Text that happens to contain `<|endoftext|>` is counted as text, not rejected.
    const options = { disallowedSpecial: new Set<string>() };
    return (text: string) => countTokens(text, options);
  });
  return cl100k;
}

/**
 * Load a tokenizer.json: parse it and build its counter (the errors say what is wrong with the
 * file); it replaces the one loaded before only when it works.
 *
 * @param name The file's name.
 * @param text The file's text.
 * @returns The special tokens it adds to every chunk, or why it is not a tokenizer.
 */
export async function loadTokenizer(name: string, text: string): Promise<TokenizerLoad> {
  try {
    const json: unknown = JSON.parse(text);
    const { fromTokenizerJson } = await tokenizerLibrary();
    const counter = fromTokenizerJson(json as never);
    tokenizer = { name, json, byPrefix: new Map([['', counter]]) };
    return { ok: true, name, specialTokens: [...counter.specialTokens] };
  } catch (error) {
    const reason =
      error instanceof SyntaxError
        ? `not JSON (${error.message})`
        : error instanceof Error
          ? error.message
          : String(error);
    return { ok: false, error: reason };
  }
}
