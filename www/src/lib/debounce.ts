/** A job that runs once a pause is over. */
export interface Debounced {
  /** Run the job after `delay` ms, unless asked again before then (the pause starts over). */
  schedule(delay: number): void;
  /** Drop a scheduled run. */
  cancel(): void;
  /** Whether a run is scheduled. */
  readonly pending: boolean;
}

/**
 * Make a {@link Debounced} job: typing asks for a split on every key, and it runs once the
 * typing pauses.
 *
 * @param run The job.
 * @returns The debounced job.
 */
export function debounce(run: () => void): Debounced {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return {
    schedule(delay) {
      cancel();
      timer = setTimeout(() => {
        timer = undefined;
        run();
      }, delay);
    },
    cancel,
    get pending() {
      return timer !== undefined;
    },
  };
}
