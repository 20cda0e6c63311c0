import { createDocumentAnalyzer } from './lib/document-analysis.ts';
import { describe } from './lib/live-split.ts';
import { lengthFunctionFor } from './lib/size-unit.ts';
import type { DocumentMessage, DocumentRequest } from './protocol.ts';

/** The worker's global scope, typed for what it uses (the page's DOM typings describe a window). */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<DocumentRequest>) => void) | null;
  postMessage(message: DocumentMessage): void;
};

// The whole-document work (the outline's parse, LangChain's split), beside the split worker so
// that it never holds up the chunks of the next keystroke.
const analyzer = createDocumentAnalyzer();

scope.onmessage = async ({ data: request }) => {
  try {
    const lengthFunction = await lengthFunctionFor(request.settings.unit);
    const analysis = await analyzer.analyze(request.text, request.settings, lengthFunction);
    scope.postMessage({ id: request.id, ok: true, analysis });
  } catch (error) {
    scope.postMessage({ id: request.id, ok: false, error: describe(error) });
  }
};
