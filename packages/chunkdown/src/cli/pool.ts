import { Worker } from 'node:worker_threads';
import type { KnownLabels, SegmentParse } from '../internal.js';
import type { FileOutcome } from './chunk-file.js';
import { UsageError } from './errors.js';
import type { ParseJob, WorkerJob, WorkerMessage, WorkerSetup } from './protocol.js';

/** How many finished files may wait for output per worker before dispatch pauses. */
const aheadPerWorker = 4;

/**
 * Chunk files on worker threads and yield the outcomes in the order of `files`, whatever
 * order the workers finish in. Workers are stopped when the iteration ends, early or not.
 *
 * @param files Files to chunk: the path to read and the name to report.
 * @param setup Settings every worker builds its splitter from.
 * @param jobs Number of workers.
 * @param workerUrl The worker script (`cli-worker.js` beside the CLI).
 * @returns The outcomes, one per file, in order.
 * @throws {UsageError} When a worker cannot build its splitter from the settings.
 */
export async function* chunkInWorkers(
  files: readonly { path: string; file: string }[],
  setup: WorkerSetup,
  jobs: number,
  workerUrl: URL,
): AsyncGenerator<FileOutcome> {
  const count = Math.max(1, Math.min(jobs, files.length));
  const finished = new Map<number, FileOutcome>();
  const idle: Worker[] = [];
  let failure: Error | undefined;
  let nextJob = 0;
  let nextOutput = 0;
  let wake: (() => void) | undefined;
  const signal = () => {
    wake?.();
    wake = undefined;
  };

  const dispatch = () => {
    while (
      idle.length > 0 &&
      nextJob < files.length &&
      nextJob < nextOutput + count * aheadPerWorker
    ) {
      const worker = idle.pop() as Worker;
      const job: WorkerJob = { id: nextJob, ...(files[nextJob] as { path: string; file: string }) };
      nextJob++;
      worker.postMessage(job);
    }
  };

  const workers = Array.from({ length: count }, () => {
    const worker = new Worker(workerUrl, { workerData: setup });
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'fatal') {
        failure ??= message.usage ? new UsageError(message.message) : new Error(message.message);
      } else {
        if (message.type === 'done') finished.set(message.id, message.outcome);
        idle.push(worker);
        dispatch();
      }
      signal();
    });
    worker.on('error', (error) => {
      failure ??= error;
      signal();
    });
    worker.on('exit', (code) => {
      if (nextOutput < files.length)
        failure ??= new Error(`a worker thread stopped (exit code ${code})`);
      signal();
    });
    return worker;
  });

  try {
    while (nextOutput < files.length) {
      const outcome = finished.get(nextOutput);
      if (outcome) {
        finished.delete(nextOutput);
        nextOutput++;
        dispatch();
        yield outcome;
        continue;
      }
      if (failure) throw failure;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/** A segment to parse on a worker thread. */
export interface SegmentJob {
  text: string;
  known: KnownLabels;
  /** The dialects to read it with, by name. */
  syntax?: string[] | undefined;
}

/**
 * Worker threads that parse segments of large documents (`parse/segmented.ts`), started once
 * and kept for the run. A tree comes back by structured clone, which costs about 3 % of its parse.
 */
export class ParsePool {
  readonly #workers: Worker[];
  readonly #idle: Worker[] = [];
  readonly #ready: Promise<void>;
  readonly #broken: Promise<never>;
  #reject: (error: Error) => void = () => {};
  #failure: Error | undefined;
  #wake: (() => void) | undefined;
  #closing = false;

  /**
   * @param jobs Number of workers.
   * @param workerUrl The worker script (`cli-worker.js` beside the CLI).
   * @param setup The settings (workers started to parse only load no tokenizer).
   */
  constructor(jobs: number, workerUrl: URL, setup: WorkerSetup) {
    let started = 0;
    let allReady: () => void = () => {};
    this.#ready = new Promise((resolve) => {
      allReady = resolve;
    });
    this.#broken = new Promise((_, reject) => {
      this.#reject = reject;
    });
    this.#broken.catch(() => {});
    this.#workers = Array.from({ length: Math.max(1, jobs) }, () => {
      const worker = new Worker(workerUrl, { workerData: { ...setup, parseOnly: true } });
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') {
          this.#idle.push(worker);
          if (++started === this.#workers.length) allReady();
        }
      });
      worker.on('error', (error) => this.#fail(error));
      worker.on('exit', (code) => {
        if (!this.#closing) this.#fail(new Error(`a worker thread stopped (exit code ${code})`));
      });
      return worker;
    });
  }

  /**
   * Parse segments, as many at a time as there are workers.
   *
   * @param jobs The segments.
   * @param onParsed Called with each segment's index as its parse comes back.
   * @returns The parses, in the order of `jobs` (`undefined` for a segment whose parse failed).
   */
  async parse(
    jobs: readonly SegmentJob[],
    onParsed?: (index: number) => void,
  ): Promise<Array<SegmentParse | undefined>> {
    await Promise.race([this.#ready, this.#broken]);
    const results: Array<SegmentParse | undefined> = new Array(jobs.length);
    let next = 0;
    let done = 0;
    await new Promise<void>((resolve, reject) => {
      const dispatch = () => {
        if (this.#failure) {
          reject(this.#failure);
          return;
        }
        while (this.#idle.length > 0 && next < jobs.length) {
          const worker = this.#idle.pop() as Worker;
          const id = next++;
          const listener = (message: WorkerMessage) => {
            if (message.type !== 'parsed' || message.id !== id) return;
            worker.off('message', listener);
            results[id] = message.parse;
            this.#idle.push(worker);
            onParsed?.(id);
            if (++done === jobs.length) resolve();
            else dispatch();
          };
          worker.on('message', listener);
          const job: ParseJob = { kind: 'parse', id, ...(jobs[id] as SegmentJob) };
          worker.postMessage(job);
        }
      };
      this.#wake = dispatch;
      if (jobs.length === 0) resolve();
      else dispatch();
    });
    this.#wake = undefined;
    return results;
  }

  /** Stop the workers. */
  async close(): Promise<void> {
    this.#closing = true;
    await Promise.all(this.#workers.map((worker) => worker.terminate()));
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    this.#reject(this.#failure);
    this.#wake?.();
  }
}
