import type { Chunk, Diagnostic, Frontmatter, LengthFunction } from 'chunkdown';
import type { OutlineSection, Report } from 'chunkdown/quality';
import { createChunkStore } from './chunk-store.ts';
import { createDocumentAnalyzer, type LangchainAnalysis } from './document-analysis.ts';
import { highlightSegments, type Segment } from './highlight.ts';
import { type ChunkdownAnswer, createLiveSplitter } from './live-split.ts';
import type { Settings } from './settings.ts';
import { buildReport, type SplitterReport } from './splitter-report.ts';

export type { ChunkChecks, SplitterReport, Totals } from './splitter-report.ts';

/** chunkdown's chunks and report, as the page shows them, or the error its options raised. */
export type ChunkdownAnalysis =
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

/** Result of {@link analyze}. */
export interface Analysis {
  chunkdown: ChunkdownAnalysis;
  /** LangChain's `MarkdownTextSplitter` on the same text and size, or its error. */
  langchain: LangchainAnalysis;
  /** The document's section tree, from the library's parser. */
  sections: OutlineSection[];
}

/**
 * What the page shows of chunkdown's answer, once its chunks are rebuilt from the delta.
 *
 * @param answer The live splitter's answer.
 * @param chunks The chunks, from the chunk store.
 * @param settings The options it was split with.
 * @param length Length of the document.
 * @returns The chunks with their report, highlight runs and starts.
 */
export function chunkdownAnalysis(
  answer: ChunkdownAnswer,
  chunks: Chunk[],
  settings: Settings,
  length: number,
): ChunkdownAnalysis {
  if (!answer.ok) return answer;
  const report = buildReport(
    {
      texts: chunks.map((chunk) => chunk.text),
      ranges: chunks.map((chunk) => ({ start: chunk.start, end: chunk.end })),
      rawSizes: chunks.map((chunk) => chunk.rawSize),
      measured: chunks.map((chunk) => chunk.contentSize),
      checks: answer.checks,
    },
    { chunkSize: settings.chunkSize, limit: settings.chunkSize * settings.maxOverflowRatio },
    answer.ms,
  );
  return {
    ok: true,
    chunks,
    frontmatter: answer.frontmatter,
    report,
    segments: highlightSegments(length, chunks),
    starts: chunks.map((chunk) => chunk.start),
    kind: answer.kind,
    syntax: answer.syntax,
    diagnostics: answer.diagnostics,
    quality: answer.quality,
  };
}

/**
 * Split `text` with chunkdown and with LangChain's `MarkdownTextSplitter` and measure both the
 * same way, at once: what the worker and the page do between them in two steps (the live
 * splitter and the document analyzer). It has no DOM dependencies.
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
  const answer = createLiveSplitter().split(text, settings, lengthFunction);
  const chunks = answer.ok ? createChunkStore().apply(answer.delta) : [];
  const { sections, langchain } = await createDocumentAnalyzer().analyze(
    text,
    settings,
    lengthFunction,
  );
  return {
    chunkdown: chunkdownAnalysis(answer, chunks, settings, text.length),
    langchain,
    sections,
  };
}
