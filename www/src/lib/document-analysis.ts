import { MarkdownTextSplitter } from '@langchain/textsplitters';
import type { LengthFunction } from 'chunkdown';
import { type ChunkQuality, inspectChunk, type OutlineSection, outline } from 'chunkdown/quality';
import { describe } from './live-split.ts';
import { locateChunks } from './locate.ts';
import type { Settings } from './settings.ts';
import { buildReport, chunkChecks, type SplitterReport } from './splitter-report.ts';

/** LangChain's `MarkdownTextSplitter` on the same text and size, or its error. */
export type LangchainAnalysis = { ok: true; report: SplitterReport } | { ok: false; error: string };

/** What is worked out over the whole document, apart from chunkdown's chunks. */
export interface DocumentAnalysis {
  /** The document's section tree, from the library's parser. */
  sections: OutlineSection[];
  langchain: LangchainAnalysis;
}

/** Works out a {@link DocumentAnalysis}, again and again as the document is edited. */
export interface DocumentAnalyzer {
  /**
   * Analyze `text`: the outline when the text changed, LangChain's split when the text or its
   * options changed; each LangChain chunk's text is inspected once.
   *
   * @param text The document.
   * @param settings Options from the controls.
   * @param lengthFunction The size unit of `settings.unit`.
   * @returns The section tree and LangChain's report.
   */
  analyze(
    text: string,
    settings: Settings,
    lengthFunction: LengthFunction,
  ): Promise<DocumentAnalysis>;
}

/**
 * Make a {@link DocumentAnalyzer}. It keeps its latest answers and the inspections of LangChain's
 * latest chunks.
 *
 * @returns The analyzer.
 */
export function createDocumentAnalyzer(): DocumentAnalyzer {
  let outlined: { text: string; sections: OutlineSection[] } | null = null;
  let compared: { key: string; text: string; langchain: LangchainAnalysis } | null = null;
  let qualities = new Map<string, ChunkQuality>();

  const runLangchain = async (
    text: string,
    settings: Settings,
    lengthFunction: LengthFunction,
  ): Promise<LangchainAnalysis> => {
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
    const ranges = locateChunks(text, texts);
    const seen = new Map<string, ChunkQuality>();
    const limits = { chunkSize: settings.chunkSize, limit: settings.chunkSize };
    const checks = texts.map((chunk, index) => {
      const quality = seen.get(chunk) ?? qualities.get(chunk) ?? inspectChunk(chunk);
      seen.set(chunk, quality);
      return chunkChecks(text, ranges[index] ?? null, rawSizes[index] ?? 0, quality, limits);
    });
    qualities = seen;
    const input = { texts, ranges, rawSizes, measured: rawSizes, checks };
    return { ok: true, report: buildReport(input, limits, ms) };
  };

  return {
    async analyze(text, settings, lengthFunction) {
      if (outlined?.text !== text) outlined = { text, sections: outline(text) };
      const key = JSON.stringify([settings.chunkSize, settings.overlap, settings.unit]);
      if (compared?.key !== key || compared.text !== text) {
        compared = { key, text, langchain: await runLangchain(text, settings, lengthFunction) };
      }
      return { sections: outlined.sections, langchain: compared.langchain };
    },
  };
}
