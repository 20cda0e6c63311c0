import type { Chunk, Diagnostic, Frontmatter } from 'chunkdown';
import { plural, type Report, type SizeSummary } from 'chunkdown/quality';
import type { Analysis, SplitterReport, Totals } from '../lib/analyze.ts';
import { formatNumber, h } from './dom.ts';
import { histogramScale, histogramSvg } from './histogram.ts';

/**
 * The one-line summary above the tabs.
 *
 * @param container Element to fill.
 * @param report chunkdown's report.
 * @param unit Size unit label.
 * @param kind The kind of document, when the library says.
 * @param syntax The docs dialects the document was read with, and what went wrong reading it.
 */
export function renderSummary(
  container: HTMLElement,
  report: SplitterReport,
  unit: string,
  kind?: string,
  syntax: { names: readonly string[]; diagnostics: readonly Diagnostic[] } = {
    names: [],
    diagnostics: [],
  },
): void {
  const { totals, measuredSummary: content } = report;
  const issues = chunksWithIssues(report);
  container.replaceChildren(
    item('chunks', formatNumber(totals.chunks), 'chunk-count'),
    item('median', `${formatNumber(content?.median)} ${unit}`),
    item('min–max', `${formatNumber(content?.min)}–${formatNumber(content?.max)}`),
    item('over limit', formatNumber(totals.overLimit), undefined, totals.overLimit > 0),
    item('issues', formatNumber(issues), 'issue-count', issues > 0, ISSUES),
    ...(kind ? [item('kind', kind, 'doc-kind', false, KIND)] : []),
    ...(syntax.names.length > 0
      ? [item('dialects', syntax.names.join(', '), 'doc-syntax', false, SYNTAX)]
      : []),
    ...syntax.diagnostics.map((diagnostic) =>
      item(
        `not ${diagnostic.syntax}`,
        `line ${diagnostic.line}`,
        'doc-diagnostic',
        true,
        `${diagnostic.reason} (read without ${diagnostic.syntax})`,
      ),
    ),
  );
}

const SYNTAX = 'The docs dialects the document was read with';

const ISSUES =
  'Chunks with something that breaks them: a code fence or container left open, a table row without its header, a word cut in two, over the size limit or the raw size cap, markup without text. Over the chunk size within the limit is allowed, not an issue.';
const KIND = 'What kind of document the library took this for';

/**
 * Chunks with at least one issue: what breaks a chunk (`chunkIssues` of `chunkdown/quality`, the
 * ones `chunkdown --report` counts), not a chunk over the chunk size within the allowed limit nor
 * a tiny one, which the cards show as information.
 *
 * @param report chunkdown's report.
 * @returns Number of chunks with an issue.
 */
export function chunksWithIssues(report: SplitterReport): number {
  return report.checks.filter((check) => check.issues.length > 0).length;
}

function item(
  label: string,
  value: string,
  id?: string,
  warn = false,
  title?: string,
): HTMLElement {
  return h(
    'div',
    { class: warn ? 'summary-item warn' : 'summary-item', title },
    h('span', { class: 'summary-value', id }, value),
    h('span', { class: 'summary-label' }, label),
  );
}

/**
 * The Stats tab: size statistics, the histogram, overflow reasons, checks and front matter.
 *
 * @param container Element to fill.
 * @param chunks chunkdown's chunks.
 * @param frontmatter Front matter, if any.
 * @param report chunkdown's report.
 * @param quality The library's quality report (what `chunkdown --report` prints).
 * @param unit Size unit label.
 */
export function renderStats(
  container: HTMLElement,
  chunks: readonly Chunk[],
  frontmatter: Frontmatter | undefined,
  report: SplitterReport,
  quality: Report,
  unit: string,
): void {
  const reasons = quality.overLimit.byReason;
  const chart = h(
    'figure',
    { class: 'chart' },
    h(
      'figcaption',
      {},
      'Chunks by content size, in the buckets of chunkdown --report: tenths of the chunk size, then up to the overflow limit (chunk size × ratio), then over it.',
    ),
  );
  const parts: (Node | null)[] = [
    h('h3', {}, `Chunk sizes (${unit})`),
    sizeTable(quality, report),
    chart,
    h('h3', {}, 'Checks'),
    h(
      'p',
      { class: 'hint', id: 'stats-issues' },
      `${formatNumber(chunksWithIssues(report))} of ${plural(chunks.length, 'chunk')} with an issue (what breaks a chunk); the rest is information:`,
    ),
    checksList(report.totals, quality),
    reasons.length > 0 ? h('h3', {}, 'Why chunks exceed the limit') : null,
    reasons.length > 0
      ? h(
          'ul',
          { class: 'plain', id: 'overflow-reasons' },
          reasons.map((group) => h('li', {}, `${group.reason}: ${group.count}`)),
        )
      : null,
    frontmatter ? h('h3', {}, `Front matter (${frontmatter.format})`) : null,
    frontmatter
      ? h(
          'pre',
          { class: 'frontmatter' },
          frontmatter.error
            ? `Could not parse: ${frontmatter.error}`
            : JSON.stringify(frontmatter.data, null, 2),
        )
      : null,
  ];
  container.replaceChildren(...parts.filter((part): part is Node => part !== null));
  // The buckets `chunkdown --report` prints for this document and options.
  const buckets = quality.histogram;
  const title = 'Histogram of chunk content sizes';
  chart.prepend(histogramSvg(buckets, histogramScale([buckets]), unit, title, chart.clientWidth));
}

function sizeTable(quality: Report, report: SplitterReport): HTMLTableElement {
  // Both rows from the library's `summarize`, the content row as `chunkdown --report` gives it.
  const row = (sizes: SizeSummary | null) =>
    sizes
      ? [sizes.min, sizes.median, sizes.p90, sizes.max, sizes.mean]
      : [null, null, null, null, null];
  const rows: [string, (number | null)[]][] = [
    ['content', row(quality.sizes)],
    ['raw', row(report.raw)],
  ];
  return h(
    'table',
    { class: 'numbers', id: 'size-table' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ['', 'min', 'median', 'p90', 'max', 'mean'].map((cell) => h('th', {}, cell)),
      ),
    ),
    h(
      'tbody',
      {},
      rows.map(([label, values]) =>
        h(
          'tr',
          { 'data-row': label },
          h('th', {}, label),
          values.map((value) => h('td', {}, formatNumber(value))),
        ),
      ),
    ),
  );
}

/**
 * The checks: the library's quality report (the numbers `chunkdown --report` gives for this
 * document and options), with what only the visualizer measures (size over `chunkSize`, words cut
 * at the chunk's source edges).
 */
function checksList(totals: Totals, quality: Report): HTMLUListElement {
  // Whether a finding breaks a chunk (an issue) or is information the options allow.
  const entries: [key: string, label: string, count: number, issue: boolean][] = [
    [
      'over-chunk-size',
      'over chunk size, within the limit (allowed)',
      totals.overChunkSize - quality.overLimit.count,
      false,
    ],
    ['over-limit', 'over the limit', quality.overLimit.count, true],
    ...(quality.settings.maxRawSize === undefined
      ? []
      : [
          ['over-raw-cap', 'over the raw size cap', quality.overRawCap.count, true] as [
            string,
            string,
            number,
            boolean,
          ],
        ]),
    ['cut', 'cut by the raw size cap', quality.cut.count, false],
    ['fallback', 'split as plain text (fallback)', quality.fallback.count, false],
    ['orphan-rows', 'orphan table rows', quality.orphanRows.count, true],
    ['unbalanced-fences', 'unbalanced code fences', quality.unbalancedFences.count, true],
    ['unbalanced-containers', 'unbalanced containers', totals.unbalancedContainers, true],
    ['markup-only', 'chunks of markup only', quality.markupOnly?.count ?? 0, true],
    ['mid-word', 'mid-word cuts', totals.cutsWord, true],
    ['tiny', 'tiny chunks (< 50 characters)', quality.tiny.count, false],
  ];
  return h(
    'ul',
    { class: 'checks', id: 'checks' },
    entries.map(([key, label, count, issue]) =>
      h(
        'li',
        {
          class: count === 0 ? 'ok' : issue ? 'warn' : 'info',
          'data-check': key,
          title: issue ? 'An issue: it breaks a chunk' : 'Information: the options allow it',
        },
        h('strong', {}, formatNumber(count)),
        ` ${label}`,
      ),
    ),
  );
}

/** One row of the comparison table: label, value per splitter, whether higher is worse. */
type Row = [label: string, ours: number | null, theirs: number | null, lowerIsBetter: boolean];

/**
 * The Compare tab's side-by-side statistics and histograms.
 *
 * @param container Element to fill.
 * @param analysis Both splits.
 * @param unit Size unit label.
 * @returns The two elements that receive each splitter's cards (filled by the caller).
 */
export function renderComparison(
  container: HTMLElement,
  analysis: Analysis,
  unit: string,
): { ours: HTMLElement; theirs: HTMLElement } {
  const ours = analysis.chunkdown.ok ? analysis.chunkdown.report : null;
  const theirs = analysis.langchain.ok ? analysis.langchain.report : null;
  const pick = (
    report: SplitterReport | null,
    read: (report: SplitterReport) => number | null | undefined,
  ) => (report ? (read(report) ?? null) : null);
  const rows: Row[] = [
    ['chunks', pick(ours, (r) => r.totals.chunks), pick(theirs, (r) => r.totals.chunks), false],
    ['raw size min', pick(ours, (r) => r.raw?.min), pick(theirs, (r) => r.raw?.min), false],
    [
      'raw size median',
      pick(ours, (r) => r.raw?.median),
      pick(theirs, (r) => r.raw?.median),
      false,
    ],
    ['raw size max', pick(ours, (r) => r.raw?.max), pick(theirs, (r) => r.raw?.max), false],
    [
      'over chunk size',
      pick(ours, (r) => r.totals.overChunkSize),
      pick(theirs, (r) => r.totals.overChunkSize),
      false,
    ],
    [
      'over its limit',
      pick(ours, (r) => r.totals.overLimit),
      pick(theirs, (r) => r.totals.overLimit),
      true,
    ],
    ['tiny chunks', pick(ours, (r) => r.totals.tiny), pick(theirs, (r) => r.totals.tiny), true],
    [
      'orphan table rows',
      pick(ours, (r) => r.totals.orphanRows),
      pick(theirs, (r) => r.totals.orphanRows),
      true,
    ],
    [
      'unbalanced fences',
      pick(ours, (r) => r.totals.unbalancedFences),
      pick(theirs, (r) => r.totals.unbalancedFences),
      true,
    ],
    [
      'mid-word cuts',
      pick(ours, (r) => r.totals.cutsWord),
      pick(theirs, (r) => r.totals.cutsWord),
      true,
    ],
    ['split time (ms)', pick(ours, (r) => r.ms), pick(theirs, (r) => r.ms), false],
  ];
  const table = h(
    'table',
    { class: 'numbers compare-table', id: 'compare-table' },
    h(
      'thead',
      {},
      h('tr', {}, h('th', {}, ''), h('th', {}, 'chunkdown'), h('th', {}, 'LangChain')),
    ),
    h(
      'tbody',
      {},
      rows.map(([label, a, b, lowerIsBetter]) =>
        h(
          'tr',
          { 'data-metric': label },
          h('th', {}, label),
          h('td', { class: worse(a, b, lowerIsBetter) ? 'worse' : '' }, formatNumber(a)),
          h('td', { class: worse(b, a, lowerIsBetter) ? 'worse' : '' }, formatNumber(b)),
        ),
      ),
    ),
  );
  // Both histograms on one scale, so they can be compared by eye.
  const scale = histogramScale(
    [ours, theirs].flatMap((report) => (report ? [report.histogram] : [])),
  );
  const column = (
    name: string,
    side: Analysis['chunkdown'] | Analysis['langchain'],
    measure: string,
  ) => {
    const cards = h('div', { class: 'compare-cards' });
    const chart = side.ok ? h('figure', { class: 'chart' }, h('figcaption', {}, measure)) : null;
    const body = chart ?? h('p', { class: 'error' }, side.ok ? '' : side.error);
    const element = h('div', { class: 'compare-column' }, h('h3', {}, name), body, cards);
    // Drawn once the column is in the page and has a width.
    const draw = () => {
      if (chart && side.ok) {
        const title = `Histogram of ${name} chunk sizes`;
        chart.prepend(histogramSvg(side.report.histogram, scale, unit, title, chart.clientWidth));
      }
    };
    return { element, cards, draw };
  };
  const left = column('chunkdown', analysis.chunkdown, 'Content size (what chunkSize measures).');
  const right = column(
    'LangChain MarkdownTextSplitter',
    analysis.langchain,
    'Raw size (what its chunkSize measures).',
  );
  container.replaceChildren(
    h(
      'p',
      { class: 'hint' },
      `Both splitters get the same text, chunk size, overlap and size unit (${unit}). `,
      'Checks are counted the same way for both; red marks the worse value. ',
      'chunkdown may exceed chunk size up to its limit (chunk size × ratio) to keep a unit whole; ',
      'LangChain’s limit is the chunk size.',
    ),
    table,
    h('div', { class: 'compare-columns' }, left.element, right.element),
  );
  left.draw();
  right.draw();
  return { ours: left.cards, theirs: right.cards };
}

function worse(value: number | null, other: number | null, lowerIsBetter: boolean): boolean {
  return lowerIsBetter && value !== null && other !== null && value > other;
}
