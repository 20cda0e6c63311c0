import { createAppStore, initialState } from '../lib/app-state.ts';
import { debounce } from '../lib/debounce.ts';
import { createControls } from './controls.ts';
import { createDocumentInput } from './document-input.ts';
import { byId, formatNumber } from './dom.ts';
import { createEditor } from './editor.ts';
import { wireExport } from './export-buttons.ts';
import { createResults } from './results.ts';
import { createShare } from './share.ts';
import { createSplitClient, startSplitWorker } from './split-client.ts';
import { createStatus } from './status.ts';

/** Pause after the last keystroke before the text is split again. */
const TYPING_DELAY = 200;

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
      if (!shown?.analysis.chunkdown.ok) return null;
      const { chunks, frontmatter } = shown.analysis.chunkdown;
      return { chunks, frontmatter, settings: shown.request.settings };
    },
    () => store.name,
    status,
  );

  const client = createSplitClient(startSplitWorker(), {
    started() {
      status.phase('busy');
      status.line('Splitting…');
    },
    answered(answer) {
      results.show(answer);
      share.update(answer.request);
      settle();
    },
    failed(message) {
      results.showError(message);
      status.line('');
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
    const answer = await client.loadTokenizer(file.name, await file.text());
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
  }

  function requestSplit(): void {
    pause.cancel();
    docSize.textContent = `${formatNumber(store.state.text.length)} characters`;
    client.split(store.state, store.revision);
  }

  /** The newest request is answered: the page is ready unless more typing waits. */
  function settle(): void {
    if (!pause.pending) status.phase('ready');
  }

  requestSplit();
}
