import { describe, expect, it } from 'vitest';
import { histogram, ReportBuilder, summarize } from '../../src/quality/report.js';
import { sampleReport, summary } from '../helpers/report.js';

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

describe('ReportBuilder issues', () => {
  it('counts chunks that break, not chunks within the allowed overflow', () => {
    const builder = new ReportBuilder({
      chunkSize: 100,
      maxOverflowRatio: 2,
      maxRawSize: undefined,
      unit: 'characters',
    });
    builder.addFile(3);
    builder.addChunk(summary('a.md', 0, 150));
    builder.addChunk(summary('a.md', 1, 90, { unbalancedContainers: 1 }));
    builder.addChunk(summary('a.md', 2, 0, { rawSize: 5, contentChars: 0 }));
    const report = builder.build();
    expect(report.issues.count).toBe(2);
    expect(report.issues.examples).toEqual([
      { file: 'a.md', index: 1 },
      { file: 'a.md', index: 2 },
    ]);
    expect(report.unbalancedContainers.count).toBe(1);
    expect(report.markupOnly.count).toBe(1);
  });
});
