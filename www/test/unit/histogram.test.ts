import { histogram, median } from 'chunkdown/quality';
import { describe, expect, it } from 'vitest';
import { histogramMarkers, histogramScale } from '../../src/view/histogram.ts';

describe('histogramMarkers', () => {
  it('are the chunk size and the limit of the buckets, at their slots', () => {
    expect(histogramMarkers(histogram([10, 600, 900], 500, 750))).toEqual([
      { label: 'chunkSize', value: 500, at: 10 },
      { label: 'limit', value: 750, at: 11 },
    ]);
    expect(histogramMarkers(histogram([10], 500, 500))).toEqual([
      { label: 'chunkSize', value: 500, at: 10 },
    ]);
  });

  it('are left out when the options are not numbers', () => {
    expect(histogramMarkers(histogram([10], Number.NaN, Number.NaN))).toEqual([]);
  });
});

describe('histogramScale', () => {
  it('has a slot for every bucket of the longest list, and the tallest bar of all', () => {
    const ours = histogram([120, 480, 480, 700], 500, 750);
    const theirs = histogram([20, 30, 40, 1030], 500, 500);
    expect(histogramScale([ours])).toEqual({ slots: 12, maxCount: 2 });
    expect(histogramScale([theirs])).toEqual({ slots: 11, maxCount: 3 });
    expect(histogramScale([ours, theirs])).toEqual({ slots: 12, maxCount: 3 });
  });

  it('copes with no sizes and with options that are not numbers', () => {
    expect(histogramScale([histogram([], 500, 750)])).toEqual({ slots: 12, maxCount: 0 });
    expect(histogramScale([histogram([5, 9], Number.NaN, Number.NaN)])).toEqual({
      slots: 0,
      maxCount: 0,
    });
  });
});

describe('the statistics of the Stats tab', () => {
  it('take the median from chunkdown/quality: mean of the two middle sizes of an even count', () => {
    expect(median([480, 120, 300, 500])).toBe(390);
  });
});
