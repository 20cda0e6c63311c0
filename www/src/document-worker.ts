import { createDocumentAnalyzer } from './lib/document-analysis.ts';
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

scope.onmessage = async ({ data: request }) => {
  if (request.kind === 'tokenizer') {
    const loaded = await loadTokenizer(request.name, request.text);
    scope.postMessage({ kind: 'tokenizer', id: request.id, ...loaded });
    return;
  }
  try {
    const lengthFunction = await lengthFunctionFor(request.settings);
    const analysis = await analyzer.analyze(request.text, request.settings, lengthFunction);
    scope.postMessage({ id: request.id, ok: true, analysis });
  } catch (error) {
    scope.postMessage({ id: request.id, ok: false, error: describe(error) });
  }
};
