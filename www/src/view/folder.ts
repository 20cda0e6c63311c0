import type { FileRow, FolderTotals } from '../lib/folder.ts';
import type { Settings } from '../lib/settings.ts';
import type { FolderMessage, FolderRequest } from '../protocol.ts';
import { formatNumber, h } from './dom.ts';
import { histogramScale, histogramSvg } from './histogram.ts';

/** A file of a folder the user opened, with its path in the folder. */
export interface FolderFile {
  name: string;
  file: File;
}

/** The Folder view: many files chunked in a worker, a row each, totals and a histogram. */
export interface FolderView {
  /**
   * Chunk these files with these options (a run going on stops).
   *
   * @param files The markdown files.
   * @param settings The page's options.
   */
  open(files: readonly FolderFile[], settings: Settings): void;
}

/**
 * The page takes the worker's progress at most this often: each update (rows, the progress bar)
 * is one layout and paint of the view, so fewer of them keep the main thread free on a loaded
 * machine.
 */
const UPDATE_EVERY_MS = 500;
/** Rows are added to the table in batches of at most this many per update. */
const ROWS_PER_UPDATE = 400;

/**
 * The Folder view in `container`. Files are read and chunked in a worker (`folder-worker.ts`);
 * rows arrive in batches and are added a frame at a time, so thousands of files never hold up
 * the page. A row's name opens that file's chunks.
 *
 * @param container The view's element.
 * @param onOpenFile Called with a file whose row was chosen.
 * @returns The view.
 */
export function createFolderView(
  container: HTMLElement,
  onOpenFile: (file: FolderFile) => void,
): FolderView {
  const worker = new Worker(new URL('../folder-worker.ts', import.meta.url), { type: 'module' });
  let run = 0;
  let files: readonly FolderFile[] = [];
  let unit = 'chars';
  const heading = h('p', { class: 'folder-status', id: 'folder-status', 'aria-live': 'polite' });
  const progress = h('progress', { id: 'folder-progress', max: 1, value: 0 });
  const chart = h('figure', { class: 'chart', id: 'folder-chart' });
  const totalsLine = h('p', { class: 'folder-totals', id: 'folder-totals' });
  const body = h('tbody', { role: 'rowgroup' });
  /** The median's column names the size unit, so its cells are numbers alone. */
  const medianHeader = h('th', { scope: 'col', role: 'columnheader' }, 'Median (chars)');
  // Its rows are laid out as grids (CSS), so rows out of view skip layout and paint
  // (`content-visibility`); the roles keep it a table for assistive technology.
  const table = h(
    'table',
    { class: 'numbers folder-table', id: 'folder-table', role: 'table' },
    h(
      'thead',
      { role: 'rowgroup' },
      h(
        'tr',
        { role: 'row' },
        h('th', { scope: 'col', role: 'columnheader' }, 'File'),
        h('th', { scope: 'col', role: 'columnheader' }, 'Chunks'),
        medianHeader,
        h('th', { scope: 'col', role: 'columnheader' }, 'Issues'),
      ),
    ),
    body,
  );
  container.replaceChildren(
    h(
      'p',
      { class: 'hint' },
      'Open a folder or several files (or drop them on the source) to chunk them all with these options.',
    ),
  );
  /** Rows waiting for the next update. */
  let pending: FileRow[] = [];
  /** The progress waiting for the next update. */
  let done = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame = 0;
  let updated = 0;
  /** The run is over: the heading says so, and only rows are left to add. */
  let finished = false;
  /** Where each file is in `files`, by name (a row finds its file in constant time). */
  let indexOf = new Map<string, number>();
  const update = () => {
    timer = undefined;
    frame = requestAnimationFrame(() => {
      frame = 0;
      updated = performance.now();
      if (!finished) {
        progress.value = done;
        heading.textContent = `Chunking ${formatNumber(done)} of ${formatNumber(files.length)} files…`;
      }
      const batch = pending.splice(0, ROWS_PER_UPDATE);
      const rows = document.createDocumentFragment();
      for (const row of batch) rows.append(rowOf(row));
      body.append(rows);
      if (pending.length > 0) schedule();
    });
  };
  /** Apply the progress at the next update: at most one per {@link UPDATE_EVERY_MS}. */
  const schedule = () => {
    if (timer !== undefined || frame) return;
    timer = setTimeout(update, Math.max(0, updated + UPDATE_EVERY_MS - performance.now()));
  };
  const stop = () => {
    clearTimeout(timer);
    cancelAnimationFrame(frame);
    timer = undefined;
    frame = 0;
  };
  const rowOf = (row: FileRow): HTMLTableRowElement => {
    const index = indexOf.get(row.name) ?? -1;
    const open = h(
      'button',
      { type: 'button', class: 'link-button', title: `Show the chunks of ${row.name}` },
      row.name,
    );
    open.addEventListener('click', () => {
      const file = files[index];
      if (file) onOpenFile(file);
    });
    return h(
      'tr',
      { class: row.issues > 0 || row.error ? 'warn' : '', role: 'row' },
      h(
        'th',
        { scope: 'row', role: 'rowheader' },
        open,
        row.error ? h('span', { class: 'hint' }, ` ${row.error}`) : null,
      ),
      h('td', { role: 'cell' }, formatNumber(row.chunks)),
      h('td', { role: 'cell' }, row.median === null ? '–' : formatNumber(row.median)),
      h('td', { role: 'cell' }, formatNumber(row.issues)),
    );
  };
  worker.addEventListener('message', (event: MessageEvent<FolderMessage>) => {
    const message = event.data;
    if (message.id !== run) return;
    if (message.kind === 'progress') {
      done = message.done;
      pending.push(...message.rows);
      schedule();
    } else if (message.kind === 'done') {
      // The totals at once; rows still waiting follow in their batches.
      finished = true;
      done = files.length;
      progress.value = done;
      heading.textContent = `${formatNumber(files.length)} ${files.length === 1 ? 'file' : 'files'} chunked.`;
      showTotals(message.totals);
      schedule();
    } else {
      stop();
      heading.textContent = `The folder could not be chunked: ${message.error}`;
    }
  });
  const showTotals = (totals: FolderTotals) => {
    const median = totals.sizes ? `${formatNumber(totals.sizes.median)} ${unit}` : '–';
    totalsLine.textContent = `Total: ${formatNumber(totals.files)} ${totals.files === 1 ? 'file' : 'files'}${
      totals.failed > 0 ? ` (${formatNumber(totals.failed)} failed)` : ''
    }, ${formatNumber(totals.chunks)} ${totals.chunks === 1 ? 'chunk' : 'chunks'}, median ${median}, ${formatNumber(totals.issues)} ${
      totals.issues === 1 ? 'chunk' : 'chunks'
    } with an issue.`;
    chart.replaceChildren(
      histogramSvg(
        totals.histogram,
        histogramScale([totals.histogram]),
        unit,
        'Chunk content sizes across the folder',
        container.clientWidth || 480,
      ),
    );
  };
  return {
    open(next, settings) {
      run++;
      stop();
      finished = false;
      done = 0;
      files = next;
      indexOf = new Map(next.map((file, index) => [file.name, index]));
      unit = settings.unit === 'characters' ? 'chars' : 'tokens';
      medianHeader.textContent = `Median (${unit})`;
      pending = [];
      body.replaceChildren();
      chart.replaceChildren();
      totalsLine.textContent = '';
      progress.max = Math.max(1, next.length);
      progress.value = 0;
      heading.textContent = `Chunking ${formatNumber(next.length)} files…`;
      container.replaceChildren(heading, progress, totalsLine, chart, table);
      // For measurements: the run starts here (the page's task that took the files ends soon).
      performance.mark('chunkdown:folder-open');
      // The worker counts its runs from 1 too: one message per run keeps both in step.
      const request: FolderRequest = { files: [...next], settings };
      worker.postMessage(request);
    },
  };
}
