import type { DocumentAnalysis } from '../lib/document-analysis.ts';
import { latestQueue } from '../lib/latest.ts';
import type {
  DocumentMessage,
  DocumentRequest,
  DocumentWorkerRequest,
  TokenizerAnswer,
} from '../protocol.ts';
import type { EditFeed } from './editor.ts';
import { createTokenizerRequests } from './tokenizer-requests.ts';

/** What the document client reports to the page. */
export interface DocumentEvents {
  /** The worker answered the newest request. */
  answered(id: number, analysis: DocumentAnalysis): void;
  /** The worker failed on the newest request. */
  failed(id: number, message: string): void;
}

/** What the client needs of a worker (a `Worker` running `document-worker.ts`, or a stand-in). */
export interface DocumentWorker {
  postMessage(request: DocumentWorkerRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<DocumentMessage>) => void): void;
}

/** Requests to the document worker. */
export interface DocumentClient {
  /**
   * Ask for the outline and LangChain's split of a text. While the worker is busy only the
   * newest request waits, and only the newest request's answer is reported.
   *
   * @param request The text and options, with the id of the split request they go with.
   */
  analyze(request: Omit<DocumentRequest, 'edits'>): void;
  /**
   * Hand the worker a `tokenizer.json` too, for LangChain's split in its tokens.
   *
   * @param name The file's name.
   * @param text The file's text.
   * @returns What the worker says.
   */
  loadTokenizer(name: string, text: string): Promise<TokenizerAnswer>;
}

/**
 * Start the document worker (`document-worker.ts`, bundled by Vite as a module worker).
 *
 * @returns The worker.
 */
export function startDocumentWorker(): Worker {
  return new Worker(new URL('../document-worker.ts', import.meta.url), { type: 'module' });
}

/**
 * Talk to the document worker.
 *
 * @param worker The worker, from {@link startDocumentWorker}.
 * @param events Where answers and failures go.
 * @param feed The text's edits, for the worker's copy of the text (taken as a request goes out).
 * @returns The client.
 */
export function createDocumentClient(
  worker: DocumentWorker,
  events: DocumentEvents,
  feed: Pick<EditFeed, 'take' | 'reset'>,
): DocumentClient {
  let latest = -1;
  let lastSettings: DocumentRequest['settings'] | null = null;
  const queue = latestQueue<Omit<DocumentRequest, 'edits'>>((request) =>
    worker.postMessage({ ...request, edits: feed.take() }),
  );
  const tokenizers = createTokenizerRequests((request) => worker.postMessage(request));
  worker.addEventListener('message', (event) => {
    const response = event.data;
    if (response.kind === 'tokenizer') {
      tokenizers.settle(response);
      return;
    }
    queue.done();
    if (!response.ok && response.resync) {
      feed.reset();
      if (response.id === latest && !queue.busy) {
        queue.push({ id: response.id, settings: lastSettings as DocumentRequest['settings'] });
      }
      return;
    }
    if (response.id !== latest || queue.busy) return;
    if (response.ok) events.answered(response.id, response.analysis);
    else events.failed(response.id, `The document worker failed: ${response.error}`);
  });
  return {
    analyze(request) {
      latest = request.id;
      lastSettings = request.settings;
      queue.push(request);
    },
    loadTokenizer: tokenizers.load,
  };
}
