import { exampleText } from './examples.ts';
import { applyEdits } from './lib/edits.ts';
import { encodeState } from './lib/url-state.ts';
import type { ShareAnswer, ShareRequest } from './protocol.ts';

/** The worker's global scope, typed for what it uses. */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<ShareRequest>) => void) | null;
  postMessage(message: ShareAnswer): void;
};

// Compressing a 1 MB document takes a while: it runs here, beside the split worker, so it holds
// up neither the page nor the next split.
/** The page's text, kept up to date from the edits it sends. */
let text = '';

scope.onmessage = ({ data: request }) => {
  try {
    text = applyEdits(text, request.edits);
  } catch {
    scope.postMessage({ id: request.id, hash: '', resync: true });
    return;
  }
  const { example, settings } = request;
  scope.postMessage({
    id: request.id,
    hash: encodeState({ text, example, settings }, exampleText),
  });
};
