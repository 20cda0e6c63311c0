import { type Chunkdown, type ChunkdownOptions, chunkdown, type LengthFunction } from 'chunkdown';
import {
  chunkIssues,
  type HistogramBucket,
  histogram,
  inspectChunk,
  median,
  type SizeSummary,
  summarize,
} from 'chunkdown/quality';
import { mdx } from 'chunkdown/syntax';
import { dialectsOf, type Settings, toChunkdownOptions } from './settings.ts';

/** One file of a folder, as the folder table shows it. */
export interface FileRow {
  /** The path inside the folder (or the file's name). */
  name: string;
  chunks: number;
  /** Median content size of its chunks (`null` for none). */
  median: number | null;
  /** Chunks with an issue (`chunkIssues` of `chunkdown/quality`). */
  issues: number;
  /** The dialects it was read with. */
  syntax: string[];
  /** Why it could not be chunked. */
  error?: string;
}

/** What a folder adds up to. */
export interface FolderTotals {
  files: number;
  failed: number;
  chunks: number;
  issues: number;
  /** Content sizes of all chunks. */
  sizes: SizeSummary | null;
  histogram: HistogramBucket[];
}

/** Chunks a folder, file after file, with the settings of the page. */
export interface FolderSplitter {
  /**
   * Chunk one file: `.mdx` files are read as MDX, as the command line does.
   *
   * @param name Its path.
   * @param text Its text.
   * @returns Its row.
   */
  add(name: string, text: string): FileRow;
  /** The totals over the files added. */
  totals(): FolderTotals;
}

/**
 * Make a {@link FolderSplitter}.
 *
 * @param settings The page's settings.
 * @param lengthFunction The size unit.
 * @returns The splitter.
 */
export function createFolderSplitter(
  settings: Settings,
  lengthFunction: LengthFunction,
): FolderSplitter {
  const options: ChunkdownOptions = { ...toChunkdownOptions(settings), lengthFunction };
  let plain: Chunkdown | null = null;
  let withMdx: Chunkdown | null = null;
  const splitterFor = (name: string): Chunkdown => {
    if (!/\.mdx$/i.test(name)) {
      plain ??= chunkdown(options);
      return plain;
    }
    withMdx ??= chunkdown({
      ...options,
      syntax: [...dialectsOf(settings.syntax).filter((dialect) => dialect.name !== 'mdx'), mdx()],
    });
    return withMdx;
  };
  const sizes: number[] = [];
  const totals = { files: 0, failed: 0, chunks: 0, issues: 0 };
  const issueSettings = {
    chunkSize: settings.chunkSize,
    maxOverflowRatio: settings.maxOverflowRatio,
    maxRawSize: settings.maxRawSize,
  };
  return {
    add(name, text) {
      totals.files++;
      let result: ReturnType<Chunkdown['split']>;
      try {
        result = splitterFor(name).split(text);
      } catch (error) {
        totals.failed++;
        const message = error instanceof Error ? error.message : String(error);
        return { name, chunks: 0, median: null, issues: 0, syntax: [], error: message };
      }
      const syntax = result.syntax ?? [];
      const characters = settings.unit === 'characters';
      let issues = 0;
      const own: number[] = [];
      for (const chunk of result.chunks) {
        own.push(chunk.contentSize);
        const quality = inspectChunk(chunk.text, characters ? chunk.contentSize : undefined, {
          syntax,
        });
        if (chunkIssues({ chunk, quality, settings: issueSettings }).length > 0) issues++;
      }
      sizes.push(...own);
      totals.chunks += own.length;
      totals.issues += issues;
      return { name, chunks: own.length, median: median(own), issues, syntax };
    },
    totals() {
      return {
        ...totals,
        sizes: summarize(sizes),
        histogram: histogram(
          sizes,
          settings.chunkSize,
          settings.chunkSize * settings.maxOverflowRatio,
        ),
      };
    },
  };
}
