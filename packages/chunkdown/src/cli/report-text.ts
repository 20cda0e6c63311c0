import type { ChunkLocation, Finding, HistogramBucket, Report } from './report.js';
import { plural, tinyChunkChars } from './report.js';

const barWidth = 30;
const shownExamples = 3;

const number = (value: number) =>
  value.toLocaleString('en-US', { maximumFractionDigits: Number.isInteger(value) ? 0 : 1 });

const percent = (count: number, total: number) =>
  total === 0
    ? '0%'
    : `${((count / total) * 100).toFixed(count === 0 || count === total ? 0 : 1)}%`;

/**
 * Render the quality report for a terminal.
 *
 * @param report The report.
 * @returns Plain text, ending with a newline.
 */
export function formatReport(report: Report): string {
  const { settings, files, chunks } = report;
  const unit = settings.unit === 'characters' ? 'chars' : 'tokens';
  const out: string[] = [];
  const fileFacts = [
    files.failed > 0 ? `${number(files.failed)} failed` : '',
    files.withoutChunks > 0 ? `${number(files.withoutChunks)} without chunks` : '',
  ].filter(Boolean);
  out.push(
    `chunkdown report: ${number(files.chunked)} ${files.chunked === 1 ? 'file' : 'files'}` +
      `${fileFacts.length > 0 ? ` (${fileFacts.join(', ')})` : ''}, ${number(chunks)} ${chunks === 1 ? 'chunk' : 'chunks'}`,
  );
  out.push(
    `sizes in ${settings.unit === 'characters' ? 'characters' : `${settings.unit} tokens`}: ` +
      `chunk size ${number(settings.chunkSize)}, limit ${number(settings.limit)} ` +
      `(ratio ${settings.maxOverflowRatio}), raw cap ${settings.maxRawSize === undefined ? 'none' : number(settings.maxRawSize)}`,
  );
  if (report.sizes) {
    const { min, median, p90, max, mean } = report.sizes;
    out.push(
      '',
      `Content size: min ${number(min)} · median ${number(median)} · p90 ${number(p90)} · ` +
        `max ${number(max)} · mean ${number(mean)}`,
      '',
      'Histogram (content size)',
      ...formatHistogram(report.histogram, chunks),
    );
  }

  out.push(
    '',
    `Checks: ${plural(report.issues.count, 'chunk')} with an issue (what breaks a chunk: ✗ below)${
      report.issues.examples.length > 0 ? `   e.g. ${listExamples(report.issues.examples)}` : ''
    }`,
  );
  // ✓ passed, ✗ failed, · for information only.
  const check = (label: string, found: Finding, ok: boolean | null, detail = '') =>
    out.push(
      `  ${ok === null ? '·' : ok ? '✓' : '✗'} ${label.padEnd(30)} ${number(found.count).padStart(6)}${detail}${
        found.examples.length > 0 ? `   e.g. ${listExamples(found.examples)}` : ''
      }`,
    );
  check('orphan table rows', report.orphanRows, report.orphanRows.count === 0);
  check('unbalanced code fences', report.unbalancedFences, report.unbalancedFences.count === 0);
  check(
    'unbalanced containers',
    report.unbalancedContainers,
    report.unbalancedContainers.count === 0,
  );
  check('chunks of markup only', report.markupOnly, report.markupOnly.count === 0);
  if (report.cutWords) check('words cut in two', report.cutWords, report.cutWords.count === 0);
  // Information, not issues: a tiny chunk and a document split as plain text stand on their own.
  check(
    `tiny chunks (< ${tinyChunkChars} chars)`,
    report.tiny,
    null,
    ` (${percent(report.tiny.count, chunks)})`,
  );
  if (settings.maxRawSize !== undefined) {
    check('over the raw cap', report.overRawCap, report.overRawCap.count === 0);
    check('cut by the raw cap', report.cut, null);
  }
  check('split as plain text', report.fallback, null);
  check(
    `over the limit (${number(settings.limit)} ${unit})`,
    report.overLimit,
    report.overLimit.count === 0,
    ` (${percent(report.overLimit.count, chunks)})`,
  );
  for (const group of report.overLimit.byReason) {
    out.push(
      `      ${group.reason.padEnd(28)} ${number(group.count).padStart(6)}   e.g. ${listExamples(group.examples)}`,
    );
  }

  if (report.largest.length > 0) {
    out.push('', 'Largest chunks');
    for (const large of report.largest) {
      out.push(
        `  ${number(large.contentSize).padStart(8)} ${unit} (raw ${number(large.rawSize)})  ${locate(large)}` +
          `${large.breadcrumbs ? `  in ${large.breadcrumbs}` : ''}`,
      );
    }
  }
  return `${out.join('\n')}\n`;
}

/** The first few examples of a finding, to keep lines short (the JSON report has more). */
function listExamples(examples: readonly ChunkLocation[]): string {
  return examples.slice(0, shownExamples).map(locate).join(', ');
}

function locate(where: ChunkLocation): string {
  return `${where.file} chunk ${where.index}`;
}

function formatHistogram(buckets: readonly HistogramBucket[], total: number): string[] {
  const most = Math.max(1, ...buckets.map((bucket) => bucket.count));
  const fromWidth = Math.max(...buckets.map((bucket) => number(bucket.from).length));
  const toWidth = Math.max(...buckets.map((bucket) => number(bucket.to ?? 0).length));
  const labels = buckets.map((bucket) =>
    bucket.to === null
      ? `> ${number(bucket.from)}`.padStart(fromWidth + toWidth + 3)
      : `${number(bucket.from).padStart(fromWidth)} – ${number(bucket.to).padStart(toWidth)}`,
  );
  const labelWidth = Math.max(...labels.map((label) => label.length));
  return buckets.map((bucket, index) => {
    const length = (bucket.count / most) * barWidth;
    const bar = '█'.repeat(Math.floor(length)) + (length % 1 >= 0.5 ? '▌' : '');
    const zone =
      bucket.zone === 'overflow'
        ? '  over the chunk size, within the limit'
        : bucket.zone === 'over-limit'
          ? '  over the limit'
          : '';
    return `  ${(labels[index] ?? '').padStart(labelWidth)}  ${bar.padEnd(barWidth + 1)} ${number(bucket.count).padStart(6)} ${percent(bucket.count, total).padStart(6)}${zone}`;
  });
}
