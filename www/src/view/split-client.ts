import type { Analysis } from '../lib/analyze.ts';
import { latestQueue } from '../lib/latest.ts';
import type { AppState } from '../lib/settings.ts';
import type { SplitRequest, TokenizerAnswer, WorkerMessage, WorkerRequest } from '../protocol.ts';

/** An answer to draw: the analysis, the request it answers and the revision of the text. */
export interface SplitAnswer {
  request: SplitRequest;
  analysis: Analysis;
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
   * Ask for a split of `state`. While the worker is busy only the newest request waits, and the
   * answer to a request that a newer one followed is dropped.
   *
   * @param state Text, example and options.
   * @param revision The store's revision of the text.
   */
  split(state: Readonly<AppState>, revision: number): void;
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
 * Talk to the split worker.
 *
 * @param worker The worker, from {@link startSplitWorker}.
 * @param events Where answers and failures go.
 * @returns The client.
 */
export function createSplitClient(worker: SplitWorker, events: SplitEvents): SplitClient {
  type Job = { request: SplitRequest; revision: number };
  let nextId = 0;
  let inFlight: Job | null = null;
  const queue = latestQueue<Job>((job) => {
    inFlight = job;
    events.started();
    worker.postMessage(job.request);
  });
  let nextTokenizerId = 0;
  const tokenizers = new Map<number, (answer: TokenizerAnswer) => void>();
  worker.addEventListener('message', (event) => {
    const response = event.data;
    if (response.kind === 'tokenizer') {
      tokenizers.get(response.id)?.(response);
      tokenizers.delete(response.id);
      return;
    }
    const job = inFlight;
    queue.done();
    // A newer request is already running: skip drawing this one.
    if (!job || response.id !== job.request.id || queue.busy) return;
    if (response.ok) {
      events.answered({
        request: job.request,
        analysis: response.analysis,
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
    split(state, revision) {
      const { text, settings, example } = state;
      queue.push({ request: { id: ++nextId, text, settings, example }, revision });
    },
    loadTokenizer(name, text) {
      const id = ++nextTokenizerId;
      return new Promise((resolve) => {
        tokenizers.set(id, resolve);
        worker.postMessage({ kind: 'tokenizer', id, name, text });
      });
    },
  };
}
