import { createFolderSplitter, type FileRow } from './lib/folder.ts';
import { describe } from './lib/live-split.ts';
import { lengthFunctionFor } from './lib/size-unit.ts';
import type { FolderMessage, FolderRequest } from './protocol.ts';

/** The worker's global scope, typed for what it uses. */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<FolderRequest>) => void) | null;
  postMessage(message: FolderMessage): void;
};

/** How often the page hears of progress: rows in batches, not one message per file. */
const REPORT_EVERY_MS = 150;

/** The run going on; a newer request stops an older one between files. */
let running = 0;

// A folder of thousands of files is read and chunked here, file after file: the page only gets
// rows in batches, and its main thread never holds a file's text.
scope.onmessage = async ({ data: request }) => {
  const id = ++running;
  try {
    const lengthFunction = await lengthFunctionFor(request.settings);
    const folder = createFolderSplitter(request.settings, lengthFunction);
    let rows: FileRow[] = [];
    let reported = performance.now();
    for (const [index, { name, file }] of request.files.entries()) {
      if (running !== id) return;
      let row: FileRow;
      try {
        row = folder.add(name, (await file.text()).replace(/\r\n?/g, '\n'));
      } catch (error) {
        row = { name, chunks: 0, median: null, issues: 0, syntax: [], error: describe(error) };
      }
      rows.push(row);
      if (performance.now() - reported > REPORT_EVERY_MS) {
        scope.postMessage({ kind: 'progress', id, done: index + 1, rows });
        rows = [];
        reported = performance.now();
      }
    }
    scope.postMessage({ kind: 'progress', id, done: request.files.length, rows });
    scope.postMessage({ kind: 'done', id, totals: folder.totals() });
  } catch (error) {
    scope.postMessage({ kind: 'failed', id, error: describe(error) });
  }
};
