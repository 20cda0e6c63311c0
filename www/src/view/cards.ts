import type { Chunk, Container } from 'chunkdown';
import type { ChunkChecks, SplitterReport } from '../lib/analyze.ts';
import { renderChunk } from '../lib/render.ts';
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
  /**
   * Scroll a card into view, rendering it first when needed.
   *
   * @param index The card.
   * @param scrollPage Whether the page may scroll too; otherwise only a panel that scrolls on
   * its own does (the card followed while typing must not pull a phone's page off the editor).
   */
  reveal(index: number, scrollPage?: boolean): void;
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
  const overLimit = checks?.overLimit ?? false;
  if (chunk.overflow) {
    const { reason, nodeType, size } = chunk.overflow;
    const why = `${reason}${reason === 'never-split' ? ` ${nodeType}` : ''}`;
    badges.push({
      // Over the chunk size within the limit is what the options allow: information.
      text: overLimit ? `over limit: ${why}` : `over chunk size (allowed): ${why}`,
      bad: overLimit,
      title: `Kept whole: a ${nodeType} of ${formatNumber(size)} ${unit}`,
    });
  } else if (checks?.overChunkSize && !overLimit) {
    badges.push({ text: 'over chunk size (allowed)', bad: false });
  }
  for (const container of chunk.containers ?? []) badges.push(containerBadge(container));
  if (chunk.cut) badges.push({ text: 'cut by raw cap', bad: false });
  if (chunk.fallback) badges.push({ text: `${chunk.fallback} fallback`, bad: false });
  badges.push(...checkBadges(checks, chunk.overflow ? ['over-limit'] : []));
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

/** How a card words the issues that are about the whole chunk (the others say their count). */
const CHUNK_LEVEL: Partial<Record<string, string>> = {
  'cut-word': 'word cut in two',
  'over-limit': 'over the size limit',
  'over-raw-cap': 'over the raw size cap',
  'markup-only': 'markup without text',
};

/**
 * The badges of a chunk's checks: one per issue (what breaks it, worded with its count) and a note
 * for a tiny chunk.
 *
 * @param checks The chunk's checks.
 * @param shown Issues another badge already shows.
 */
function checkBadges(checks: ChunkChecks | undefined, shown: readonly string[] = []): Badge[] {
  if (!checks) return [];
  const badges: Badge[] = checks.issues
    .filter((issue) => !shown.includes(issue.kind))
    .map((issue) => ({
      text: CHUNK_LEVEL[issue.kind] ?? issue.message,
      bad: true,
      title: 'An issue: it breaks the chunk',
    }));
  if (checks.tiny) badges.push({ text: 'tiny', bad: false, title: 'Fewer than 50 characters' });
  return badges;
}

/** A rendered list: the key of each card shown, where the window starts, and its actions. */
interface Rendered {
  keys: string[];
  from: number;
  more: () => void;
  earlier: () => void;
}

const renderedLists = new WeakMap<HTMLOListElement, Rendered>();

/** The most cards a list holds at once: a 1 MB document has thousands of chunks. */
export const MAX_CARDS = 3 * PAGE;

/**
 * Render a window of cards into `container`: at most {@link MAX_CARDS} at a time, with buttons
 * for the cards before and after it. Given the list that is there now, it updates it in place: a
 * card whose content did not change keeps its element (with focus), wherever it moved to, and
 * only its number, color and offsets are rewritten; the same window is shown again unless
 * `around` lies outside it. After an edit that shifts every chunk, only the cards of new chunks
 * are built, and the DOM never holds more than the window.
 *
 * @param container Element to fill.
 * @param models Cards (an array, or a {@link CardSource} that makes them when asked).
 * @param onSelect Called with a card's index when it is clicked or chosen with Enter or Space.
 * @param previous The list rendered into `container` before, to update instead of rebuilding.
 * @param around A card the window must hold (the chunk being edited).
 * @returns Handle to select and reveal cards.
 */
export function renderCards(
  container: HTMLElement,
  models: CardSource,
  onSelect: ((index: number) => void) | null,
  previous: CardList | null = null,
  around?: number,
): CardList {
  const oldList = previous?.list;
  const reuse = oldList && container.contains(oldList) ? renderedLists.get(oldList) : undefined;
  const list = reuse && oldList ? oldList : h('ol', { class: 'cards' });
  const more =
    container.querySelector<HTMLButtonElement>(':scope > .more') ??
    h('button', { type: 'button', class: 'more' });
  const earlier =
    container.querySelector<HTMLButtonElement>(':scope > .earlier') ??
    h('button', { type: 'button', class: 'more earlier' });
  let keys: string[] = reuse?.keys ?? [];
  let from = reuse?.from ?? 0;
  let selected: readonly number[] = [];

  /** Show the cards `[start, start + count)`, reusing the elements there now by what they show. */
  const show = (start: number, count: number) => {
    const first = Math.max(0, Math.min(start, models.length - 1));
    const last = Math.min(models.length, first + Math.min(count, MAX_CARDS));
    const spare = new Map<string, HTMLElement[]>();
    keys.forEach((key, index) => {
      const element = list.children[index] as HTMLElement | undefined;
      if (!element) return;
      const same = spare.get(key);
      if (same) same.push(element);
      else spare.set(key, [element]);
    });
    const next: string[] = [];
    for (let index = first; index < last; index++) {
      const model = models.at(index) as CardModel;
      const key = cardKey(model);
      const kept = spare.get(key)?.shift();
      const element = kept ?? card(model, onSelect, focusCard);
      if (kept) place(kept, model);
      next.push(key);
      const there = list.children[index - first];
      if (there !== element) list.insertBefore(element, there ?? null);
    }
    // Cards of chunks that are gone, and those outside the window.
    while (list.children.length > next.length) list.lastElementChild?.remove();
    keys = next;
    from = last > first ? first : 0;
    const after = models.length - last;
    more.hidden = after <= 0;
    more.textContent = `Show ${Math.min(PAGE, after)} more of ${after}`;
    earlier.hidden = from <= 0;
    earlier.textContent = `Show ${Math.min(PAGE, from)} earlier of ${from}`;
    renderedLists.set(list, {
      keys,
      from,
      more: () => show(Math.max(from, from + keys.length + PAGE - MAX_CARDS), keys.length + PAGE),
      earlier: () => {
        const top = list.firstElementChild;
        const before = top?.getBoundingClientRect().top ?? 0;
        show(Math.max(0, from - PAGE), Math.min(MAX_CARDS, keys.length + PAGE));
        // Keep the card that was first where it was.
        const moved = (top?.getBoundingClientRect().top ?? 0) - before;
        const scroller = container.closest('.views') ?? document.scrollingElement;
        if (scroller && moved) scroller.scrollTop += moved;
      },
    });
    paint();
  };
  const paint = () => {
    for (const element of list.querySelectorAll('.card.selected')) {
      element.classList.remove('selected');
      element.removeAttribute('aria-current');
    }
    for (const index of selected) {
      const element = list.children[index - from];
      element?.classList.add('selected');
      element?.setAttribute('aria-current', 'true');
    }
  };
  const holds = (index: number) => index >= from && index < from + keys.length;
  /** Show the window around `index` unless it is shown. */
  const bring = (index: number) => {
    if (!holds(index)) show(Math.max(0, index - Math.floor(PAGE / 4)), PAGE);
  };
  /** Move keyboard focus to a card, rendering it first when it is not shown. */
  const focusCard = (index: number) => {
    if (index < 0 || index >= models.length) return;
    bring(index);
    (list.children[index - from] as HTMLElement | undefined)?.focus();
  };

  if (!reuse) {
    more.addEventListener('click', () => renderedLists.get(list)?.more());
    earlier.addEventListener('click', () => renderedLists.get(list)?.earlier());
    container.replaceChildren(earlier, list, more);
  }
  const empty = container.querySelector(':scope > .empty');
  if (models.length === 0 && !empty) container.prepend(h('p', { class: 'empty' }, 'No chunks.'));
  if (models.length > 0) empty?.remove();
  let start = from;
  let count = Math.max(PAGE, keys.length);
  if (around !== undefined && (around < from || around >= from + count)) {
    start = Math.max(0, around - Math.floor(PAGE / 4));
    count = PAGE;
  }
  if (models.length === 0) {
    list.replaceChildren();
    keys = [];
    from = 0;
    more.hidden = true;
    earlier.hidden = true;
    renderedLists.set(list, { keys, from, more() {}, earlier() {} });
  } else {
    show(Math.min(start, Math.max(0, models.length - 1)), count);
  }

  return {
    list,
    select(indices) {
      selected = indices;
      paint();
    },
    reveal(index, scrollPage = true) {
      if (index < 0 || index >= models.length) return;
      bring(index);
      const element = list.children[index - from] as HTMLElement | undefined;
      if (!element) return;
      if (scrollPage) {
        element.scrollIntoView({ block: 'nearest' });
        return;
      }
      const scroller = container.closest<HTMLElement>('.views');
      if (!scroller || !/auto|scroll/.test(getComputedStyle(scroller).overflowY)) return;
      const box = scroller.getBoundingClientRect();
      const card = element.getBoundingClientRect();
      if (card.top < box.top) scroller.scrollTop -= box.top - card.top + 8;
      else if (card.top > box.bottom - 48) scroller.scrollTop += card.top - box.top - 8;
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
  element.setAttribute('aria-label', `Chunk ${model.index}`);
  const number = element.querySelector('.chunk-number');
  if (number) number.textContent = `#${model.index}`;
  const where = element.querySelector('.where');
  if (where) where.textContent = model.where;
}

/**
 * The button that turns a card between its markdown and the HTML a reader sees (rendered when
 * first asked for, sanitized: no script from a chunk runs).
 */
function viewToggle(text: string): HTMLElement {
  return h(
    'button',
    {
      type: 'button',
      class: 'card-view',
      'aria-pressed': 'false',
      title: 'Show the chunk rendered, as a reader sees it',
      onclick: (event: Event) => {
        event.stopPropagation();
        const button = event.currentTarget as HTMLButtonElement;
        const card = button.closest('.card');
        const source = card?.querySelector<HTMLElement>(':scope > .chunk-text');
        if (!card || !source) return;
        let rendered = card.querySelector<HTMLElement>(':scope > .chunk-html');
        const show = button.getAttribute('aria-pressed') !== 'true';
        if (show && !rendered) {
          rendered = h('div', { class: 'chunk-html' });
          // Safe: renderChunk sanitizes what the chunk's markdown makes.
          rendered.innerHTML = renderChunk(text);
          source.after(rendered);
        }
        source.hidden = show;
        if (rendered) rendered.hidden = !show;
        button.setAttribute('aria-pressed', String(show));
        button.textContent = show ? 'Markdown' : 'Rendered';
      },
      onkeydown: (event: Event) => event.stopPropagation(),
    },
    'Rendered',
  );
}

/** The chunk's full id and a button that copies it. */
function idChip(id: string): HTMLElement {
  const copy = h(
    'button',
    {
      type: 'button',
      class: 'copy-id',
      title: 'Copy the id',
      'aria-label': `Copy the id ${id}`,
      onclick: (event: Event) => {
        // Copying is not choosing the card.
        event.stopPropagation();
        const button = event.currentTarget as HTMLButtonElement;
        void navigator.clipboard?.writeText(id).then(
          () => {
            button.textContent = 'Copied';
            setTimeout(() => {
              button.textContent = 'Copy';
            }, 1200);
          },
          () => {},
        );
      },
      onkeydown: (event: Event) => event.stopPropagation(),
    },
    'Copy',
  );
  return h(
    'span',
    { class: 'chunk-id-wrap' },
    h('code', { class: 'chunk-id', title: `id ${id}` }, id),
    copy,
  );
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
      'aria-label': `Chunk ${model.index}`,
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
      // Numbered from 0, as the command line and the library's `index` are.
      h(
        'span',
        { class: 'chunk-number', title: 'Chunk index, from 0 as chunkdown numbers them' },
        `#${model.index}`,
      ),
      h('span', { class: 'sizes' }, model.sizes),
      h('span', { class: 'where' }, model.where),
      model.id ? idChip(model.id) : null,
      viewToggle(model.text),
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
