import { describe, expect, it } from 'vitest';
import { type ChunkSummary, histogram, ReportBuilder, summarize } from '../src/cli/report.js';
import { formatReport } from '../src/cli/report-text.js';
import type { Overflow } from '../src/types.js';

function summary(
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
      contentChars: extra.contentChars ?? contentSize,
    },
  };
}

const code: Overflow = { reason: 'never-split', nodeType: 'code', size: 180 };

function sampleReport() {
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

describe('ReportBuilder', () => {
  it('counts files, chunks and every problem with examples', () => {
    const report = sampleReport();
    expect(report.settings).toEqual({
      chunkSize: 100,
      maxOverflowRatio: 1.5,
      maxRawSize: 200,
      unit: 'characters',
      limit: 150,
    });
    expect(report.files).toEqual({ chunked: 2, failed: 1, withoutChunks: 1 });
    expect(report.chunks).toBe(5);
    expect(report.sizes).toEqual({ min: 10, median: 120, p90: 180, max: 180, mean: 113 });
    expect(report.tiny).toEqual({ count: 1, examples: [{ file: 'a.md', index: 1 }] });
    expect(report.orphanRows).toEqual({ count: 2, examples: [{ file: 'a.md', index: 1 }] });
    expect(report.unbalancedFences).toEqual({ count: 1, examples: [{ file: 'a.md', index: 4 }] });
    expect(report.overRawCap).toEqual({ count: 1, examples: [{ file: 'a.md', index: 3 }] });
    expect(report.cut.count).toBe(1);
    expect(report.fallback.count).toBe(0);
    expect(report.overLimit.count).toBe(2);
    expect(report.overLimit.byReason).toEqual([
      { reason: 'never-split code', count: 1, examples: [{ file: 'a.md', index: 3 }] },
      { reason: 'no reason given', count: 1, examples: [{ file: 'a.md', index: 4 }] },
    ]);
    expect(report.largest.map((large) => large.index)).toEqual([3, 4, 2, 0, 1]);
    expect(report.largest[3]).toEqual({
      file: 'a.md',
      index: 0,
      contentSize: 95,
      rawSize: 105,
      breadcrumbs: 'Guide',
    });
  });

  it('keeps only the five largest chunks and five examples', () => {
    const builder = new ReportBuilder({
      chunkSize: 100,
      maxOverflowRatio: 1,
      maxRawSize: undefined,
      unit: 'cl100k_base',
    });
    for (let index = 0; index < 50; index++) {
      builder.addChunk(summary('b.md', index, index, { contentChars: 10 }));
    }
    const report = builder.build();
    expect(report.largest.map((large) => large.contentSize)).toEqual([49, 48, 47, 46, 45]);
    expect(report.tiny.count).toBe(50);
    expect(report.tiny.examples).toHaveLength(5);
    expect(report.overRawCap.count).toBe(0);
    // The text lists three examples per line; the JSON report keeps five.
    expect(formatReport(report)).toMatch(
      /tiny chunks \(< 50 chars\) +50 \(100%\) {3}e\.g\. b\.md chunk 0, b\.md chunk 1, b\.md chunk 2\n/,
    );
  });

  it('reports no sizes for no chunks', () => {
    const report = new ReportBuilder({
      chunkSize: 10,
      maxOverflowRatio: 1,
      maxRawSize: undefined,
      unit: 'characters',
    }).build();
    expect(report.sizes).toBeNull();
    expect(report.chunks).toBe(0);
    expect(formatReport(report)).toContain('0 files, 0 chunks');
  });
});

describe('histogram', () => {
  it('puts sizes in tenths of the chunk size, then the overflow zone, then over the limit', () => {
    const buckets = histogram([0, 1, 10, 11, 100, 101, 150, 151, 1000], 100, 150);
    expect(buckets).toHaveLength(12);
    expect(buckets[0]).toEqual({ from: 0, to: 10, count: 3, zone: 'within' });
    expect(buckets[1]).toEqual({ from: 10, to: 20, count: 1, zone: 'within' });
    expect(buckets[9]).toEqual({ from: 90, to: 100, count: 1, zone: 'within' });
    expect(buckets[10]).toEqual({ from: 100, to: 150, count: 2, zone: 'overflow' });
    expect(buckets[11]).toEqual({ from: 150, to: null, count: 2, zone: 'over-limit' });
  });

  it('uses whole-number edges when the chunk size is not a multiple of ten', () => {
    const buckets = histogram([26, 27, 256], 256, 256);
    expect(buckets.slice(0, 3).map((bucket) => [bucket.from, bucket.to, bucket.count])).toEqual([
      [0, 26, 1],
      [26, 51, 1],
      [51, 77, 0],
    ]);
    expect(buckets[9]).toMatchObject({ from: 230, to: 256, count: 1 });
    expect(histogram([0.25], 1, 1)[2]).toMatchObject({ from: 0.2, to: 0.3, count: 1 });
  });

  it('has no overflow zone when the ratio is 1', () => {
    const buckets = histogram([5, 50], 50, 50);
    expect(buckets.map((bucket) => bucket.zone)).toEqual([
      ...Array(10).fill('within'),
      'over-limit',
    ]);
    expect(buckets[9]?.count).toBe(1);
  });
});

describe('summarize', () => {
  it('computes order statistics', () => {
    expect(summarize([3, 1, 2])).toEqual({ min: 1, median: 2, p90: 3, max: 3, mean: 2 });
    // An even count: the median is the mean of the two middle sizes.
    expect(summarize([4, 1, 3, 10])).toEqual({ min: 1, median: 3.5, p90: 10, max: 10, mean: 4.5 });
    expect(summarize([])).toBeNull();
  });
});

describe('formatReport', () => {
  it('renders every section', () => {
    const text = formatReport(sampleReport());
    expect(text).toContain('chunkdown report: 2 files (1 failed, 1 without chunks), 5 chunks');
    expect(text).toContain(
      'sizes in characters: chunk size 100, limit 150 (ratio 1.5), raw cap 200',
    );
    expect(text).toContain('Content size: min 10 · median 120 · p90 180 · max 180 · mean 113');
    expect(text).toMatch(/100 – 150 +█+ +1 +20\.0% {2}over the chunk size, within the limit/);
    expect(text).toMatch(/> 150 +█+ +2 +40\.0% {2}over the limit/);
    expect(text).toMatch(/✗ orphan table rows +2 {3}e\.g\. a\.md chunk 1/);
    expect(text).toMatch(/✗ unbalanced code fences +1 {3}e\.g\. a\.md chunk 4/);
    expect(text).toMatch(/✗ tiny chunks \(< 50 chars\) +1 \(20\.0%\)/);
    expect(text).toMatch(/✗ over the raw cap +1/);
    expect(text).toMatch(/never-split code +1 {3}e\.g\. a\.md chunk 3/);
    expect(text).toMatch(/95 chars \(raw 105\) {2}a\.md chunk 0 {2}in Guide/);
    expect(text.endsWith('\n')).toBe(true);
  });
});
