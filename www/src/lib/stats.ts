/** Summary statistics of a list of sizes. */
export interface Summary {
  count: number;
  /** `null` when there are no values (also for the other statistics). */
  min: number | null;
  median: number | null;
  mean: number | null;
  max: number | null;
  total: number;
}

/**
 * Count, minimum, median, mean, maximum and total of `values`.
 *
 * @param values Sizes.
 * @returns Summary; the median of an even count is the mean of the middle two.
 */
export function summarize(values: readonly number[]): Summary {
  const count = values.length;
  if (count === 0) return { count, min: null, median: null, mean: null, max: null, total: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  const middle = Math.floor(count / 2);
  const median =
    count % 2 === 1
      ? (sorted[middle] as number)
      : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  return {
    count,
    min: sorted[0] as number,
    median,
    mean: total / count,
    max: sorted[count - 1] as number,
    total,
  };
}

/** One bar of a histogram: values in `[from, to)`. */
export interface Bin {
  from: number;
  to: number;
  count: number;
}

/** Histogram of sizes with the reference lines it is drawn against. */
export interface Histogram {
  bins: Bin[];
  /** Right end of the x axis. */
  domainMax: number;
  /** Tallest bar. */
  maxCount: number;
  /** Marker lines (chunk size, overflow limit) that fall inside the domain. */
  markers: { label: string; value: number }[];
}

/** Options of {@link histogram}. */
export interface HistogramOptions {
  /** Reference lines, e.g. `chunkSize` and the overflow limit. */
  markers?: readonly { label: string; value: number }[] | undefined;
  /** About how many bins to make. Default 20. */
  bins?: number | undefined;
  /** Make the axis reach at least this far (to share one axis between histograms). */
  atLeast?: number | undefined;
}

/**
 * Bucket `values` into bins of a round width, on an axis that starts at 0 and reaches past the
 * largest value and every marker, so the markers can be drawn on it.
 *
 * @param values Sizes.
 * @param options Markers, bin count, axis length.
 * @returns The histogram.
 */
export function histogram(values: readonly number[], options: HistogramOptions = {}): Histogram {
  const markers = (options.markers ?? []).filter(
    (marker) => Number.isFinite(marker.value) && marker.value > 0,
  );
  const atLeast = Number.isFinite(options.atLeast) ? (options.atLeast as number) : 0;
  let top = Math.max(1, atLeast);
  for (const value of values) top = Math.max(top, value);
  for (const marker of markers) top = Math.max(top, marker.value);
  const width = niceStep(top / (options.bins ?? 20));
  const binCount = Math.floor(top / width) + 1;
  const bins: Bin[] = [];
  for (let index = 0; index < binCount; index++) {
    bins.push({ from: index * width, to: (index + 1) * width, count: 0 });
  }
  for (const value of values) {
    const bin = bins[Math.min(binCount - 1, Math.max(0, Math.floor(value / width)))] as Bin;
    bin.count++;
  }
  const maxCount = bins.reduce((max, bin) => Math.max(max, bin.count), 0);
  return { bins, domainMax: binCount * width, maxCount, markers };
}

/**
 * The smallest 1, 2 or 5 × 10^k that is at least `raw`.
 *
 * @param raw Wanted step.
 * @returns Round step ≥ 1.
 */
export function niceStep(raw: number): number {
  if (!(raw > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) {
    if (factor * power >= raw) return factor * power;
  }
  return 10 * power;
}
