import { histogram, median } from 'chunkdown/quality';
import { describe, expect, it } from 'vitest';
import { histogramMarkers, histogramScale } from '../../src/view/histogram.ts';

describe('histogramMarkers', () => {
  it('are the chunk size and the limit of the buckets', () => {
    expect(histogramMarkers(histogram([10, 600, 900], 500, 750))).toEqual([
      { label: 'chunkSize', value: 500 },
      { label: 'limit', value: 750 },
    ]);
    expect(histogramMarkers(histogram([10], 500, 500))).toEqual([
      { label: 'chunkSize', value: 500 },
    ]);
  });

  it('are left out when the options are not numbers', () => {
    expect(histogramMarkers(histogram([10], Number.NaN, Number.NaN))).toEqual([]);
  });
});

describe('histogramScale', () => {
  it('reaches the largest size and every marker, in whole buckets, and the tallest bar', () => {
    const ours = { buckets: histogram([120, 480, 480, 700], 500, 750), largest: 700 };
    const theirs = { buckets: histogram([20, 30, 40, 1030], 500, 500), largest: 1030 };
    expect(histogramScale([ours])).toEqual({ domainMax: 750, maxCount: 2 });
    // LangChain's largest chunk sets the shared axis; its first bucket the tallest bar.
    expect(histogramScale([ours, theirs])).toEqual({ domainMax: 1050, maxCount: 3 });
  });

  it('copes with no sizes and with options that are not numbers', () => {
    expect(histogramScale([{ buckets: histogram([], 500, 750), largest: null }])).toEqual({
      domainMax: 750,
      maxCount: 0,
    });
    const broken = { buckets: histogram([5, 9], Number.NaN, Number.NaN), largest: 9 };
    expect(histogramScale([broken])).toEqual({ domainMax: 1, maxCount: 0 });
  });
});

describe('the statistics of the Stats tab', () => {
  it('take the median from chunkdown/quality: mean of the two middle sizes of an even count', () => {
    expect(median([480, 120, 300, 500])).toBe(390);
  });
});
