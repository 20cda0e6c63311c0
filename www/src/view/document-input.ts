import { EXAMPLES, exampleText } from '../examples.ts';
import type { Settings } from '../lib/settings.ts';
import { fromStateFile } from '../lib/url-state.ts';
import { byId, h } from './dom.ts';
import type { FolderFile } from './folder.ts';
import type { Status } from './status.ts';

/** Largest file the page opens. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;
/** The files a folder is chunked for. */
const MARKDOWN = /\.(?:md|mdx|markdown)$/i;

/** The files under dropped entries, folders read through (asynchronously, a batch at a time). */
async function filesOf(entries: readonly FileSystemEntry[]): Promise<FolderFile[]> {
  const files: FolderFile[] = [];
  const walk = async (entry: FileSystemEntry, path: string): Promise<void> => {
    if (entry.isFile) {
      const file = await new Promise<File>((resolve, reject) =>
        (entry as FileSystemFileEntry).file(resolve, reject),
      );
      files.push({ name: `${path}${entry.name}`, file });
      return;
    }
    if (!entry.isDirectory || entry.name === 'node_modules' || entry.name.startsWith('.')) return;
    const reader = (entry as FileSystemDirectoryEntry).createReader();
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
        reader.readEntries(resolve, reject),
      );
      if (batch.length === 0) break;
      for (const child of batch) await walk(child, `${path}${entry.name}/`);
    }
  };
  for (const entry of entries) await walk(entry, '');
  return files;
}

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
  onFolder: (files: FolderFile[]) => void = () => {},
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
    const files = [...(fileInput.files ?? [])];
    if (files.length > 1) openFolder(files.map((file) => ({ name: file.name, file })));
    else if (files[0]) void openFile(files[0]);
    fileInput.value = '';
  });
  const folderInput = byId('folder-input', HTMLInputElement);
  byId('open-folder', HTMLButtonElement).addEventListener('click', () => folderInput.click());
  folderInput.addEventListener('change', () => {
    const files = [...(folderInput.files ?? [])].map((file) => ({
      name: file.webkitRelativePath || file.name,
      file,
    }));
    openFolder(files);
    folderInput.value = '';
  });
  editorBox.addEventListener('dragover', (event) => {
    if (!event.dataTransfer?.types.includes('Files')) return;
    event.preventDefault();
    editorBox.classList.add('dragging');
  });
  editorBox.addEventListener('dragleave', () => editorBox.classList.remove('dragging'));
  editorBox.addEventListener('drop', (event) => {
    editorBox.classList.remove('dragging');
    const transfer = event.dataTransfer;
    const file = transfer?.files[0];
    if (!transfer || !file || event.defaultPrevented) return;
    event.preventDefault();
    const entries = [...transfer.items]
      .map((item) => item.webkitGetAsEntry?.() ?? null)
      .filter((entry): entry is FileSystemEntry => entry !== null);
    if (transfer.files.length > 1 || entries.some((entry) => entry.isDirectory)) {
      void filesOf(entries).then(openFolder);
    } else {
      void openFile(file);
    }
  });

  /** Chunk the markdown files among these as a folder (the Folder view). */
  function openFolder(files: FolderFile[]): void {
    const markdown = files
      .filter(({ name }) => MARKDOWN.test(name))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (markdown.length === 0) {
      status.notify('No markdown files (.md, .mdx, .markdown) there.');
      return;
    }
    onFolder(markdown);
  }

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
