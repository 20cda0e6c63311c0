import type { Analysis } from '../lib/analyze.ts';
import type { DocumentAnalysis } from '../lib/document-analysis.ts';
import { humanError } from '../lib/errors.ts';
import { chunksAt, type Range } from '../lib/highlight.ts';
import type { Settings } from '../lib/settings.ts';
import { type CardList, chunkdownCardSource, langchainCards, renderCards } from './cards.ts';
import type { Controls } from './controls.ts';
import { byId, formatNumber, h } from './dom.ts';
import type { Editor } from './editor.ts';
import { renderComparison, renderStats, renderSummary } from './report.ts';
import type { SplitAnswer } from './split-client.ts';
import type { Status } from './status.ts';
import { createTabs, type Tab } from './tabs.ts';
import { renderTree } from './tree.ts';

/** The results: the summary, the error box, the tabs, and chunks selected across them. */
export interface Results {
  /** The answer on screen (the last valid one), if any. */
  readonly shown: SplitAnswer | null;
  /**
   * Draw an answer. One with an invalid option shows the library's message and leaves the last
   * good result on screen.
   *
   * @param answer The worker's answer.
   * @param follow The text was typed in since the last answer: show the card of the chunk at
   * the caret.
   */
  show(answer: SplitAnswer, follow?: boolean): void;
  /**
   * Draw the outline and LangChain's split that go with the answer on screen (they come after
   * it, from the document worker); until then the views show the ones before.
   *
   * @param analysis The document worker's answer.
   */
  showDocument(analysis: DocumentAnalysis, id: number): void;
  /**
   * Show an error above the results.
   *
   * @param message The message.
   */
  showError(message: string): void;
  /** Open a view (the Folder view when a folder is opened). */
  openTab(tab: Tab): void;
  /**
   * Select the chunks at a source offset (the caret moved there).
   *
   * @param offset Offset in the text.
   */
  selectAt(offset: number): void;
}

/** What the results draw on and read. */
export interface ResultsContext {
  editor: Editor;
  controls: Controls;
  status: Status;
  /** The store's current revision of the text. */
  revision(): number;
  /**
   * A view that shows the outline or LangChain's split is open: ask for them for the split
   * request `id` (they read the whole document, so only when a view shows them).
   */
  wantDocument(id: number): void;
}

/**
 * The results panel of the page from `index.html`.
 *
 * @param context Editor, controls, status and the text's revision.
 * @returns The results.
 */
export function createResults(context: ResultsContext): Results {
  const { editor, controls, status } = context;
  const summary = byId('summary', HTMLDivElement);
  const errorBox = byId('error', HTMLDivElement);
  let shown: SplitAnswer | null = null;
  let documentShown: DocumentAnalysis | null = null;
  /** The split request the outline and LangChain's split on screen go with. */
  let documentFor = -1;
  let cardList: CardList | null = null;
  /** The chunk whose card the chunks view must show (the one at the caret, after typing). */
  let follow: number | undefined;
  /** Whether the answer on screen was made from the text in the editor. */
  const current = () => shown !== null && shown.revision === context.revision();

  const tabs = createTabs((tab, view) => {
    if (shown) render(tab, view, shown);
  });

  function render(tab: Tab, view: HTMLElement, { chunkdown: ours, request }: SplitAnswer): void {
    const unit = unitLabel(request.settings);
    if ((tab === 'sections' || tab === 'compare') && documentFor !== request.id) {
      context.wantDocument(request.id);
    }
    const ranges: Range[] = ours.ok ? ours.chunks : [];
    switch (tab) {
      case 'chunks':
        if (!ours.ok) {
          view.replaceChildren();
          cardList = null;
          return;
        }
        cardList = renderCards(
          view,
          chunkdownCardSource(ours.chunks, ours.report, unit),
          (index) => select([index], 'card'),
          cardList,
          follow,
        );
        if (follow !== undefined) cardList.reveal(follow, false);
        follow = undefined;
        break;
      case 'sections':
        if (!documentShown) {
          view.replaceChildren(h('p', { class: 'hint' }, 'Reading the sections…'));
          return;
        }
        renderTree(view, documentShown.sections, ranges, (chunks) => select(chunks, 'tree'));
        break;
      case 'stats':
        if (!ours.ok) {
          view.replaceChildren();
          return;
        }
        renderStats(view, ours.chunks, ours.frontmatter, ours.report, ours.quality, unit);
        break;
      case 'folder':
        // Drawn by the folder view as its worker answers.
        break;
      case 'compare': {
        const analysis: Analysis = {
          chunkdown: ours,
          langchain: documentShown?.langchain ?? {
            ok: false,
            error: 'LangChain’s split is on its way…',
          },
          sections: documentShown?.sections ?? [],
        };
        const columns = renderComparison(view, analysis, unit);
        if (ours.ok) {
          renderCards(columns.ours, chunkdownCardSource(ours.chunks, ours.report, unit), (index) =>
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
      if (tabs.active === 'chunks') cardList?.reveal(first);
    } else if (shown?.chunkdown.ok && current()) {
      const chunk = shown.chunkdown.chunks[first];
      if (chunk) editor.reveal(chunk.start);
    }
  }

  function showError(message: string): void {
    errorBox.hidden = false;
    errorBox.textContent = message;
  }

  return {
    get shown() {
      return shown;
    },
    show(answer, typed = false) {
      const { chunkdown: ours, request } = answer;
      if (!ours.ok) {
        // Keep the last good result on screen while an option is invalid; say what is wrong in
        // words (the field and what it accepts).
        showError(humanError(ours.error));
        controls.flagInvalid(ours.error);
        status.line(shown ? 'showing the last valid result' : '');
        return;
      }
      shown = answer;
      errorBox.hidden = true;
      controls.flagInvalid(null);
      const unit = unitLabel(request.settings);
      renderSummary(summary, ours.report, unit, ours.kind, {
        names: ours.syntax,
        diagnostics: ours.diagnostics,
      });
      if (current()) editor.showChunks(ours.segments, ours.starts);
      follow = undefined;
      if (typed && current()) {
        const at = chunksAt(ours.chunks, editor.caret)[0];
        if (at !== undefined) follow = at;
      }
      status.line(`split in ${formatNumber(Math.round(ours.report.ms))} ms`);
      tabs.invalidate();
    },
    showDocument(analysis, id) {
      documentShown = analysis;
      documentFor = id;
      tabs.invalidate(['sections', 'compare']);
    },
    showError,
    openTab(tab) {
      tabs.open(tab);
    },
    selectAt(offset) {
      if (!shown?.chunkdown.ok || !current()) return;
      select(chunksAt(shown.chunkdown.chunks, offset), 'source');
    },
  };
}

function unitLabel(settings: Settings): string {
  return settings.unit === 'characters' ? 'chars' : 'tokens';
}
