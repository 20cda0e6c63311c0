import type { FileProgress } from './large-file.js';

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
  /** The large file being split, when one is (`large-file.ts`). */
  file?: FileProgress | undefined;
}

/**
 * Render one line of progress, fitted to `columns`. While a large file is split, the line says
 * how far (megabytes parsed, then splitting); when it is the only file, the bar is its own.
 *
 * @param state Files done, files in all, chunks so far, and the large file being split.
 * @param columns Width of the terminal.
 * @returns The line, without a newline.
 */
export function renderProgress(state: ProgressState, columns: number): string {
  const { done, total, chunks, file } = state;
  const fileShare = file ? fileDone(file) : 0;
  const share =
    total === 0 ? 1 : Math.min(1, (done + (file && done < total ? fileShare : 0)) / total);
  const files =
    total === 1 && file
      ? ''
      : ` ${done}/${total} files · ${chunks.toLocaleString('en-US')} chunks ·`;
  const counts = `${files}${file ? ` ${describeFile(file)} ·` : ''} ${Math.floor(share * 100)}%`;
  const width = Math.max(0, Math.min(40, columns - counts.length - 3));
  if (width < 10) return counts.trim().slice(0, Math.max(0, columns - 1));
  const filled = Math.round(share * width);
  return `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}]${counts}`;
}

/** The parse is about this share of the split of a large document. */
const PARSE_SHARE = 0.7;

/** How much of a large file's split is done, from 0 to 1. */
function fileDone(file: FileProgress): number {
  if (file.stage === 'splitting') return PARSE_SHARE;
  return file.total === 0 ? 0 : (PARSE_SHARE * Math.min(file.done, file.total)) / file.total;
}

/** `name 3.1/16.2M characters parsed`, or `name splitting`. */
function describeFile(file: FileProgress): string {
  if (file.stage === 'splitting') return `${file.name} splitting`;
  const millions = (characters: number) => (characters / 1e6).toFixed(1);
  return `${file.name} ${millions(file.done)}/${millions(file.total)}M characters parsed`;
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
