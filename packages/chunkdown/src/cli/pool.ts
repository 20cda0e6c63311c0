import { Worker } from 'node:worker_threads';
import type { FileOutcome } from './chunk-file.js';
import { UsageError } from './errors.js';
import type { WorkerJob, WorkerMessage, WorkerSetup } from './protocol.js';

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
