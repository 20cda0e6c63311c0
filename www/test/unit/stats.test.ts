import { describe, expect, it } from 'vitest';
import { histogram, niceStep, summarize } from '../../src/lib/stats.ts';

describe('summarize', () => {
  it('gives the median of an odd and an even count', () => {
    expect(summarize([5, 1, 3])).toEqual({
      count: 3,
      min: 1,
      median: 3,
      mean: 3,
      max: 5,
      total: 9,
    });
    expect(summarize([4, 1, 3, 10]).median).toBe(3.5);
  });

  it('has no statistics for no values', () => {
    expect(summarize([])).toEqual({
      count: 0,
      min: null,
      median: null,
      mean: null,
      max: null,
      total: 0,
    });
  });

  it('does not reorder its input', () => {
    const values = [3, 1, 2];
    summarize(values);
    expect(values).toEqual([3, 1, 2]);
  });
});

describe('niceStep', () => {
  it('rounds up to 1, 2 or 5 × a power of ten', () => {
    expect([0.3, 1, 1.5, 3, 7, 12, 37.5, 51, 480].map(niceStep)).toEqual([
      1, 1, 2, 5, 10, 20, 50, 100, 500,
    ]);
  });
});

describe('histogram', () => {
  it('puts every value in exactly one bin of equal width', () => {
    const values = [0, 10, 99, 100, 480, 512, 750, 1020];
    const result = histogram(values, { bins: 10 });
    expect(result.bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(values.length);
    const widths = new Set(result.bins.map((bin) => bin.to - bin.from));
    expect(widths.size).toBe(1);
    for (const value of values) {
      const holders = result.bins.filter((bin) => value >= bin.from && value < bin.to);
      expect(holders).toHaveLength(1);
    }
    expect(result.maxCount).toBe(Math.max(...result.bins.map((bin) => bin.count)));
  });

  it('reaches past every marker and the requested axis length', () => {
    const result = histogram([100, 200], {
      markers: [
        { label: 'chunkSize', value: 500 },
        { label: 'limit', value: 750 },
      ],
    });
    expect(result.domainMax).toBeGreaterThan(750);
    expect(result.markers.map((marker) => marker.label)).toEqual(['chunkSize', 'limit']);
    expect(histogram([10], { atLeast: 2000 }).domainMax).toBeGreaterThan(2000);
  });

  it('drops markers that are not positive numbers', () => {
    const result = histogram([1], {
      markers: [
        { label: 'chunkSize', value: Number.NaN },
        { label: 'limit', value: -3 },
      ],
    });
    expect(result.markers).toEqual([]);
  });

  it('copes with no values and with many', () => {
    expect(histogram([]).maxCount).toBe(0);
    const many = Array.from({ length: 200_000 }, (_, index) => index % 1000);
    expect(histogram(many).bins.reduce((sum, bin) => sum + bin.count, 0)).toBe(200_000);
  });
});
