import type { Chunk } from 'chunkdown';
import type { ChunkChecks, SplitterReport } from '../lib/analyze.ts';
import { formatNumber, h } from './dom.ts';
import { PALETTE_SIZE } from './editor.ts';

/** A badge on a card: a warning (`bad`) or a note. */
interface Badge {
  text: string;
  bad: boolean;
  title?: string;
}

/** What a card shows, for either splitter. */
export interface CardModel {
  index: number;
  text: string;
  breadcrumbs: string;
  sizes: string;
  where: string;
  badges: Badge[];
  tableHeaders: string[];
}

/** A list of chunk cards that renders in pages, so thousands of chunks do not stall the page. */
export interface CardList {
  /** Mark these cards as selected. */
  select(indices: readonly number[]): void;
  /** Scroll a card into view, rendering more cards first when needed. */
  reveal(index: number): void;
}

const PAGE = 80;

/**
 * Cards for chunkdown's chunks.
 *
 * @param chunks Chunks from `split()`.
 * @param report Checks and sizes.
 * @param unit Size unit label.
 * @returns One model per chunk.
 */
export function chunkdownCards(
  chunks: readonly Chunk[],
  report: SplitterReport,
  unit: string,
): CardModel[] {
  return chunks.map((chunk, index) => {
    const badges: Badge[] = [];
    if (chunk.overflow) {
      const { reason, nodeType, size } = chunk.overflow;
      badges.push({
        text: `over limit: ${reason}${reason === 'never-split' ? ` ${nodeType}` : ''}`,
        bad: true,
        title: `Kept whole: a ${nodeType} of ${formatNumber(size)} ${unit}`,
      });
    }
    if (chunk.cut) badges.push({ text: 'cut by raw cap', bad: true });
    if (chunk.fallback) badges.push({ text: `${chunk.fallback} fallback`, bad: true });
    badges.push(...checkBadges(report.checks[index]));
    return {
      index,
      text: chunk.text,
      breadcrumbs: chunk.breadcrumbs.map((crumb) => crumb.text).join(' › '),
      sizes: `${formatNumber(chunk.contentSize)} content · ${formatNumber(chunk.rawSize)} raw ${unit}`,
      where: `source ${formatNumber(chunk.start)}–${formatNumber(chunk.end)}`,
      badges,
      tableHeaders: chunk.tableHeaders,
    };
  });
}

/**
 * Cards for LangChain's chunks.
 *
 * @param report LangChain's report.
 * @param unit Size unit label.
 * @returns One model per chunk.
 */
export function langchainCards(report: SplitterReport, unit: string): CardModel[] {
  return report.texts.map((text, index) => {
    const range = report.ranges[index];
    const badges = checkBadges(report.checks[index]);
    if (report.checks[index]?.overLimit) badges.unshift({ text: 'over chunk size', bad: true });
    return {
      index,
      text,
      breadcrumbs: '',
      sizes: `${formatNumber(report.rawSizes[index])} ${unit}`,
      where: range
        ? `source ${formatNumber(range.start)}–${formatNumber(range.end)}`
        : 'not a verbatim slice of the source',
      badges,
      tableHeaders: [],
    };
  });
}

function checkBadges(checks: ChunkChecks | undefined): Badge[] {
  if (!checks) return [];
  const badges: Badge[] = [];
  if (checks.orphanRows > 0) {
    badges.push({
      text: `${checks.orphanRows} orphan row${checks.orphanRows === 1 ? '' : 's'}`,
      bad: true,
      title: 'Table rows without their header row',
    });
  }
  if (checks.unbalancedFence) badges.push({ text: 'unbalanced fence', bad: true });
  if (checks.cutsWord) badges.push({ text: 'mid-word cut', bad: true });
  if (checks.tiny) badges.push({ text: 'tiny', bad: false, title: 'Fewer than 50 characters' });
  return badges;
}

/**
 * Render cards into `container`, a page at a time.
 *
 * @param container Element to fill.
 * @param models Cards.
 * @param onSelect Called with a card's index when it is clicked.
 * @returns Handle to select and reveal cards.
 */
export function renderCards(
  container: HTMLElement,
  models: readonly CardModel[],
  onSelect: ((index: number) => void) | null,
): CardList {
  const list = h('ol', { class: 'cards' });
  const more = h('button', { type: 'button', class: 'more' });
  let rendered = 0;
  let selected: readonly number[] = [];

  const renderUpTo = (count: number) => {
    const target = Math.min(models.length, count);
    const fragment = document.createDocumentFragment();
    for (; rendered < target; rendered++) {
      fragment.append(card(models[rendered] as CardModel, onSelect));
    }
    list.append(fragment);
    more.hidden = rendered >= models.length;
    more.textContent = `Show ${Math.min(PAGE, models.length - rendered)} more of ${models.length - rendered}`;
    paint();
  };
  const paint = () => {
    for (const element of list.querySelectorAll('.card.selected')) {
      element.classList.remove('selected');
    }
    for (const index of selected) list.children[index]?.classList.add('selected');
  };

  more.addEventListener('click', () => renderUpTo(rendered + PAGE));
  container.replaceChildren(
    models.length === 0 ? h('p', { class: 'empty' }, 'No chunks.') : list,
    more,
  );
  renderUpTo(PAGE);

  return {
    select(indices) {
      selected = indices;
      paint();
    },
    reveal(index) {
      if (index >= rendered) renderUpTo(index + PAGE);
      list.children[index]?.scrollIntoView({ block: 'nearest' });
    },
  };
}

function card(model: CardModel, onSelect: ((index: number) => void) | null): HTMLElement {
  return h(
    'li',
    {
      class: `card c${model.index % PALETTE_SIZE}`,
      'data-chunk': model.index,
      onclick: onSelect ? () => onSelect(model.index) : undefined,
    },
    h(
      'header',
      {},
      h('span', { class: 'chunk-number' }, `#${model.index + 1}`),
      h('span', { class: 'sizes' }, model.sizes),
      h('span', { class: 'where' }, model.where),
    ),
    model.breadcrumbs ? h('p', { class: 'breadcrumbs' }, model.breadcrumbs) : null,
    model.badges.length > 0
      ? h(
          'p',
          { class: 'badges' },
          model.badges.map((badge) =>
            h('span', { class: badge.bad ? 'badge bad' : 'badge', title: badge.title }, badge.text),
          ),
        )
      : null,
    model.tableHeaders.length > 0
      ? h('p', { class: 'table-headers' }, `Table headers: ${model.tableHeaders.join(', ')}`)
      : null,
    h('pre', { class: 'chunk-text' }, model.text),
  );
}
