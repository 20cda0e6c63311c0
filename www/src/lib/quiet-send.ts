import { debounce } from './debounce.ts';

/** Jobs of which only the newest counts, sent at once when small and once things rest when large. */
export interface QuietSender<Job> {
  /**
   * A new job: sent now when `size` is under the threshold, otherwise once no new job has come
   * for the delay and nothing is busy (each new job starts the wait over and replaces the one
   * waiting; a wait that ends while something is busy starts over).
   *
   * @param job The job.
   * @param size Its size (characters of the text it is about).
   * @returns Whether it was sent now.
   */
  push(job: Job, size: number): boolean;
  /** Send the waiting job now, if any (someone asks for its result). */
  flush(): void;
  /** Whether a job waits. */
  readonly waiting: boolean;
}

/**
 * Make a {@link QuietSender}: the share worker compresses the state of a large document once the
 * typing rests, not after every answer (compressing 1 MB costs hundreds of milliseconds of CPU,
 * which took a core from the split worker and the page while typing).
 *
 * @param send Sends a job.
 * @param options `from`: the size from which jobs wait; `delay`: ms without a new job; `busy`:
 * whether something the job would slow down runs (a split on the way: typing goes on).
 * @returns The sender.
 */
export function quietSender<Job>(
  send: (job: Job) => void,
  options: { from: number; delay: number; busy?: () => boolean },
): QuietSender<Job> {
  let waiting: { job: Job } | null = null;
  const flush = () => {
    timer.cancel();
    const next = waiting;
    waiting = null;
    if (next) send(next.job);
  };
  const timer = debounce(() => {
    if (options.busy?.()) timer.schedule(options.delay);
    else flush();
  });
  return {
    push(job, size) {
      if (size < options.from) {
        timer.cancel();
        waiting = null;
        send(job);
        return true;
      }
      waiting = { job };
      timer.schedule(options.delay);
      return false;
    },
    flush,
    get waiting() {
      return waiting !== null;
    },
  };
}
