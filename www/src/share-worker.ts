import { exampleText } from './examples.ts';
import { encodeState } from './lib/url-state.ts';
import type { ShareAnswer, ShareRequest } from './protocol.ts';

/** The worker's global scope, typed for what it uses. */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<ShareRequest>) => void) | null;
  postMessage(message: ShareAnswer): void;
};

// Compressing a 1 MB document takes a while: it runs here, beside the split worker, so it holds
// up neither the page nor the next split.
scope.onmessage = ({ data: request }) => {
  scope.postMessage({ id: request.id, hash: encodeState(request.state, exampleText) });
};
