import type { LengthFunction } from 'chunkdown';
import { analyze } from './lib/analyze.ts';
import type { Settings } from './lib/settings.ts';
import type { TokenizerRequest, WorkerMessage, WorkerRequest } from './protocol.ts';

/** The worker's global scope, typed for what it uses (the page's DOM typings describe a window). */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerMessage): void;
};

const characters: LengthFunction = (text) => text.length;
let cl100k: Promise<LengthFunction> | undefined;
/** The tokenizer.json the user loaded last: its name, parsed JSON and counters by prefix. */
let tokenizer: { name: string; json: unknown; byPrefix: Map<string, LengthFunction> } | undefined;
const tokenizerLibrary = () => import('chunkdown/tokenizers/json');

/**
 * The length function of the settings' size unit; the cl100k tables (about 1 MB) and the
 * tokenizer.json library load on first use.
 *
 * @param settings The settings (the unit, and the prefix of the `tokenizer` unit).
 * @returns Length function.
 */
async function lengthFunctionFor(settings: Settings): Promise<LengthFunction> {
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
 */
async function loadTokenizer(request: TokenizerRequest): Promise<void> {
  try {
    const json: unknown = JSON.parse(request.text);
    const { fromTokenizerJson } = await tokenizerLibrary();
    const counter = fromTokenizerJson(json as never);
    tokenizer = { name: request.name, json, byPrefix: new Map([['', counter]]) };
    scope.postMessage({
      kind: 'tokenizer',
      id: request.id,
      ok: true,
      name: request.name,
      specialTokens: [...counter.specialTokens],
    });
  } catch (error) {
    const reason = error instanceof SyntaxError ? `not JSON (${error.message})` : errorText(error);
    scope.postMessage({ kind: 'tokenizer', id: request.id, ok: false, error: reason });
  }
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

scope.onmessage = async ({ data: request }) => {
  if (request.kind === 'tokenizer') {
    await loadTokenizer(request);
    return;
  }
  const began = performance.now();
  try {
    const lengthFunction = await lengthFunctionFor(request.settings);
    const analysis = await analyze(request.text, request.settings, lengthFunction);
    const ms = performance.now() - began;
    scope.postMessage({ id: request.id, ok: true, analysis, ms });
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    scope.postMessage({ id: request.id, ok: false, error: message });
  }
};
