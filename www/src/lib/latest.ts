/** A queue that runs one job at a time and, while busy, keeps only the newest waiting job. */
export interface LatestQueue<T> {
  /** Run `job` now when idle, else make it the one waiting job (dropping an older one). */
  push(job: T): void;
  /** Report that the running job finished: the waiting job, if any, runs next. */
  done(): void;
  /** Whether a job is running. */
  readonly busy: boolean;
}

/**
 * Make a {@link LatestQueue}. Typing sends a job per pause; a slow split must not pile up stale
 * jobs behind it, so only the newest one waits.
 *
 * @param run Starts a job (e.g. posts it to a worker); call `done()` when it finishes.
 * @returns The queue.
 */
export function latestQueue<T>(run: (job: T) => void): LatestQueue<T> {
  let busy = false;
  let waiting: { job: T } | null = null;
  return {
    push(job) {
      if (busy) {
        waiting = { job };
        return;
      }
      busy = true;
      run(job);
    },
    done() {
      if (waiting) {
        const { job } = waiting;
        waiting = null;
        run(job);
        return;
      }
      busy = false;
    },
    get busy() {
      return busy;
    },
  };
}
