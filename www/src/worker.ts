import type { LengthFunction } from 'chunkdown';
import { analyze } from './lib/analyze.ts';
import type { SizeUnit } from './lib/settings.ts';
import type { SplitRequest, WorkerMessage } from './protocol.ts';

/** The worker's global scope, typed for what it uses (the page's DOM typings describe a window). */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<SplitRequest>) => void) | null;
  postMessage(message: WorkerMessage): void;
};

const characters: LengthFunction = (text) => text.length;
let cl100k: Promise<LengthFunction> | undefined;

/**
 * The length function of a size unit; the cl100k tables (about 1 MB) load on first use.
 *
 * @param unit Size unit.
 * @returns Length function.
 */
function lengthFunctionFor(unit: SizeUnit): Promise<LengthFunction> {
  if (unit === 'characters') return Promise.resolve(characters);
  cl100k ??= import('gpt-tokenizer/encoding/cl100k_base').then(({ countTokens }) => {
    // Text that happens to contain `<|endoftext|>` is counted as text, not rejected.
    const options = { disallowedSpecial: new Set<string>() };
    return (text: string) => countTokens(text, options);
  });
  return cl100k;
}

scope.onmessage = async ({ data: request }) => {
  const began = performance.now();
  try {
    const lengthFunction = await lengthFunctionFor(request.settings.unit);
    const analysis = await analyze(request.text, request.settings, lengthFunction);
    const ms = performance.now() - began;
    scope.postMessage({ id: request.id, ok: true, analysis, ms });
  } catch (error) {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    scope.postMessage({ id: request.id, ok: false, error: message });
  }
};
