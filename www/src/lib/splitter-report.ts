import {
  type ChunkIssue,
  type ChunkQuality,
  chunkIssues,
  cutsWord,
  type HistogramBucket,
  histogram,
  type SizeSummary,
  summarize,
  tinyChunkChars,
} from 'chunkdown/quality';
import type { Range } from './highlight.ts';

/**
 * Quality checks of one chunk: the library's own (`chunkdown/quality`, as in `chunkdown
 * --report`), run on both splitters' chunks alike, and the sizes against the limits.
 */
export interface ChunkChecks {
  /** Table rows without their header row in the chunk. */
  orphanRows: number;
  /** Code fences left open. */
  unbalancedFences: number;
  /** Containers of the dialects in use left open or closed without an opener. */
  unbalancedContainers: number;
  /** The chunk starts or ends inside a word of the source (`null` when it was not located). */
  cutsWord: boolean | null;
  /** Fewer than `tinyChunkChars` (50) characters of rendered text. */
  tiny: boolean;
  /** Measured size above `chunkSize`. */
  overChunkSize: boolean;
  /** Measured size above the splitter's limit. */
  overLimit: boolean;
  /**
   * What breaks the chunk (`chunkIssues` of `chunkdown/quality`, as `chunkdown --report` counts
   * them): over `chunkSize` within the limit and tiny are not issues.
   */
  issues: ChunkIssue[];
}

/** Counts of the checks over all chunks of a splitter. */
export interface Totals {
  chunks: number;
  orphanRows: number;
  unbalancedFences: number;
  unbalancedContainers: number;
  cutsWord: number;
  tiny: number;
  overChunkSize: number;
  overLimit: number;
  /** Chunks with at least one issue. */
  issues: number;
}

/** What the page shows for one splitter. */
export interface SplitterReport {
  /** Chunk texts. */
  texts: string[];
  /** Source range per chunk (`null` where it could not be located). */
  ranges: (Range | null)[];
  /** Raw size per chunk, in the size unit. */
  rawSizes: number[];
  /** The size the splitter aims at per chunk: content size for chunkdown, raw for LangChain. */
  measured: number[];
  checks: ChunkChecks[];
  totals: Totals;
  /** Statistics of the raw sizes (`null` for no chunks), as `chunkdown --report` computes them. */
  raw: SizeSummary | null;
  /** Statistics of the measured sizes. */
  measuredSummary: SizeSummary | null;
  /** The measured sizes in the buckets of `chunkdown --report`, against the splitter's limit. */
  histogram: HistogramBucket[];
  /** Milliseconds the split took. */
  ms: number;
}

/** The sizes a splitter's chunks are held to. */
export interface Limits {
  chunkSize: number;
  /** Above this a chunk is over the splitter's limit. */
  limit: number;
  /** The raw size cap, if any. */
  maxRawSize?: number | null | undefined;
}

/**
 * The checks of one chunk, from what the library found in its text and where it sits.
 *
 * @param source The document.
 * @param range The chunk's source range, or `null` when it was not located.
 * @param measured The chunk's measured size.
 * @param quality What `inspectChunk` found in its text.
 * @param limits The sizes it is held to.
 * @param rawSize The chunk's raw size (for the raw size cap; the measured size when left out).
 * @returns The checks.
 */
export function chunkChecks(
  source: string,
  range: Range | null,
  measured: number,
  quality: ChunkQuality,
  limits: Limits,
  rawSize: number = measured,
): ChunkChecks {
  const cut = range ? cutsWord(source, range.start, range.end) : null;
  return {
    orphanRows: quality.orphanRows,
    unbalancedFences: quality.unbalancedFences,
    unbalancedContainers: quality.unbalancedContainers ?? 0,
    cutsWord: cut,
    tiny: quality.contentChars < tinyChunkChars,
    overChunkSize: measured > limits.chunkSize,
    overLimit: measured > limits.limit,
    issues: chunkIssues({
      chunk: { contentSize: measured, rawSize },
      quality,
      settings: {
        chunkSize: limits.chunkSize,
        maxOverflowRatio: limits.limit / limits.chunkSize,
        maxRawSize: limits.maxRawSize,
      },
      cutsWord: cut,
    }),
  };
}

/** The chunks of one splitter, as {@link buildReport} reads them. */
export interface ReportInput {
  texts: string[];
  ranges: (Range | null)[];
  rawSizes: number[];
  measured: number[];
  checks: ChunkChecks[];
}

/**
 * A splitter's report: its chunks, their checks, the totals, statistics and histogram.
 *
 * @param input Texts, ranges, sizes and checks, one per chunk.
 * @param limits The sizes the chunks are held to.
 * @param ms Milliseconds the split took.
 * @returns The report.
 */
export function buildReport(input: ReportInput, limits: Limits, ms: number): SplitterReport {
  const totals: Totals = {
    chunks: input.texts.length,
    orphanRows: 0,
    unbalancedFences: 0,
    unbalancedContainers: 0,
    cutsWord: 0,
    tiny: 0,
    overChunkSize: 0,
    overLimit: 0,
    issues: 0,
  };
  for (const check of input.checks) {
    totals.orphanRows += check.orphanRows;
    totals.unbalancedFences += check.unbalancedFences;
    totals.unbalancedContainers += check.unbalancedContainers;
    if (check.issues.length > 0) totals.issues++;
    if (check.cutsWord) totals.cutsWord++;
    if (check.tiny) totals.tiny++;
    if (check.overChunkSize) totals.overChunkSize++;
    if (check.overLimit) totals.overLimit++;
  }
  return {
    ...input,
    totals,
    raw: summarize(input.rawSizes),
    measuredSummary: summarize(input.measured),
    histogram: histogram(input.measured, limits.chunkSize, limits.limit),
    ms,
  };
}
