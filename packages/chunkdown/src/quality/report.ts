import type { Chunk } from '../types.js';
import type { ChunkQuality } from './inspect.js';
import { chunkIssues } from './issues.js';

/** Chunks with less rendered text than this many characters count as tiny. */
export const tinyChunkChars = 50;
/** How many example locations the report lists per problem. */
const exampleCount = 5;
/** How many of the largest chunks the report lists. */
const largestCount = 5;

/** What the report needs to know about the run. */
export interface ReportSettings {
  chunkSize: number;
  maxOverflowRatio: number;
  maxRawSize: number | undefined;
  /** `'characters'` or the token encoding name. */
  unit: string;
}

/** Where a chunk is: its file and 0-based index in that file. */
export interface ChunkLocation {
  file: string;
  index: number;
}

/** A problem, how often it occurs and where (the first few places). */
export interface Finding {
  count: number;
  examples: ChunkLocation[];
}

/** One bar of the size histogram: chunks whose content size is in `(from, to]`. */
export interface HistogramBucket {
  from: number;
  /** `null` for the open-ended last bucket. */
  to: number | null;
  count: number;
  /** Within the chunk size, over it but within the overflow limit, or over the limit. */
  zone: 'within' | 'overflow' | 'over-limit';
}

/** Chunks over the limit for one reason. */
export interface OverflowGroup extends Finding {
  /** `never-split code`, `word`, `heading`, …, or `no reason given`. */
  reason: string;
}

/** A large chunk, for the list of largest ones. */
export interface LargeChunk extends ChunkLocation {
  contentSize: number;
  rawSize: number;
  breadcrumbs: string;
}

/** Statistics of a list of sizes (see {@link summarize}). */
export interface SizeSummary {
  min: number;
  /** Mean of the two middle sizes for an even count (see {@link median}). */
  median: number;
  /** Nearest rank: the smallest size that at least 90 % of the sizes do not exceed. */
  p90: number;
  max: number;
  mean: number;
}

/** The quality report over everything a run chunked. */
export interface Report {
  settings: ReportSettings & { limit: number };
  files: { chunked: number; failed: number; withoutChunks: number };
  chunks: number;
  /** Content sizes, in the size unit; `null` when there are no chunks. */
  sizes: SizeSummary | null;
  histogram: HistogramBucket[];
  /** Chunks with fewer than {@link tinyChunkChars} characters of rendered text. */
  tiny: Finding;
  /** Table rows outside a table (`count` is rows; `examples` are chunks). */
  orphanRows: Finding;
  unbalancedFences: Finding;
  /** Containers of the dialects in use left open or closed without an opener (`count` is containers). */
  unbalancedContainers: Finding;
  /** Chunks of markup without any text (an empty fence, a lone heading marker). */
  markupOnly: Finding;
  /**
   * Chunks that start or end inside a word of the source (`cutsWord`), among those checked
   * (`ChunkSummary.cutsWord`); optional for reports made before it existed.
   */
  cutWords?: Finding;
  /**
   * Chunks with at least one issue (`chunkIssues`): what breaks a chunk, not a chunk over
   * `chunkSize` within the limit, nor a tiny one.
   */
  issues: Finding;
  /** Chunks whose markdown is larger than `maxRawSize` (must be 0). */
  overRawCap: Finding;
  /** Chunks that `maxRawSize` had to cut through a construct. */
  cut: Finding;
  /** Chunks of documents that were split as plain text. */
  fallback: Finding;
  /** Chunks whose content is larger than `chunkSize × maxOverflowRatio`, by reason. */
  overLimit: Finding & { byReason: OverflowGroup[] };
  largest: LargeChunk[];
}

/** Everything the report keeps about one chunk. */
export interface ChunkSummary extends ChunkLocation {
  chunk: Pick<Chunk, 'contentSize' | 'rawSize' | 'overflow' | 'cut' | 'fallback' | 'breadcrumbs'>;
  quality: ChunkQuality;
  /** Whether the chunk starts or ends inside a word of the source, when that was checked. */
  cutsWord?: boolean | null | undefined;
}

function finding(): Finding {
  return { count: 0, examples: [] };
}

function note(found: Finding, where: ChunkLocation, count = 1): void {
  found.count += count;
  if (found.examples.length < exampleCount) found.examples.push(where);
}

/**
 * Collects chunks as they are made and builds the {@link Report} at the end. Keeps counters,
 * sizes and a few examples, not the chunks themselves.
 */
export class ReportBuilder {
  readonly #settings: ReportSettings;
  readonly #limit: number;
  readonly #sizes: number[] = [];
  readonly #files = { chunked: 0, failed: 0, withoutChunks: 0 };
  readonly #findings = {
    tiny: finding(),
    orphanRows: finding(),
    unbalancedFences: finding(),
    unbalancedContainers: finding(),
    markupOnly: finding(),
    cutWords: finding(),
    issues: finding(),
    overRawCap: finding(),
    cut: finding(),
    fallback: finding(),
  };
  readonly #overLimit = new Map<string, Finding>();
  #largest: LargeChunk[] = [];

  /** @param settings Sizes the run used. */
  constructor(settings: ReportSettings) {
    this.#settings = settings;
    this.#limit = settings.chunkSize * settings.maxOverflowRatio;
  }

  /**
   * Count a file that was chunked.
   *
   * @param chunks Number of chunks it gave.
   */
  addFile(chunks: number): void {
    this.#files.chunked++;
    if (chunks === 0) this.#files.withoutChunks++;
  }

  /** Count a file that could not be read or chunked. */
  addFailure(): void {
    this.#files.failed++;
  }

  /**
   * Count one chunk.
   *
   * @param summary The chunk's sizes, diagnostics and quality checks.
   */
  addChunk(summary: ChunkSummary): void {
    const { chunk, quality } = summary;
    const where = { file: summary.file, index: summary.index };
    const found = this.#findings;
    this.#sizes.push(chunk.contentSize);
    if (quality.contentChars < tinyChunkChars) note(found.tiny, where);
    if (quality.orphanRows > 0) note(found.orphanRows, where, quality.orphanRows);
    if (quality.unbalancedFences > 0) note(found.unbalancedFences, where, quality.unbalancedFences);
    const containers = quality.unbalancedContainers ?? 0;
    if (containers > 0) note(found.unbalancedContainers, where, containers);
    const issues = chunkIssues({
      chunk,
      quality,
      settings: this.#settings,
      cutsWord: summary.cutsWord,
    });
    if (issues.some((issue) => issue.kind === 'markup-only')) note(found.markupOnly, where);
    if (summary.cutsWord) note(found.cutWords, where);
    if (issues.length > 0) note(found.issues, where);
    const cap = this.#settings.maxRawSize;
    if (cap !== undefined && chunk.rawSize > cap) note(found.overRawCap, where);
    if (chunk.cut) note(found.cut, where);
    if (chunk.fallback) note(found.fallback, where);
    if (chunk.contentSize > this.#limit) {
      const { overflow } = chunk;
      const reason = !overflow
        ? 'no reason given'
        : overflow.reason === 'never-split'
          ? `never-split ${overflow.nodeType}`
          : overflow.reason;
      let group = this.#overLimit.get(reason);
      if (!group) {
        group = finding();
        this.#overLimit.set(reason, group);
      }
      note(group, where);
    }
    this.#keepLargest({
      ...where,
      contentSize: chunk.contentSize,
      rawSize: chunk.rawSize,
      breadcrumbs: chunk.breadcrumbs.map((crumb) => crumb.text).join(' › '),
    });
  }

  #keepLargest(candidate: LargeChunk): void {
    const smallest = this.#largest[this.#largest.length - 1];
    if (this.#largest.length >= largestCount && smallest && !isLarger(candidate, smallest)) return;
    this.#largest = [...this.#largest, candidate]
      .sort((a, b) => (isLarger(a, b) ? -1 : isLarger(b, a) ? 1 : 0))
      .slice(0, largestCount);
  }

  /**
   * Build the report.
   *
   * @returns The report over everything added so far.
   */
  build(): Report {
    const { chunkSize } = this.#settings;
    const byReason = [...this.#overLimit]
      .map(([reason, found]) => ({ reason, ...found }))
      .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
    return {
      settings: { ...this.#settings, limit: this.#limit },
      files: { ...this.#files },
      chunks: this.#sizes.length,
      sizes: summarize(this.#sizes),
      histogram: histogram(this.#sizes, chunkSize, this.#limit),
      ...structuredClone(this.#findings),
      overLimit: {
        count: byReason.reduce((sum, group) => sum + group.count, 0),
        examples: byReason.flatMap((group) => group.examples).slice(0, exampleCount),
        byReason,
      },
      largest: this.#largest.map((large) => ({ ...large })),
    };
  }
}

function isLarger(a: LargeChunk, b: LargeChunk): boolean {
  return (
    a.contentSize > b.contentSize || (a.contentSize === b.contentSize && a.rawSize > b.rawSize)
  );
}

/**
 * The median of sizes: the middle one of an odd count, the mean of the two middle ones of an even
 * count (`median([1, 2, 3, 10])` is 2.5).
 *
 * @param sizes Sizes in any order (not reordered).
 * @returns The median, or `null` for no sizes.
 */
export function median(sizes: readonly number[]): number | null {
  if (sizes.length === 0) return null;
  return medianOfSorted([...sizes].sort((a, b) => a - b));
}

function medianOfSorted(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

/**
 * Minimum, median ({@link median}), 90th percentile (nearest rank), maximum and mean of sizes.
 *
 * @param sizes Sizes in any order (not reordered).
 * @returns The statistics, or `null` for no sizes.
 */
export function summarize(sizes: readonly number[]): SizeSummary | null {
  if (sizes.length === 0) return null;
  const sorted = [...sizes].sort((a, b) => a - b);
  return {
    min: sorted[0] ?? 0,
    median: medianOfSorted(sorted),
    p90: sorted[Math.ceil(0.9 * sorted.length) - 1] ?? 0,
    max: sorted[sorted.length - 1] ?? 0,
    mean: sorted.reduce((sum, size) => sum + size, 0) / sorted.length,
  };
}

/**
 * Histogram of content sizes: ten buckets up to `chunkSize`, one from `chunkSize` to `limit`
 * (when the overflow ratio leaves room), and one over `limit`. Bucket edges are whole numbers
 * when the chunk size allows it.
 *
 * @param sizes Content sizes.
 * @param chunkSize Target size.
 * @param limit `chunkSize × maxOverflowRatio`.
 * @returns Buckets, smallest sizes first.
 */
export function histogram(
  sizes: readonly number[],
  chunkSize: number,
  limit: number,
): HistogramBucket[] {
  const edge = (index: number) =>
    chunkSize >= 10 ? Math.round((index * chunkSize) / 10) : (index * chunkSize) / 10;
  const buckets: HistogramBucket[] = Array.from({ length: 10 }, (_, index) => ({
    from: edge(index),
    to: index === 9 ? chunkSize : edge(index + 1),
    count: 0,
    zone: 'within',
  }));
  const overflow: HistogramBucket = { from: chunkSize, to: limit, count: 0, zone: 'overflow' };
  const over: HistogramBucket = { from: limit, to: null, count: 0, zone: 'over-limit' };
  for (const size of sizes) {
    if (size > limit) over.count++;
    else if (size > chunkSize) overflow.count++;
    else {
      const bucket = buckets.find((candidate) => size <= (candidate.to ?? 0)) ?? buckets[0];
      if (bucket) bucket.count++;
    }
  }
  return limit > chunkSize ? [...buckets, overflow, over] : [...buckets, over];
}
