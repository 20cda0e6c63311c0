import { EXAMPLES, exampleText } from '../examples.ts';
import type { Settings } from '../lib/settings.ts';
import { fromStateFile } from '../lib/url-state.ts';
import { byId, h } from './dom.ts';
import type { Status } from './status.ts';

/** Largest file the page opens. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** A document to show, from the example picker or a file. */
export interface LoadedDocument {
  text: string;
  /** The example it is, if any. */
  example: string | null;
  /** Base name for downloads. */
  name: string;
  /** Options of a saved state file. */
  settings?: Settings;
}

/** Where documents come from: the example picker, **Open file…** and dropped files. */
export interface DocumentInput {
  /**
   * Open a file: a saved state (`*.chunkdown.json`) or a document.
   *
   * @param file The file.
   */
  openFile(file: File): Promise<void>;
  /**
   * Show in the picker which example the text is.
   *
   * @param example Its id, or `null` for the user's own text.
   */
  showExample(example: string | null): void;
}

/**
 * Wire the document sources of the page from `index.html`.
 *
 * @param initial The example the page opens with, if any.
 * @param onLoad Shows a document.
 * @param status Where notices go.
 * @returns The document input.
 */
export function createDocumentInput(
  initial: string | null,
  onLoad: (document: LoadedDocument) => void,
  status: Status,
): DocumentInput {
  const picker = byId('example', HTMLSelectElement);
  const fileInput = byId('file-input', HTMLInputElement);
  const editorBox = byId('editor', HTMLDivElement);

  picker.append(
    h('option', { value: '' }, 'Your text'),
    ...EXAMPLES.map((example) => h('option', { value: example.id }, example.title)),
  );
  picker.value = initial ?? '';
  picker.addEventListener('change', () => {
    const text = exampleText(picker.value);
    if (text !== undefined) onLoad({ text, example: picker.value, name: picker.value });
  });

  byId('open-file', HTMLButtonElement).addEventListener('click', () => fileInput.click());
  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    if (file) void openFile(file);
    fileInput.value = '';
  });
  editorBox.addEventListener('dragover', (event) => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    editorBox.classList.add('dragging');
  });
  editorBox.addEventListener('dragleave', () => editorBox.classList.remove('dragging'));
  editorBox.addEventListener('drop', (event) => {
    editorBox.classList.remove('dragging');
    const file = event.dataTransfer?.files[0];
    if (!file || event.defaultPrevented) return;
    event.preventDefault();
    void openFile(file);
  });

  async function openFile(file: File): Promise<void> {
    if (file.size > MAX_FILE_BYTES) {
      status.notify(`${file.name} is larger than 20 MB.`);
      return;
    }
    const content = await file.text();
    const saved = fromStateFile(content, exampleText);
    const name = file.name.replace(/\.chunkdown\.json$|\.[^.]*$/i, '') || 'chunks';
    if (saved) {
      onLoad({ text: saved.text, example: saved.example, name, settings: saved.settings });
      status.notify(`Opened the saved state in ${file.name}`);
      return;
    }
    onLoad({ text: content.replace(/\r\n?/g, '\n'), example: null, name });
    status.notify(`Opened ${file.name}`);
  }

  return {
    openFile,
    showExample(example) {
      picker.value = example ?? '';
    },
  };
}
