import { type ChunkdownAnalysis, chunkdownAnalysis } from '../lib/analyze.ts';
import { createChunkStore } from '../lib/chunk-store.ts';
import { latestQueue } from '../lib/latest.ts';
import type { AppState } from '../lib/settings.ts';
import type { SplitRequest, TokenizerAnswer, WorkerMessage, WorkerRequest } from '../protocol.ts';
import type { EditFeed } from './editor.ts';
import { createTokenizerRequests } from './tokenizer-requests.ts';

/** An answer to draw: chunkdown's chunks, the request it answers and the revision of the text. */
export interface SplitAnswer {
  request: SplitRequest;
  /** chunkdown's chunks with their report, or the error its options raised. */
  chunkdown: ChunkdownAnalysis;
  /** The store's revision the request was made from. */
  revision: number;
}

/** What the client reports to the page. */
export interface SplitEvents {
  /** A request went to the worker. */
  started(): void;
  /** The worker answered the newest request. */
  answered(answer: SplitAnswer): void;
  /** The worker failed on the newest request, or could not start. */
  failed(message: string): void;
}

/** What the client needs of a worker (a `Worker` running `worker.ts`, or a stand-in). */
export interface SplitWorker {
  postMessage(request: WorkerRequest): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkerMessage>) => void): void;
  addEventListener(type: 'error', listener: (event: ErrorEvent) => void): void;
}

/** Requests to the split worker. */
export interface SplitClient {
  /**
   * Ask for a split of the text with these options. While the worker is busy only the newest
   * request waits, and the answer to a request that a newer one followed is not drawn. The text
   * goes as edits, taken from the feed (with the store's revision) when the request goes out.
   *
   * @param state Example and options (the text comes from the feed).
   */
  split(state: Readonly<Pick<AppState, 'example' | 'settings'>>): void;
  /** Whether a request is with the worker. */
  readonly busy: boolean;
  /**
   * Hand the worker a `tokenizer.json` to measure the `tokenizer` unit with (it replaces the one
   * before only when it loads).
   *
   * @param name The file's name.
   * @param text The file's text.
   * @returns What the worker says: the special tokens it adds, or why the file is not one.
   */
  loadTokenizer(name: string, text: string): Promise<TokenizerAnswer>;
}

/**
 * Start the split worker (`worker.ts`, bundled by Vite as a module worker).
 *
 * @returns The worker.
 */
export function startSplitWorker(): Worker {
  return new Worker(new URL('../worker.ts', import.meta.url), { type: 'module' });
}

/**
 * Talk to the split worker. Its answers carry chunkdown's chunks as deltas: the client applies
 * each one to its chunk store, even an answer it does not draw, so the store holds what the
 * worker thinks it holds.
 *
 * @param worker The worker, from {@link startSplitWorker}.
 * @param events Where answers and failures go.
 * @param source The text's edits and the store's revision, read as a request goes out.
 * @returns The client.
 */
export function createSplitClient(
  worker: SplitWorker,
  events: SplitEvents,
  source: { feed: Pick<EditFeed, 'take' | 'reset'>; revision(): number },
): SplitClient {
  type Job = { request: SplitRequest; revision: number };
  let nextId = 0;
  let inFlight: Job | null = null;
  let last: Pick<AppState, 'example' | 'settings'> | null = null;
  const store = createChunkStore();
  const queue = latestQueue<Omit<SplitRequest, 'edits'>>((pending) => {
    const job = {
      request: { ...pending, edits: source.feed.take() },
      revision: source.revision(),
    };
    inFlight = job;
    events.started();
    worker.postMessage(job.request);
  });
  const tokenizers = createTokenizerRequests((request) => worker.postMessage(request));
  worker.addEventListener('message', (event) => {
    const response = event.data;
    if (response.kind === 'tokenizer') {
      tokenizers.settle(response);
      return;
    }
    const job = inFlight as Job | null;
    if (!response.ok && response.resync) {
      // The worker's copy of the text is out of step: send it whole, with the newest options.
      source.feed.reset();
      queue.done();
      if (!queue.busy && last) queue.push({ id: ++nextId, ...last });
      return;
    }
    queue.done();
    if (!job || response.id !== job.request.id) return;
    const chunks =
      response.ok && response.chunkdown.ok ? store.apply(response.chunkdown.delta) : [];
    // A newer request is already running: skip drawing this one.
    if (queue.busy) return;
    if (response.ok) {
      const { settings } = job.request;
      events.answered({
        request: job.request,
        chunkdown: chunkdownAnalysis(response.chunkdown, chunks, settings, response.length),
        revision: job.revision,
      });
    } else {
      events.failed(`The worker failed: ${response.error}`);
    }
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    events.failed(`The worker failed to start: ${event.message || 'unknown error'}`);
  });
  return {
    split(state) {
      const { settings, example } = state;
      last = { settings, example };
      queue.push({ id: ++nextId, settings, example });
    },
    get busy() {
      return queue.busy;
    },
    loadTokenizer: tokenizers.load,
  };
}
