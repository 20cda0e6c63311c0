import { Session } from 'node:inspector';

/**
 * Counts the work a function does, deterministically: the number of JavaScript blocks (function
 * bodies, branches, loop iterations) V8 executes while it runs, from V8's precise block coverage.
 * Unlike time, the count is the same on a loaded machine, so tests can compare the work of input
 * of size n and 2n (linear work doubles, quadratic work quadruples). Work inside built-ins
 * (copying an array, a regular expression) is not counted.
 *
 * Coverage must start before the measured code is compiled: create the counter first, then
 * import the code with `import()`.
 */
export interface WorkCounter {
  /**
   * Executed blocks while `run` runs; with `only`, just those of the scripts whose URL it accepts
   * (to tell chunkdown's own work from its parser's).
   */
  count(run: () => void, only?: (url: string) => boolean): Promise<number>;
}

/**
 * Start counting (for the rest of the test file's process).
 *
 * @returns
 *   The counter.
 */
export async function startCounting(): Promise<WorkCounter> {
  const session = new Session();
  session.connect();
  const post = <T>(method: string, params: object = {}): Promise<T> =>
    new Promise((resolve, reject) =>
      session.post(method, params, (error, result) =>
        error ? reject(error) : resolve(result as T),
      ),
    );
  await post('Profiler.enable');
  await post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });
  return {
    async count(run, only) {
      // Taking the coverage resets the counters.
      await post('Profiler.takePreciseCoverage');
      run();
      const { result } = await post<{
        result: Array<{ url: string; functions: Array<{ ranges: Array<{ count: number }> }> }>;
      }>('Profiler.takePreciseCoverage');
      let total = 0;
      for (const script of result) {
        if (only && !only(script.url)) continue;
        for (const fn of script.functions) for (const range of fn.ranges) total += range.count;
      }
      return total;
    },
  };
}
