import { createDocumentAnalyzer } from './lib/document-analysis.ts';
import { applyEdits } from './lib/edits.ts';
import { describe } from './lib/live-split.ts';
import { lengthFunctionFor, loadTokenizer } from './lib/size-unit.ts';
import type { DocumentMessage, DocumentWorkerRequest } from './protocol.ts';

/** The worker's global scope, typed for what it uses (the page's DOM typings describe a window). */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<DocumentWorkerRequest>) => void) | null;
  postMessage(message: DocumentMessage): void;
};

// The whole-document work (the outline's parse, LangChain's split), beside the split worker so
// that it never holds up the chunks of the next keystroke.
const analyzer = createDocumentAnalyzer();
/** The page's text, kept up to date from the edits it sends. */
let text = '';

scope.onmessage = async ({ data: request }) => {
  if (request.kind === 'tokenizer') {
    const loaded = await loadTokenizer(request.name, request.text);
    scope.postMessage({ kind: 'tokenizer', id: request.id, ...loaded });
    return;
  }
  try {
    text = applyEdits(text, request.edits);
  } catch (error) {
    scope.postMessage({ id: request.id, ok: false, error: describe(error), resync: true });
    return;
  }
  try {
    const lengthFunction = await lengthFunctionFor(request.settings);
    const analysis = await analyzer.analyze(text, request.settings, lengthFunction);
    scope.postMessage({ id: request.id, ok: true, analysis });
  } catch (error) {
    scope.postMessage({ id: request.id, ok: false, error: describe(error) });
  }
};
