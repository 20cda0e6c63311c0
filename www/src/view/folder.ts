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

/** Rows are added to the table in batches of at most this many per frame. */
const ROWS_PER_FRAME = 200;

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
  const body = h('tbody');
  const table = h(
    'table',
    { class: 'numbers folder-table', id: 'folder-table' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', { scope: 'col' }, 'File'),
        h('th', { scope: 'col' }, 'Chunks'),
        h('th', { scope: 'col' }, 'Median size'),
        h('th', { scope: 'col' }, 'Issues'),
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
  /** Rows waiting for the next frame. */
  let pending: FileRow[] = [];
  let frame = 0;
  const flush = () => {
    frame = 0;
    const batch = pending.splice(0, ROWS_PER_FRAME);
    const rows = document.createDocumentFragment();
    for (const row of batch) rows.append(rowOf(row));
    body.append(rows);
    if (pending.length > 0) frame = requestAnimationFrame(flush);
  };
  const rowOf = (row: FileRow): HTMLTableRowElement => {
    const index = files.findIndex((file) => file.name === row.name);
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
      { class: row.issues > 0 || row.error ? 'warn' : '' },
      h(
        'th',
        { scope: 'row' },
        open,
        row.error ? h('span', { class: 'hint' }, ` ${row.error}`) : null,
      ),
      h('td', {}, formatNumber(row.chunks)),
      h('td', {}, row.median === null ? '–' : `${formatNumber(row.median)} ${unit}`),
      h('td', {}, formatNumber(row.issues)),
    );
  };
  worker.addEventListener('message', (event: MessageEvent<FolderMessage>) => {
    const message = event.data;
    if (message.id !== run) return;
    if (message.kind === 'progress') {
      progress.value = message.done;
      heading.textContent = `Chunking ${formatNumber(message.done)} of ${formatNumber(files.length)} files…`;
      pending.push(...message.rows);
      if (!frame) frame = requestAnimationFrame(flush);
    } else if (message.kind === 'done') {
      heading.textContent = `${formatNumber(files.length)} ${files.length === 1 ? 'file' : 'files'} chunked.`;
      showTotals(message.totals);
    } else {
      heading.textContent = `The folder could not be chunked: ${message.error}`;
    }
  });
  const showTotals = (totals: FolderTotals) => {
    const median = totals.sizes ? `${formatNumber(totals.sizes.median)} ${unit}` : '–';
    totalsLine.textContent = `Total: ${formatNumber(totals.files)} files${
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
      files = next;
      unit = settings.unit === 'characters' ? 'chars' : 'tokens';
      pending = [];
      body.replaceChildren();
      chart.replaceChildren();
      totalsLine.textContent = '';
      progress.max = Math.max(1, next.length);
      progress.value = 0;
      heading.textContent = `Chunking ${formatNumber(next.length)} files…`;
      container.replaceChildren(heading, progress, totalsLine, chart, table);
      // The worker counts its runs from 1 too: one message per run keeps both in step.
      const request: FolderRequest = { files: [...next], settings };
      worker.postMessage(request);
    },
  };
}
