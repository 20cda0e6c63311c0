import type { Chunk, Frontmatter } from 'chunkdown';
import { toJson, toJsonl } from '../lib/export.ts';
import type { Settings } from '../lib/settings.ts';
import { byId } from './dom.ts';
import { copyText, download } from './save.ts';
import type { Status } from './status.ts';

/** What the export buttons export: chunkdown's chunks on screen and the options they came from. */
export interface Exportable {
  chunks: Chunk[];
  frontmatter: Frontmatter | undefined;
  settings: Settings;
}

/**
 * Wire **Copy JSON**, **JSON** and **JSONL** of the page from `index.html`.
 *
 * @param current The chunks on screen, or `null` when there are none (the options are invalid).
 * @param name Base name of the files.
 * @param status Where notices go.
 */
export function wireExport(
  current: () => Exportable | null,
  name: () => string,
  status: Status,
): void {
  const exportable = () => {
    const result = current();
    if (!result) status.notify('Nothing to export: fix the options first.');
    return result;
  };
  const json = (result: Exportable) => toJson(result.chunks, result.frontmatter, result.settings);
  byId('copy-json', HTMLButtonElement).addEventListener('click', () => {
    const result = exportable();
    if (!result) return;
    void copyText(json(result)).then((copied) => {
      status.notify(
        copied ? `Copied ${result.chunks.length} chunks as JSON` : 'Copying was blocked',
      );
    });
  });
  byId('download-json', HTMLButtonElement).addEventListener('click', () => {
    const result = exportable();
    if (result) download(`${name()}.json`, json(result), 'application/json');
  });
  byId('download-jsonl', HTMLButtonElement).addEventListener('click', () => {
    const result = exportable();
    if (result) download(`${name()}.jsonl`, toJsonl(result.chunks), 'application/jsonl');
  });
}
