import { EXAMPLES, exampleText } from '../examples.ts';
import type { Analysis } from '../lib/analyze.ts';
import { toJson, toJsonl } from '../lib/export.ts';
import { chunksAt, type Range } from '../lib/highlight.ts';
import { latestQueue } from '../lib/latest.ts';
import { type AppState, DEFAULT_SETTINGS, type Settings } from '../lib/settings.ts';
import { decodeState, fromStateFile, MAX_LINK_CHARS, toStateFile } from '../lib/url-state.ts';
import type { ShareAnswer, ShareRequest, SplitRequest, WorkerMessage } from '../protocol.ts';
import { type CardList, chunkdownCards, langchainCards, renderCards } from './cards.ts';
import { createControls } from './controls.ts';
import { byId, formatNumber, h } from './dom.ts';
import { createEditor } from './editor.ts';
import { renderComparison, renderStats, renderSummary } from './report.ts';
import { renderTree } from './tree.ts';

/** Pause after the last keystroke before the text is split again. */
const TYPING_DELAY = 200;
/** Largest file the page opens. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

type Tab = 'chunks' | 'sections' | 'stats' | 'compare';
const TABS: readonly Tab[] = ['chunks', 'sections', 'stats', 'compare'];

/** What the result views show: an analysis and the request it answers. */
interface Shown {
  request: SplitRequest;
  analysis: Analysis;
  /** The editor's revision the request was made from. */
  revision: number;
}

/** Start the visualizer on the page from `index.html`. */
export function startApp(): void {
  const fallback: AppState = {
    text: EXAMPLES[0]?.text ?? '',
    example: EXAMPLES[0]?.id ?? null,
    settings: { ...DEFAULT_SETTINGS, rules: {} },
  };
  const state: AppState = decodeState(location.hash, exampleText) ?? fallback;
  let fileName = 'chunks';
  let shown: Shown | null = null;
  let cardList: CardList | null = null;
  let activeTab: Tab = 'chunks';
  const dirty = new Set<Tab>();

  const editorBox = byId('editor', HTMLDivElement);
  const exampleSelect = byId('example', HTMLSelectElement);
  const fileInput = byId('file-input', HTMLInputElement);
  const status = byId('status', HTMLSpanElement);
  const docSize = byId('doc-size', HTMLSpanElement);
  const summary = byId('summary', HTMLDivElement);
  const errorBox = byId('error', HTMLDivElement);
  const toast = byId('toast', HTMLParagraphElement);
  const views: Record<Tab, HTMLElement> = {
    chunks: byId('view-chunks', HTMLDivElement),
    sections: byId('view-sections', HTMLDivElement),
    stats: byId('view-stats', HTMLDivElement),
    compare: byId('view-compare', HTMLDivElement),
  };

  // The editor's revision counts the user's edits, so an answer is drawn only over the text it
  // was made from, without comparing a 1 MB string.
  let revision = 0;
  const editor = createEditor(byId('source-editor', HTMLDivElement), {
    onInput() {
      revision++;
      status.textContent = 'Editing…';
      scheduleSplit(TYPING_DELAY);
    },
    onCaret(offset) {
      if (!shown?.analysis.chunkdown.ok || shown.revision !== revision) return;
      select(chunksAt(shown.analysis.chunkdown.chunks, offset), 'source');
    },
    onDropFile(file) {
      void openFile(file);
    },
  });
  editor.setValue(state.text);
  // The editor turns CR LF into LF; split exactly what it shows, so the offsets fit.
  state.text = editor.value;

  const controls = createControls(byId('options-form', HTMLFormElement), state.settings, (next) => {
    state.settings = next;
    scheduleSplit(0);
  });
  if (window.matchMedia('(max-width: 1100px)').matches) {
    byId('options', HTMLDetailsElement).open = false;
  }

  // Examples.
  exampleSelect.append(
    h('option', { value: '' }, 'Your text'),
    ...EXAMPLES.map((example) => h('option', { value: example.id }, example.title)),
  );
  exampleSelect.value = state.example ?? '';
  exampleSelect.addEventListener('change', () => {
    const text = exampleText(exampleSelect.value);
    if (text === undefined) return;
    loadText(text, exampleSelect.value, exampleSelect.value);
  });

  // Files: open button and drag and drop.
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

  // Typing.
  let typingTimer: ReturnType<typeof setTimeout> | undefined;

  function scheduleSplit(delay: number): void {
    setPhase('pending');
    clearTimeout(typingTimer);
    typingTimer = setTimeout(() => {
      typingTimer = undefined;
      const text = editor.value;
      if (text !== state.text) {
        state.text = text;
        if (state.example !== null && exampleText(state.example) !== text) state.example = null;
        exampleSelect.value = state.example ?? '';
      }
      requestSplit();
    }, delay);
  }

  // The split worker and its queue.
  const worker = new Worker(new URL('../worker.ts', import.meta.url), { type: 'module' });
  let nextId = 0;
  let inFlight: { request: SplitRequest; revision: number } | null = null;
  const queue = latestQueue<{ request: SplitRequest; revision: number }>((job) => {
    inFlight = job;
    setPhase('busy');
    status.textContent = 'Splitting…';
    worker.postMessage(job.request);
  });
  worker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
    const response = event.data;
    const job = inFlight;
    queue.done();
    // A newer request is already running: skip drawing this one.
    if (!job || response.id !== job.request.id || queue.busy) return;
    if (!response.ok) {
      showError(`The worker failed: ${response.error}`);
      status.textContent = '';
    } else {
      show({ request: job.request, analysis: response.analysis, revision: job.revision });
      share.update(job.request);
    }
    if (typingTimer === undefined) setPhase('ready');
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    showError(`The worker failed to start: ${event.message || 'unknown error'}`);
    setPhase('ready');
  });

  function requestSplit(): void {
    clearTimeout(typingTimer);
    typingTimer = undefined;
    docSize.textContent = `${formatNumber(state.text.length)} characters`;
    queue.push({
      request: { id: ++nextId, text: state.text, settings: state.settings, example: state.example },
      revision,
    });
  }

  function loadText(text: string, example: string | null, name: string): void {
    state.text = text;
    state.example = example;
    fileName = name;
    exampleSelect.value = example ?? '';
    revision++;
    editor.setValue(text);
    state.text = editor.value;
    requestSplit();
  }

  async function openFile(file: File): Promise<void> {
    if (file.size > MAX_FILE_BYTES) {
      notify(`${file.name} is larger than 20 MB.`);
      return;
    }
    const content = await file.text();
    const saved = fromStateFile(content, exampleText);
    const name = file.name.replace(/\.chunkdown\.json$|\.[^.]*$/i, '') || 'chunks';
    if (saved) {
      state.settings = saved.settings;
      controls.set(saved.settings);
      loadText(saved.text, saved.example, name);
      notify(`Opened the saved state in ${file.name}`);
      return;
    }
    loadText(content.replace(/\r\n?/g, '\n'), null, name);
    notify(`Opened ${file.name}`);
  }

  // Results.
  function show(next: Shown): void {
    const { analysis, request } = next;
    const ours = analysis.chunkdown;
    if (!ours.ok) {
      // Keep the last good result on screen while an option is invalid.
      showError(ours.error);
      controls.flagInvalid(ours.error);
      status.textContent = shown ? 'showing the last valid result' : '';
      return;
    }
    shown = next;
    errorBox.hidden = true;
    controls.flagInvalid(null);
    const unit = unitLabel(request.settings);
    renderSummary(summary, ours.report, ours.chunks, unit, request.settings.maxRawSize, ours.kind);
    if (next.revision === revision) editor.showChunks(ours.segments, ours.starts);
    status.textContent = `split in ${formatNumber(Math.round(ours.report.ms))} ms`;
    for (const tab of TABS) dirty.add(tab);
    renderTab(activeTab);
  }

  function showError(message: string): void {
    errorBox.hidden = false;
    errorBox.textContent = message;
  }

  function renderTab(tab: Tab): void {
    if (!dirty.has(tab) || !shown) return;
    dirty.delete(tab);
    const { analysis, request } = shown;
    const unit = unitLabel(request.settings);
    const ours = analysis.chunkdown;
    const ranges: Range[] = ours.ok ? ours.chunks : [];
    const view = views[tab];
    switch (tab) {
      case 'chunks':
        if (!ours.ok) {
          view.replaceChildren();
          cardList = null;
          return;
        }
        cardList = renderCards(
          view,
          chunkdownCards(ours.chunks, ours.report, unit),
          (index) => select([index], 'card'),
          cardList,
        );
        break;
      case 'sections':
        renderTree(view, analysis.sections, ranges, (chunks) => select(chunks, 'tree'));
        break;
      case 'stats':
        if (!ours.ok) {
          view.replaceChildren();
          return;
        }
        renderStats(view, ours.chunks, ours.frontmatter, ours.report, ours.quality, unit);
        break;
      case 'compare': {
        const columns = renderComparison(view, analysis, unit);
        if (ours.ok) {
          renderCards(columns.ours, chunkdownCards(ours.chunks, ours.report, unit), (index) =>
            select([index], 'card'),
          );
        }
        if (analysis.langchain.ok) {
          renderCards(columns.theirs, langchainCards(analysis.langchain.report, unit), null);
        }
        break;
      }
    }
  }

  function select(indices: number[], origin: 'source' | 'card' | 'tree'): void {
    editor.activate(indices);
    cardList?.select(indices);
    const first = indices[0];
    if (first === undefined) return;
    if (origin === 'source') {
      if (activeTab === 'chunks') cardList?.reveal(first);
    } else if (shown?.analysis.chunkdown.ok && shown.revision === revision) {
      const chunk = shown.analysis.chunkdown.chunks[first];
      if (chunk) editor.reveal(chunk.start);
    }
  }

  // Tabs.
  const tabButtons = TABS.map((tab) => byId(`tab-${tab}`, HTMLButtonElement));
  const openTab = (tab: Tab) => {
    activeTab = tab;
    TABS.forEach((name, index) => {
      const selected = name === tab;
      tabButtons[index]?.setAttribute('aria-selected', String(selected));
      tabButtons[index]?.setAttribute('tabindex', selected ? '0' : '-1');
      views[name].hidden = !selected;
    });
    renderTab(tab);
  };
  tabButtons.forEach((button, index) => {
    button.addEventListener('click', () => openTab(TABS[index] as Tab));
    button.addEventListener('keydown', (event) => {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (step === 0) return;
      const next = (index + step + TABS.length) % TABS.length;
      openTab(TABS[next] as Tab);
      tabButtons[next]?.focus();
    });
  });
  openTab('chunks');

  // Share and export.
  const share = createShare();
  byId('share', HTMLButtonElement).addEventListener('click', () => {
    void share.link().then((hash) => {
      if (hash === null) {
        sharePanel.hidden = false;
        byId('share-download', HTMLButtonElement).focus();
        return;
      }
      void copy(
        location.href,
        'Link copied to the clipboard',
        'Copy the link from the address bar',
      );
    });
  });
  const sharePanel = byId('share-panel', HTMLDivElement);
  byId('share-download', HTMLButtonElement).addEventListener('click', () => {
    download(`${fileName}.chunkdown.json`, toStateFile(state, exampleText), 'application/json');
    sharePanel.hidden = true;
  });
  byId('share-close', HTMLButtonElement).addEventListener('click', () => {
    sharePanel.hidden = true;
  });

  /**
   * The state in the URL: the share worker compresses each state the page splits, and the
   * address bar gets it when it fits in a link; a larger one clears the fragment, so a link never
   * holds an older state than the page shows.
   */
  function createShare() {
    const shareWorker = new Worker(new URL('../share-worker.ts', import.meta.url), {
      type: 'module',
    });
    let latest = 0;
    let answer: ShareAnswer | null = null;
    let waiting: ((answer: ShareAnswer) => void)[] = [];
    const shareQueue = latestQueue<ShareRequest>((request) => shareWorker.postMessage(request));
    shareWorker.addEventListener('message', (event: MessageEvent<ShareAnswer>) => {
      shareQueue.done();
      if (event.data.id !== latest) return;
      answer = event.data;
      setUrl(answer.hash.length <= MAX_LINK_CHARS ? answer.hash : '');
      for (const resolve of waiting) resolve(event.data);
      waiting = [];
    });
    return {
      /** Compress the state of a request that was just shown. */
      update(request: SplitRequest): void {
        latest = request.id;
        const { text, example, settings } = request;
        shareQueue.push({ id: request.id, state: { text, example, settings } });
      },
      /** The link's fragment for what the page shows, or `null` when it is too large. */
      async link(): Promise<string | null> {
        const current =
          answer?.id === latest
            ? answer
            : await new Promise<ShareAnswer>((resolve) => {
                waiting.push(resolve);
              });
        return current.hash.length <= MAX_LINK_CHARS ? current.hash : null;
      },
    };
  }

  const exportable = () => {
    if (!shown?.analysis.chunkdown.ok) {
      notify('Nothing to export: fix the options first.');
      return null;
    }
    return { ...shown.analysis.chunkdown, settings: shown.request.settings };
  };
  byId('copy-json', HTMLButtonElement).addEventListener('click', () => {
    const result = exportable();
    if (result) {
      const json = toJson(result.chunks, result.frontmatter, result.settings);
      void copy(json, `Copied ${result.chunks.length} chunks as JSON`, 'Copying was blocked');
    }
  });
  byId('download-json', HTMLButtonElement).addEventListener('click', () => {
    const result = exportable();
    if (result) {
      const json = toJson(result.chunks, result.frontmatter, result.settings);
      download(`${fileName}.json`, json, 'application/json');
    }
  });
  byId('download-jsonl', HTMLButtonElement).addEventListener('click', () => {
    const result = exportable();
    if (result) download(`${fileName}.jsonl`, toJsonl(result.chunks), 'application/jsonl');
  });

  async function copy(text: string, done: string, failed: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      notify(done);
    } catch {
      notify(failed);
    }
  }

  let toastTimer: ReturnType<typeof setTimeout> | undefined;
  function notify(message: string): void {
    toast.textContent = message;
    toast.classList.add('visible');
    clearTimeout(toastTimer);
    toastTimer = setTimeout(() => toast.classList.remove('visible'), 3000);
  }

  requestSplit();
}

/**
 * Put the state in the address bar, without a history entry per edit.
 *
 * @param hash Fragment from `encodeState()`, or `''` to clear it.
 */
function setUrl(hash: string): void {
  try {
    history.replaceState(null, '', hash || `${location.pathname}${location.search}`);
  } catch {
    // A browser that refuses the URL keeps the previous one; Share still offers the file.
  }
}

/**
 * Expose where the page is in its edit → split → show cycle as `<html data-phase>`, so scripts
 * (and the end-to-end tests) can wait for the results of what was typed.
 *
 * @param phase `pending` (waiting for the typing pause), `busy` (splitting) or `ready`.
 */
function setPhase(phase: 'pending' | 'busy' | 'ready'): void {
  document.documentElement.dataset.phase = phase;
}

function unitLabel(settings: Settings): string {
  return settings.unit === 'cl100k' ? 'tokens' : 'chars';
}

function download(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = h('a', { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
