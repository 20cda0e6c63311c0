import { applyEdits } from './lib/edits.ts';
import { createLiveSplitter, describe } from './lib/live-split.ts';
import { lengthFunctionFor, loadTokenizer } from './lib/size-unit.ts';
import type { WorkerMessage, WorkerRequest } from './protocol.ts';

/** The worker's global scope, typed for what it uses (the page's DOM typings describe a window). */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest>) => void) | null;
  postMessage(message: WorkerMessage, transfer: Transferable[]): void;
};

// One live splitter for the page: a splitter per settings, updated from its latest result.
const live = createLiveSplitter();
/** The page's text, kept up to date from the edits it sends. */
let text = '';

scope.onmessage = async ({ data: request }) => {
  if (request.kind === 'tokenizer') {
    const loaded = await loadTokenizer(request.name, request.text);
    scope.postMessage({ kind: 'tokenizer', id: request.id, ...loaded }, []);
    return;
  }
  const began = performance.now();
  try {
    text = applyEdits(text, request.edits);
  } catch (error) {
    scope.postMessage({ id: request.id, ok: false, error: describe(error), resync: true }, []);
    return;
  }
  try {
    const lengthFunction = await lengthFunctionFor(request.settings);
    const chunkdown = live.split(text, request.settings, lengthFunction);
    const ms = performance.now() - began;
    // The offsets travel as a buffer, not copied.
    const transfer = chunkdown.ok ? [chunkdown.delta.offsets.buffer] : [];
    scope.postMessage({ id: request.id, ok: true, chunkdown, length: text.length, ms }, transfer);
  } catch (error) {
    scope.postMessage({ id: request.id, ok: false, error: describe(error) }, []);
  }
};
