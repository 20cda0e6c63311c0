import { createAppStore, initialState } from '../lib/app-state.ts';
import { debounce } from '../lib/debounce.ts';
import { createControls } from './controls.ts';
import { createDocumentClient, startDocumentWorker } from './document-client.ts';
import { createDocumentInput } from './document-input.ts';
import { byId, formatNumber } from './dom.ts';
import { createEditor } from './editor.ts';
import { wireExport } from './export-buttons.ts';
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
  const status = createStatus();
  const docSize = byId('doc-size', HTMLSpanElement);

  const editor = createEditor(byId('source-editor', HTMLDivElement), {
    onInput() {
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
      input.showExample(loaded.example);
      requestSplit();
    },
    status,
  );

  const results = createResults({ editor, controls, status, revision: () => store.revision });
  const share = createShare(store, status);
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
  const documentClient = createDocumentClient(startDocumentWorker(), {
    answered(id, analysis) {
      if (id !== awaited) return;
      awaited = null;
      results.showDocument(analysis);
      settle();
    },
    failed(id, message) {
      if (id !== awaited) return;
      awaited = null;
      results.showError(message);
      settle();
    },
  });
  const analyzeDocument = debounce(() => {
    const shown = results.shown;
    // Newer text is on its way: its answer asks again.
    if (client.busy || pause.pending) return;
    if (shown && shown.request.id === awaited) {
      const { id, text, settings } = shown.request;
      documentClient.analyze({ id, text, settings });
    }
  });

  const client = createSplitClient(startSplitWorker(), {
    started() {
      status.phase('busy');
      status.line('Splitting…');
    },
    answered(answer) {
      results.show(answer);
      if (results.shown === answer) {
        share.update(answer.request);
        awaited = answer.request.id;
      }
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
  });

  // Typing splits once it pauses; options split at once (after the current event).
  const pause = debounce(() => {
    store.takeText(editor.value);
    input.showExample(store.state.example);
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
    docSize.textContent = `${formatNumber(store.state.text.length)} characters`;
    client.split(store.state, store.revision);
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
