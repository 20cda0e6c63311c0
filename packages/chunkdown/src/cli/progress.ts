/** Where the progress bar is drawn: a terminal stream (stderr). */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean | undefined;
  columns?: number | undefined;
}

/** Counts the progress bar shows. */
export interface ProgressState {
  done: number;
  total: number;
  chunks: number;
}

/**
 * Render one line of progress, fitted to `columns`.
 *
 * @param state Files done, files in all, chunks so far.
 * @param columns Width of the terminal.
 * @returns The line, without a newline.
 */
export function renderProgress(state: ProgressState, columns: number): string {
  const { done, total, chunks } = state;
  const share = total === 0 ? 1 : Math.min(1, done / total);
  const counts = ` ${done}/${total} files · ${chunks.toLocaleString('en-US')} chunks · ${Math.floor(share * 100)}%`;
  const width = Math.max(0, Math.min(40, columns - counts.length - 3));
  if (width < 10) return counts.trim().slice(0, Math.max(0, columns - 1));
  const filled = Math.round(share * width);
  return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}]${counts}`;
}

/**
 * A progress bar on a terminal, for long runs only: nothing is drawn until `delay`
 * milliseconds have passed, and redraws are at most every `interval` milliseconds.
 */
export class Progress {
  readonly #stream: ProgressStream;
  readonly #now: () => number;
  readonly #started: number;
  readonly #delay: number;
  readonly #interval: number;
  #drawnAt: number | undefined;
  #visible = false;
  #state: ProgressState = { done: 0, total: 0, chunks: 0 };

  /**
   * @param stream Terminal stream to draw on.
   * @param options `now` (clock), `delay` before the first draw, `interval` between draws.
   */
  constructor(
    stream: ProgressStream,
    options: { now?: () => number; delay?: number; interval?: number } = {},
  ) {
    this.#stream = stream;
    this.#now = options.now ?? (() => performance.now());
    this.#delay = options.delay ?? 500;
    this.#interval = options.interval ?? 100;
    this.#started = this.#now();
  }

  /**
   * Record progress and redraw when it is time.
   *
   * @param state Current counts.
   */
  update(state: ProgressState): void {
    this.#state = state;
    const now = this.#now();
    if (now - this.#started < this.#delay) return;
    if (this.#drawnAt !== undefined && now - this.#drawnAt < this.#interval) return;
    this.#draw(now);
  }

  /** Remove the bar (before other output on the same stream, and at the end). */
  clear(): void {
    if (!this.#visible) return;
    this.#stream.write('\r\x1b[K');
    this.#visible = false;
    this.#drawnAt = undefined;
  }

  #draw(now: number): void {
    const columns = this.#stream.columns || 80;
    this.#stream.write(`\r\x1b[K${renderProgress(this.#state, columns)}`);
    this.#visible = true;
    this.#drawnAt = now;
  }
}
