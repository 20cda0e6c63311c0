import { type ChunkSummary, type Report, ReportBuilder } from '../../src/quality/report.js';
import type { Overflow } from '../../src/types.js';

/** The summary of one chunk for the report, with the usual values unless `extra` says otherwise. */
export function summary(
  file: string,
  index: number,
  contentSize: number,
  extra: Partial<ChunkSummary['chunk']> & Partial<ChunkSummary['quality']> = {},
): ChunkSummary {
  return {
    file,
    index,
    chunk: {
      contentSize,
      rawSize: extra.rawSize ?? contentSize + 10,
      overflow: extra.overflow ?? null,
      cut: extra.cut ?? false,
      fallback: extra.fallback ?? null,
      breadcrumbs: extra.breadcrumbs ?? [],
    },
    quality: {
      orphanRows: extra.orphanRows ?? 0,
      unbalancedFences: extra.unbalancedFences ?? 0,
      unbalancedContainers: extra.unbalancedContainers ?? 0,
      contentChars: extra.contentChars ?? contentSize,
    },
  };
}

/** An overflow of a code block kept whole. */
export const code: Overflow = { reason: 'never-split', nodeType: 'code', size: 180 };

/** A report of five chunks over three files (one failed) with every kind of finding. */
export function sampleReport(): Report {
  const builder = new ReportBuilder({
    chunkSize: 100,
    maxOverflowRatio: 1.5,
    maxRawSize: 200,
    unit: 'characters',
  });
  builder.addFile(5);
  builder.addChunk(summary('a.md', 0, 95, { breadcrumbs: [{ text: 'Guide', depth: 1 }] }));
  builder.addChunk(summary('a.md', 1, 10, { orphanRows: 2 }));
  builder.addChunk(summary('a.md', 2, 120));
  builder.addChunk(summary('a.md', 3, 180, { overflow: code, rawSize: 230 }));
  builder.addChunk(summary('a.md', 4, 160, { cut: true, unbalancedFences: 1 }));
  builder.addFile(0);
  builder.addFailure();
  return builder.build();
}
