import type { HistogramBucket } from 'chunkdown/quality';
import { formatNumber } from './dom.ts';

const SVG = 'http://www.w3.org/2000/svg';
const HEIGHT = 170;
const PAD = { top: 22, right: 10, bottom: 26, left: 32 };

/** One splitter's sizes to draw: the buckets of `histogram()` from `chunkdown/quality`. */
export interface HistogramData {
  buckets: readonly HistogramBucket[];
  /** The largest size, where the open-ended last bucket's bar ends; `null` for no sizes. */
  largest: number | null;
}

/** The axes of one or more histograms drawn to compare: the x axis's end, the tallest bar. */
export interface HistogramScale {
  domainMax: number;
  maxCount: number;
}

/** A bucket as drawn: both ends finite. */
interface Bar {
  from: number;
  to: number;
  count: number;
  zone: HistogramBucket['zone'];
}

/**
 * The bars of a histogram. The open-ended last bucket ends at the largest size, and is at least
 * as wide as the first bucket so that it shows (an empty one has no width); buckets without
 * finite ends (the options were not numbers) are left out.
 */
function barsOf(data: HistogramData): Bar[] {
  const first = data.buckets[0];
  const minWidth = first && first.to !== null ? first.to - first.from : 0;
  const bars: Bar[] = [];
  for (const bucket of data.buckets) {
    const to =
      bucket.to ??
      (bucket.count === 0
        ? bucket.from
        : Math.max(data.largest ?? bucket.from, bucket.from + minWidth));
    if (!Number.isFinite(bucket.from) || !Number.isFinite(to) || to < bucket.from) continue;
    bars.push({ from: bucket.from, to, count: bucket.count, zone: bucket.zone });
  }
  return bars;
}

/**
 * One scale for histograms to compare: the x axis reaches the end of every bar (every marker
 * and the largest size), rounded up to a whole number of the first bucket's width; the y axis
 * reaches the tallest bar of all.
 *
 * @param sides The histograms.
 * @returns The scale; its `domainMax` is at least 1.
 */
export function histogramScale(sides: readonly HistogramData[]): HistogramScale {
  let end = 1;
  let step = 0;
  let maxCount = 0;
  for (const side of sides) {
    const bars = barsOf(side);
    const first = bars[0];
    if (first) step = Math.max(step, first.to - first.from);
    for (const bar of bars) {
      end = Math.max(end, bar.to);
      maxCount = Math.max(maxCount, bar.count);
    }
  }
  const domainMax = step > 0 ? Math.ceil(end / step) * step : end;
  return { domainMax: Number.isFinite(domainMax) ? domainMax : end, maxCount };
}

/**
 * The reference lines of a histogram: the chunk size (where the `within` buckets end) and the
 * limit (where the `over-limit` bucket starts), once when they are equal.
 *
 * @param buckets Buckets from `histogram()`.
 * @returns Labelled positions.
 */
export function histogramMarkers(
  buckets: readonly HistogramBucket[],
): { label: string; value: number }[] {
  const within = buckets.filter((bucket) => bucket.zone === 'within');
  const chunkSize = within[within.length - 1]?.to;
  const limit = buckets.find((bucket) => bucket.zone === 'over-limit')?.from;
  const markers: { label: string; value: number }[] = [];
  if (typeof chunkSize === 'number' && chunkSize > 0 && Number.isFinite(chunkSize)) {
    markers.push({ label: 'chunkSize', value: chunkSize });
  }
  if (limit !== undefined && limit !== chunkSize && limit > 0 && Number.isFinite(limit)) {
    markers.push({ label: 'limit', value: limit });
  }
  return markers;
}

function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | number>,
  text?: string,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  if (text !== undefined) element.textContent = text;
  return element;
}

/**
 * Draw a histogram of chunk sizes, its bars colored by zone (within the chunk size, up to the
 * limit, over it) and dashed lines at the chunk size and the limit.
 *
 * @param data Buckets and largest size.
 * @param scale Axes, from {@link histogramScale} (shared by histograms drawn side by side).
 * @param unit Size unit label for the axis.
 * @param label Accessible name of the chart.
 * @param width Width to draw at, in CSS pixels (the chart scales with its container after that,
 *   but drawing at the real width keeps the labels legible in narrow columns).
 * @returns The SVG element.
 */
export function histogramSvg(
  data: HistogramData,
  scale: HistogramScale,
  unit: string,
  label: string,
  width: number,
): SVGSVGElement {
  const WIDTH = Math.max(240, Math.round(width) || 480);
  const { domainMax, maxCount } = scale;
  const root = svg('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: 'img',
    'aria-label': label,
    class: 'histogram',
  });
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (value: number) => PAD.left + (value / domainMax) * plotWidth;
  const y = (count: number) =>
    PAD.top + plotHeight - (maxCount === 0 ? 0 : (count / maxCount) * plotHeight);

  root.append(
    svg('line', { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(0), y2: y(0), class: 'axis' }),
    svg('text', { x: PAD.left - 4, y: y(maxCount) + 4, class: 'tick end' }, String(maxCount)),
    svg('text', { x: PAD.left - 4, y: y(0), class: 'tick end' }, '0'),
  );

  const open = data.buckets[data.buckets.length - 1];
  for (const bar of barsOf(data)) {
    if (bar.count === 0) continue;
    const rect = svg('rect', {
      x: x(bar.from) + 0.5,
      y: y(bar.count),
      width: Math.max(1, x(bar.to) - x(bar.from) - 1),
      height: y(0) - y(bar.count),
      class: `bar ${bar.zone}`,
    });
    const range =
      open?.to === null && bar.from === open.from
        ? `over ${formatNumber(bar.from)}`
        : `${formatNumber(bar.from)}–${formatNumber(bar.to)}`;
    const title = `${range} ${unit}: ${bar.count} chunk${bar.count === 1 ? '' : 's'}`;
    rect.append(svg('title', {}, title));
    root.append(rect);
  }

  const ticks: [number, string, string][] = [
    [0, 'start', formatNumber(0)],
    [domainMax / 2, 'middle', formatNumber(domainMax / 2)],
    [domainMax, 'end', `${formatNumber(domainMax)} ${unit}`],
  ];
  for (const [value, anchor, text] of ticks) {
    root.append(svg('text', { x: x(value), y: HEIGHT - 8, class: `tick ${anchor}` }, text));
  }

  histogramMarkers(data.buckets).forEach((marker, index) => {
    const at = x(marker.value);
    // The first label goes left of its line and the second right, so close markers stay legible.
    const left = index === 0 ? at > PAD.left + 90 : at > WIDTH - PAD.right - 90;
    root.append(
      svg('line', { x1: at, x2: at, y1: PAD.top - 8, y2: y(0), class: `marker marker-${index}` }),
      svg(
        'text',
        {
          x: at + (left ? -3 : 3),
          y: PAD.top - 10,
          class: `marker-label marker-${index} ${left ? 'end' : 'start'}`,
        },
        `${marker.label} ${formatNumber(marker.value)}`,
      ),
    );
  });
  return root;
}
