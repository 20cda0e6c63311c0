import { MarkdownTextSplitter } from '@langchain/textsplitters';
import {
  type Chunk,
  chunkdown,
  type Diagnostic,
  type Frontmatter,
  type LengthFunction,
} from 'chunkdown';
import {
  type ChunkQuality,
  cutsWord,
  type HistogramBucket,
  histogram,
  inspectChunk,
  type OutlineSection,
  outline,
  type Report,
  ReportBuilder,
  type SizeSummary,
  summarize,
  tinyChunkChars,
} from 'chunkdown/quality';
import { highlightSegments, type Range, type Segment } from './highlight.ts';
import { locateChunks } from './locate.ts';
import { type Settings, toChunkdownOptions } from './settings.ts';

/**
 * Quality checks of one chunk: the library's own (`chunkdown/quality`, as in `chunkdown
 * --report`), run on both splitters' chunks alike, and the sizes against the limits.
 */
export interface ChunkChecks {
  /** Table rows without their header row in the chunk. */
  orphanRows: number;
  /** Code fences left open. */
  unbalancedFences: number;
  /** The chunk starts or ends inside a word of the source (`null` when it was not located). */
  cutsWord: boolean | null;
  /** Fewer than `tinyChunkChars` (50) characters of rendered text. */
  tiny: boolean;
  /** Measured size above `chunkSize`. */
  overChunkSize: boolean;
  /** Measured size above the splitter's limit. */
  overLimit: boolean;
}

/** Counts of the checks over all chunks of a splitter. */
export interface Totals {
  chunks: number;
  orphanRows: number;
  unbalancedFences: number;
  cutsWord: number;
  tiny: number;
  overChunkSize: number;
  overLimit: number;
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

/** Result of {@link analyze}. */
export interface Analysis {
  /** chunkdown's chunks and report, or the error its options raised. */
  chunkdown:
    | {
        ok: true;
        chunks: Chunk[];
        frontmatter: Frontmatter | undefined;
        report: SplitterReport;
        /** The source cut into runs covered by the same chunks, to paint over the text. */
        segments: Segment[];
        /** Start offset of every chunk, to mark where each begins. */
        starts: number[];
        /** The kind of document the library saw (`record-list` or `prose`). */
        kind: string;
        /** The docs dialects the document was read with. */
        syntax: string[];
        /** What the library reports about reading it (MDX that did not parse). */
        diagnostics: Diagnostic[];
        /** The library's quality report over the chunks: the numbers `chunkdown --report` gives. */
        quality: Report;
      }
    | { ok: false; error: string };
  /** LangChain's `MarkdownTextSplitter` on the same text and size, or its error. */
  langchain: { ok: true; report: SplitterReport } | { ok: false; error: string };
  /** The document's section tree, from the library's parser. */
  sections: OutlineSection[];
}

/**
 * Split `text` with chunkdown and with LangChain's `MarkdownTextSplitter` and measure both the
 * same way. This is what the worker runs; it has no DOM dependencies.
 *
 * @param text The document.
 * @param settings Options from the controls.
 * @param lengthFunction Size unit.
 * @returns Both splits with their checks and statistics, and the section tree.
 */
export async function analyze(
  text: string,
  settings: Settings,
  lengthFunction: LengthFunction,
): Promise<Analysis> {
  const sections = outline(text);
  const ours = runChunkdown(text, settings, lengthFunction);
  const theirs = await runLangchain(text, settings, lengthFunction);
  return { chunkdown: ours, langchain: theirs, sections };
}

function runChunkdown(
  text: string,
  settings: Settings,
  lengthFunction: LengthFunction,
): Analysis['chunkdown'] {
  const began = performance.now();
  let result: ReturnType<ReturnType<typeof chunkdown>['split']>;
  try {
    result = chunkdown({ ...toChunkdownOptions(settings), lengthFunction }).split(text);
  } catch (error) {
    return { ok: false, error: describe(error) };
  }
  const ms = performance.now() - began;
  const { chunks, frontmatter, kind, syntax = [], diagnostics = [] } = result;
  // In characters, a chunk's content size is its rendered length: the check need not render it.
  const characters = settings.unit === 'characters';
  const qualities = chunks.map((chunk) =>
    inspectChunk(chunk.text, characters ? chunk.contentSize : undefined),
  );
  const builder = new ReportBuilder({
    chunkSize: settings.chunkSize,
    maxOverflowRatio: settings.maxOverflowRatio,
    maxRawSize: settings.maxRawSize ?? undefined,
    unit: characters ? 'characters' : 'cl100k_base',
  });
  builder.addFile(chunks.length);
  chunks.forEach((chunk, index) => {
    builder.addChunk({ file: 'document', index, chunk, quality: qualities[index] as ChunkQuality });
  });
  const report = buildReport(
    text,
    chunks.map((chunk) => chunk.text),
    chunks.map((chunk) => ({ start: chunk.start, end: chunk.end })),
    chunks.map((chunk) => chunk.rawSize),
    chunks.map((chunk) => chunk.contentSize),
    qualities,
    settings.chunkSize,
    settings.chunkSize * settings.maxOverflowRatio,
    ms,
  );
  const segments = highlightSegments(text.length, chunks);
  const starts = chunks.map((chunk) => chunk.start);
  return {
    ok: true,
    chunks,
    frontmatter,
    report,
    segments,
    starts,
    kind,
    syntax,
    diagnostics,
    quality: builder.build(),
  };
}

async function runLangchain(
  text: string,
  settings: Settings,
  lengthFunction: LengthFunction,
): Promise<Analysis['langchain']> {
  const began = performance.now();
  let texts: string[];
  try {
    const splitter = new MarkdownTextSplitter({
      chunkSize: settings.chunkSize,
      chunkOverlap: settings.overlap,
      lengthFunction,
    });
    texts = await splitter.splitText(text);
  } catch (error) {
    return { ok: false, error: describe(error) };
  }
  const ms = performance.now() - began;
  const rawSizes = texts.map((chunk) => lengthFunction(chunk));
  const report = buildReport(
    text,
    texts,
    locateChunks(text, texts),
    rawSizes,
    rawSizes,
    texts.map((chunk) => inspectChunk(chunk)),
    settings.chunkSize,
    settings.chunkSize,
    ms,
  );
  return { ok: true, report };
}

function buildReport(
  source: string,
  texts: string[],
  ranges: (Range | null)[],
  rawSizes: number[],
  measured: number[],
  qualities: ChunkQuality[],
  chunkSize: number,
  limit: number,
  ms: number,
): SplitterReport {
  const checks = texts.map((_, index): ChunkChecks => {
    const range = ranges[index];
    const size = measured[index] ?? 0;
    const quality = qualities[index];
    return {
      orphanRows: quality?.orphanRows ?? 0,
      unbalancedFences: quality?.unbalancedFences ?? 0,
      cutsWord: range ? cutsWord(source, range.start, range.end) : null,
      tiny: (quality?.contentChars ?? 0) < tinyChunkChars,
      overChunkSize: size > chunkSize,
      overLimit: size > limit,
    };
  });
  const totals: Totals = {
    chunks: texts.length,
    orphanRows: 0,
    unbalancedFences: 0,
    cutsWord: 0,
    tiny: 0,
    overChunkSize: 0,
    overLimit: 0,
  };
  for (const check of checks) {
    totals.orphanRows += check.orphanRows;
    totals.unbalancedFences += check.unbalancedFences;
    if (check.cutsWord) totals.cutsWord++;
    if (check.tiny) totals.tiny++;
    if (check.overChunkSize) totals.overChunkSize++;
    if (check.overLimit) totals.overLimit++;
  }
  return {
    texts,
    ranges,
    rawSizes,
    measured,
    checks,
    totals,
    raw: summarize(rawSizes),
    measuredSummary: summarize(measured),
    histogram: histogram(measured, chunkSize, limit),
    ms,
  };
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
