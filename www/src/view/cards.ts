import type { Chunk, Container } from 'chunkdown';
import type { ChunkChecks, SplitterReport } from '../lib/analyze.ts';
import { formatNumber, h } from './dom.ts';
import { PALETTE_SIZE } from './editor.ts';

/** A badge on a card: a warning (`bad`) or a note. */
interface Badge {
  text: string;
  bad: boolean;
  title?: string;
  /** `container` for the chip of a container the chunk sits in. */
  kind?: 'container';
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
  /** The chunk's stable id, when the library gives one. */
  id?: string | undefined;
  /** The text to embed (`context: true`), when the library gives it. */
  embedText?: string | undefined;
}

/** Fields the library adds in newer versions; read defensively, they may be absent. */
interface NewerChunkFields {
  id?: unknown;
  embedText?: unknown;
}

/** A list of chunk cards that renders in pages, so thousands of chunks do not stall the page. */
export interface CardList {
  /** The list element. */
  readonly list: HTMLOListElement;
  /** Mark these cards as selected. */
  select(indices: readonly number[]): void;
  /** Scroll a card into view, rendering more cards first when needed. */
  reveal(index: number): void;
}

const PAGE = 80;

/**
 * The cards of a splitter's chunks, made when asked for: a list shows a page of cards at a time,
 * so thousands of chunks cost only the cards on screen.
 */
export interface CardSource {
  readonly length: number;
  at(index: number): CardModel | undefined;
}

/**
 * Cards for chunkdown's chunks, each made when it is first asked for.
 *
 * @param chunks Chunks from `split()`.
 * @param report Checks and sizes.
 * @param unit Size unit label.
 * @returns The cards.
 */
export function chunkdownCardSource(
  chunks: readonly Chunk[],
  report: SplitterReport,
  unit: string,
): CardSource {
  return {
    length: chunks.length,
    at(index) {
      const chunk = chunks[index];
      return chunk ? chunkdownCard(chunk, index, report.checks[index], unit) : undefined;
    },
  };
}

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
  return chunks.map((chunk, index) => chunkdownCard(chunk, index, report.checks[index], unit));
}

function chunkdownCard(
  chunk: Chunk,
  index: number,
  checks: ChunkChecks | undefined,
  unit: string,
): CardModel {
  const badges: Badge[] = [];
  if (chunk.overflow) {
    const { reason, nodeType, size } = chunk.overflow;
    badges.push({
      text: `over limit: ${reason}${reason === 'never-split' ? ` ${nodeType}` : ''}`,
      bad: true,
      title: `Kept whole: a ${nodeType} of ${formatNumber(size)} ${unit}`,
    });
  }
  for (const container of chunk.containers ?? []) badges.push(containerBadge(container));
  if (chunk.cut) badges.push({ text: 'cut by raw cap', bad: true });
  if (chunk.fallback) badges.push({ text: `${chunk.fallback} fallback`, bad: true });
  badges.push(...checkBadges(checks));
  const { id, embedText } = chunk as NewerChunkFields;
  return {
    index,
    text: chunk.text,
    breadcrumbs: chunk.breadcrumbs.map((crumb) => crumb.text).join(' › '),
    sizes: `${formatNumber(chunk.contentSize)} content · ${formatNumber(chunk.rawSize)} raw ${unit}`,
    where: `source ${formatNumber(chunk.start)}–${formatNumber(chunk.end)}`,
    badges,
    tableHeaders: chunk.tableHeaders,
    id: typeof id === 'string' ? id : undefined,
    embedText: typeof embedText === 'string' ? embedText : undefined,
  };
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

/** The chip of a container the chunk sits in: `note: Before you start`, `<TabItem> npm`. */
function containerBadge(container: Container): Badge {
  const name = container.kind === 'jsx' ? `<${container.name}>` : container.name;
  const attributes = Object.entries(container.attributes ?? {})
    .map(([key, value]) => `${key}="${value}"`)
    .join(' ');
  return {
    text: container.title ? `${name}: ${container.title}` : name,
    bad: false,
    title: `Inside a ${container.kind}${attributes ? ` (${attributes})` : ''}`,
    kind: 'container',
  };
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
  if (checks.unbalancedFences > 0) badges.push({ text: 'unbalanced fence', bad: true });
  if (checks.cutsWord) badges.push({ text: 'mid-word cut', bad: true });
  if (checks.tiny) badges.push({ text: 'tiny', bad: false, title: 'Fewer than 50 characters' });
  return badges;
}

/** A rendered list: the key of each card shown, to update them in place, and its "more" action. */
interface Rendered {
  keys: string[];
  more: () => void;
}

const renderedLists = new WeakMap<HTMLOListElement, Rendered>();

/**
 * Render cards into `container`, a page at a time. Given the list that is there now, it updates
 * it in place: a card whose content did not change keeps its element (with focus), wherever it
 * moved to, and only its number, color and offsets are rewritten; as many cards as were shown
 * are shown again. After an edit that shifts every chunk, only the cards of new chunks are built.
 *
 * @param container Element to fill.
 * @param models Cards (an array, or a {@link CardSource} that makes them when asked).
 * @param onSelect Called with a card's index when it is clicked or chosen with Enter or Space.
 * @param previous The list rendered into `container` before, to update instead of rebuilding.
 * @returns Handle to select and reveal cards.
 */
export function renderCards(
  container: HTMLElement,
  models: CardSource,
  onSelect: ((index: number) => void) | null,
  previous: CardList | null = null,
): CardList {
  const oldList = previous?.list;
  const reuse = oldList && container.contains(oldList) ? renderedLists.get(oldList) : undefined;
  const list = reuse && oldList ? oldList : h('ol', { class: 'cards' });
  const more =
    container.querySelector<HTMLButtonElement>(':scope > .more') ??
    h('button', { type: 'button', class: 'more' });
  // The cards there now, by what they show apart from their place.
  const spare = new Map<string, HTMLElement[]>();
  if (reuse) {
    reuse.keys.forEach((key, index) => {
      const element = list.children[index] as HTMLElement | undefined;
      if (!element) return;
      const same = spare.get(key);
      if (same) same.push(element);
      else spare.set(key, [element]);
    });
  }
  const keys: string[] = [];
  let rendered = 0;
  let selected: readonly number[] = [];

  const renderUpTo = (count: number) => {
    const target = Math.min(models.length, count);
    for (; rendered < target; rendered++) {
      const model = models.at(rendered) as CardModel;
      const key = cardKey(model);
      const kept = spare.get(key)?.shift();
      const element = kept ?? card(model, onSelect, focusCard);
      if (kept) place(kept, model);
      keys.push(key);
      const there = list.children[rendered];
      if (there !== element) list.insertBefore(element, there ?? null);
    }
    // Cards of chunks that are gone, and those past the shown pages.
    while (list.children.length > rendered) list.lastElementChild?.remove();
    spare.clear();
    more.hidden = rendered >= models.length;
    more.textContent = `Show ${Math.min(PAGE, models.length - rendered)} more of ${models.length - rendered}`;
    paint();
  };
  const paint = () => {
    for (const element of list.querySelectorAll('.card.selected')) {
      element.classList.remove('selected');
      element.removeAttribute('aria-current');
    }
    for (const index of selected) {
      list.children[index]?.classList.add('selected');
      list.children[index]?.setAttribute('aria-current', 'true');
    }
  };
  /** Move keyboard focus to a card, rendering more first when it is not shown yet. */
  const focusCard = (index: number) => {
    if (index < 0 || index >= models.length) return;
    if (index >= rendered) renderUpTo(index + PAGE);
    (list.children[index] as HTMLElement | undefined)?.focus();
  };

  if (!reuse) {
    more.addEventListener('click', () => renderedLists.get(list)?.more());
    container.replaceChildren(list, more);
  }
  renderedLists.set(list, { keys, more: () => renderUpTo(rendered + PAGE) });
  const empty = container.querySelector(':scope > .empty');
  if (models.length === 0 && !empty) container.prepend(h('p', { class: 'empty' }, 'No chunks.'));
  if (models.length > 0) empty?.remove();
  renderUpTo(Math.max(PAGE, reuse?.keys.length ?? 0));

  return {
    list,
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

/** What a card shows apart from its place in the list (its number, color and offsets). */
function cardKey(model: CardModel): string {
  return JSON.stringify({ ...model, index: 0, where: '' });
}

/** Move a kept card to its new place: its number, color and source offsets. */
function place(element: HTMLElement, model: CardModel): void {
  const index = String(model.index);
  if (element.dataset.chunk === index) {
    const where = element.querySelector('.where');
    if (where && where.textContent !== model.where) where.textContent = model.where;
    return;
  }
  element.dataset.chunk = index;
  element.classList.remove(`c${Number(element.dataset.color)}`);
  element.classList.add(`c${model.index % PALETTE_SIZE}`);
  element.dataset.color = String(model.index % PALETTE_SIZE);
  element.setAttribute('aria-label', `Chunk ${model.index + 1}`);
  const number = element.querySelector('.chunk-number');
  if (number) number.textContent = `#${model.index + 1}`;
  const where = element.querySelector('.where');
  if (where) where.textContent = model.where;
}

function card(
  model: CardModel,
  onSelect: ((index: number) => void) | null,
  focusCard: (index: number) => void,
): HTMLElement {
  // A kept card moves (`place`): its index is read from the element when it is used.
  const indexOf = (event: Event) => Number((event.currentTarget as HTMLElement).dataset.chunk);
  const choose = onSelect ? (event: Event) => onSelect(indexOf(event)) : undefined;
  return h(
    'li',
    {
      class: `card c${model.index % PALETTE_SIZE}`,
      'data-chunk': model.index,
      'data-color': model.index % PALETTE_SIZE,
      tabindex: 0,
      'aria-label': `Chunk ${model.index + 1}`,
      onclick: choose,
      onkeydown: (event: Event) => {
        const key = (event as KeyboardEvent).key;
        if (event.target !== event.currentTarget) return;
        if ((key === 'Enter' || key === ' ') && choose) {
          event.preventDefault();
          choose(event);
        } else if (key === 'ArrowDown' || key === 'ArrowUp') {
          event.preventDefault();
          focusCard(indexOf(event) + (key === 'ArrowDown' ? 1 : -1));
        }
      },
    },
    h(
      'header',
      {},
      h('span', { class: 'chunk-number' }, `#${model.index + 1}`),
      h('span', { class: 'sizes' }, model.sizes),
      h('span', { class: 'where' }, model.where),
      model.id
        ? h('code', { class: 'chunk-id', title: `id ${model.id}` }, model.id.slice(0, 10))
        : null,
    ),
    model.breadcrumbs ? h('p', { class: 'breadcrumbs' }, model.breadcrumbs) : null,
    model.badges.length > 0
      ? h(
          'p',
          { class: 'badges' },
          model.badges.map((badge) =>
            h(
              'span',
              {
                class: badge.bad
                  ? 'badge bad'
                  : badge.kind === 'container'
                    ? 'badge container'
                    : 'badge',
                title: badge.title,
              },
              badge.text,
            ),
          ),
        )
      : null,
    model.tableHeaders.length > 0
      ? h('p', { class: 'table-headers' }, `Table headers: ${model.tableHeaders.join(', ')}`)
      : null,
    h('pre', { class: 'chunk-text' }, model.text),
    model.embedText !== undefined && model.embedText !== model.text
      ? h(
          'details',
          { class: 'embed-text' },
          h('summary', {}, 'Text to embed'),
          h('pre', { class: 'chunk-text' }, model.embedText),
        )
      : null,
  );
}
