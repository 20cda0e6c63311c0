import { createAppStore, initialState } from '../lib/app-state.ts';
import { debounce } from '../lib/debounce.ts';
import { createControls } from './controls.ts';
import { createDocumentClient, startDocumentWorker } from './document-client.ts';
import { createDocumentInput } from './document-input.ts';
import { byId, formatNumber } from './dom.ts';
import { createEditor } from './editor.ts';
import { wireExport } from './export-buttons.ts';
import { createFolderView } from './folder.ts';
import { createResults } from './results.ts';
import { createShare } from './share.ts';
import { createSplitClient, startSplitWorker } from './split-client.ts';
import { createStatus } from './status.ts';

/**
 * Pause after a keystroke before the text is split again. Short: the worker updates its last
 * split, and while it works only the newest request waits, so a fast typist is never queued
 * behind more than one split.
 */
const TYPING_DELAY = 20;
/**
 * Pause after the newest chunks are shown before the outline and LangChain's split are asked
 * for: both read the whole document, so they wait for the typing to rest.
 */
const DOCUMENT_DELAY = 250;

/**
 * Start the visualizer on the page from `index.html`: the state (from the URL), the editor, the
 * controls and the document sources feed the split worker, whose answers go to the results and
 * the URL.
 */
export function startApp(): void {
  const store = createAppStore(initialState(location.hash));
  /** The text was typed in since the last answer was drawn (its card is then followed). */
  let typed = false;
  const status = createStatus();
  const docSize = byId('doc-size', HTMLSpanElement);

  const editor = createEditor(byId('source-editor', HTMLDivElement), {
    onInput() {
      typed = true;
      store.edit();
      status.line('Editing…');
      scheduleSplit(TYPING_DELAY);
    },
    onCaret(offset) {
      results.selectAt(offset);
    },
    onDropFile(file) {
      void input.openFile(file);
    },
  });
  editor.setValue(store.state.text);
  // The editor turns CR LF into LF; split exactly what it shows, so the offsets fit.
  store.takeText(editor.value);
  /** The revision of the text the store holds: reading a 1 MB text costs, so only when needed. */
  let textAt = store.revision;
  /** The editor's text now (the store takes it once per revision). */
  const currentText = (): string => {
    if (textAt !== store.revision) {
      store.takeText(editor.value);
      textAt = store.revision;
    }
    return store.state.text;
  };

  const controls = createControls(
    byId('options-form', HTMLFormElement),
    store.state.settings,
    (settings) => {
      store.setSettings(settings);
      scheduleSplit(0);
    },
    (file) => void loadTokenizer(file),
  );
  if (window.matchMedia('(max-width: 1100px)').matches) {
    byId('options', HTMLDetailsElement).open = false;
  }

  const input = createDocumentInput(
    store.state.example,
    (loaded) => {
      if (loaded.settings) {
        store.setSettings(loaded.settings);
        controls.set(loaded.settings);
      }
      editor.setValue(loaded.text);
      store.load(editor.value, loaded.example, loaded.name);
      textAt = store.revision;
      input.showExample(loaded.example);
      requestSplit();
    },
    status,
    (files) => {
      results.openTab('folder');
      folder.open(files, store.state.settings);
    },
  );
  // A folder's files, chunked in a worker; a row opens its file's chunks.
  const folder = createFolderView(byId('view-folder', HTMLDivElement), (file) => {
    void input.openFile(file.file).then(() => results.openTab('chunks'));
  });

  const results = createResults({
    editor,
    controls,
    status,
    revision: () => store.revision,
    wantDocument(id) {
      if (awaited === id) return;
      awaited = id;
      // The page is not ready until the view has what it shows.
      status.phase('busy');
      analyzeDocument.schedule(client.busy || pause.pending ? DOCUMENT_DELAY : 0);
    },
  });
  const share = createShare(
    store,
    status,
    editor.feed(),
    currentText,
    () => pause.pending || client.busy,
  );
  wireExport(
    () => {
      const shown = results.shown;
      if (!shown?.chunkdown.ok) return null;
      const { chunks, frontmatter } = shown.chunkdown;
      return { chunks, frontmatter, settings: shown.request.settings };
    },
    () => store.name,
    status,
  );

  /** The split request whose outline and comparison the page waits for, if any. */
  let awaited: number | null = null;
  const documentClient = createDocumentClient(
    startDocumentWorker(),
    {
      answered(id, analysis) {
        if (id !== awaited) return;
        awaited = null;
        results.showDocument(analysis, id);
        settle();
      },
      failed(id, message) {
        if (id !== awaited) return;
        awaited = null;
        results.showError(message);
        settle();
      },
    },
    editor.feed(),
  );
  const analyzeDocument = debounce(() => {
    const shown = results.shown;
    // Newer text is on its way: its answer asks again.
    if (client.busy || pause.pending) return;
    if (shown && shown.request.id === awaited) {
      const { id, settings } = shown.request;
      documentClient.analyze({ id, settings });
    }
  });

  const client = createSplitClient(
    startSplitWorker(),
    {
      started() {
        status.phase('busy');
        status.line('Splitting…');
      },
      answered(answer) {
        // A view that needs the outline or LangChain's split asks for it (wantDocument).
        if (awaited !== null && awaited < answer.request.id) awaited = null;
        results.show(answer, typed);
        // Typing is followed until an answer for the text as it is now is drawn: an answer for
        // text typed since (its request left before the last keys) leaves it on, or the card
        // of the edit was never brought into the window when typing went on past a request.
        if (answer.revision === store.revision) typed = false;
        if (results.shown === answer) share.update(answer.request, editor.length);
        // The rest of the views, once the typing rests.
        if (awaited !== null) analyzeDocument.schedule(DOCUMENT_DELAY);
        settle();
      },
      failed(message) {
        results.showError(message);
        status.line('');
        if (awaited !== null) analyzeDocument.schedule(DOCUMENT_DELAY);
        settle();
      },
    },
    { feed: editor.feed(), revision: () => store.revision },
  );

  // Typing splits once it pauses; options split at once (after the current event). The text
  // goes to the workers as edits; the page reads it whole only while it may still be an example.
  const pause = debounce(() => {
    if (store.state.example !== null) {
      currentText();
      input.showExample(store.state.example);
    }
    requestSplit();
  });

  /** Hand a picked tokenizer.json to the worker; once it loads, sizes are in its tokens. */
  async function loadTokenizer(file: File): Promise<void> {
    const text = await file.text();
    // Both workers measure in the unit: the split worker's answer is the one shown.
    const [answer] = await Promise.all([
      client.loadTokenizer(file.name, text),
      documentClient.loadTokenizer(file.name, text),
    ]);
    if (!answer.ok) {
      controls.showTokenizer({ name: file.name, error: answer.error });
      status.notify(`${file.name} is not a tokenizer.json`);
      return;
    }
    controls.showTokenizer({ name: answer.name, specialTokens: answer.specialTokens });
    const settings = { ...store.state.settings, unit: 'tokenizer' as const };
    store.setSettings(settings);
    controls.set(settings);
    scheduleSplit(0);
  }

  function scheduleSplit(delay: number): void {
    status.phase('pending');
    pause.schedule(delay);
    // A document request not yet sent waits for the typing to rest again.
    if (analyzeDocument.pending) analyzeDocument.schedule(DOCUMENT_DELAY);
  }

  function requestSplit(): void {
    pause.cancel();
    docSize.textContent = `${formatNumber(editor.length)} characters`;
    client.split(store.state);
  }

  /**
   * The newest request is answered: the page is ready unless more typing waits, a split runs
   * or the outline and comparison of what it shows are still to come.
   */
  function settle(): void {
    if (!pause.pending && !client.busy && awaited === null) status.phase('ready');
  }

  requestSplit();
}
