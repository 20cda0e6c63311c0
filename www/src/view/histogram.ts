import type { HistogramBucket } from 'chunkdown/quality';
import { formatNumber } from './dom.ts';

const SVG = 'http://www.w3.org/2000/svg';
const HEIGHT = 170;
const PAD = { top: 34, right: 10, bottom: 26, left: 32 };
/** Baseline of the first row of marker labels; the second row is one line lower. */
const LABEL_ROW = 12;

/**
 * The axes of histograms drawn to compare: how many bucket slots the x axis has and how tall the
 * tallest bar is.
 */
export interface HistogramScale {
  slots: number;
  maxCount: number;
}

/**
 * Whether the buckets have finite edges (they do not when the options were not numbers, which
 * LangChain's splitter accepts).
 */
function drawable(buckets: readonly HistogramBucket[]): boolean {
  return buckets.every((bucket) => Number.isFinite(bucket.from));
}

/**
 * One scale for histograms to compare: as many slots as the longest list of buckets, and the
 * tallest bar of all.
 *
 * @param sides Buckets from `histogram()` of `chunkdown/quality`, per histogram.
 * @returns The scale.
 */
export function histogramScale(sides: readonly (readonly HistogramBucket[])[]): HistogramScale {
  let slots = 0;
  let maxCount = 0;
  for (const buckets of sides) {
    if (!drawable(buckets)) continue;
    slots = Math.max(slots, buckets.length);
    for (const bucket of buckets) maxCount = Math.max(maxCount, bucket.count);
  }
  return { slots, maxCount };
}

/**
 * The reference lines of a histogram: the chunk size (where the `within` buckets end) and the
 * limit (where the `over-limit` bucket starts), once when they are equal.
 *
 * @param buckets Buckets from `histogram()`.
 * @returns Each line's label, value and the slot boundary it is drawn at.
 */
export function histogramMarkers(
  buckets: readonly HistogramBucket[],
): { label: string; value: number; at: number }[] {
  if (!drawable(buckets)) return [];
  const markers: { label: string; value: number; at: number }[] = [];
  const within = buckets.filter((bucket) => bucket.zone === 'within').length;
  const chunkSize = buckets[within - 1]?.to;
  if (typeof chunkSize === 'number')
    markers.push({ label: 'chunkSize', value: chunkSize, at: within });
  const over = buckets.findIndex((bucket) => bucket.zone === 'over-limit');
  const limit = buckets[over]?.from;
  if (limit !== undefined && limit !== chunkSize)
    markers.push({ label: 'limit', value: limit, at: over });
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
 * Draw the size buckets of `chunkdown --report` as bars of one width each (ten up to the chunk
 * size, one up to the limit, one over it: the last two are wider ranges than the first ten),
 * colored by zone, with dashed lines at the chunk size and the limit.
 *
 * @param buckets Buckets from `histogram()` of `chunkdown/quality`.
 * @param scale Axes, from {@link histogramScale} (shared by histograms drawn side by side).
 * @param unit Size unit label for the axis.
 * @param label Accessible name of the chart.
 * @param width Width to draw at, in CSS pixels (the chart scales with its container after that,
 *   but drawing at the real width keeps the labels legible in narrow columns).
 * @returns The SVG element.
 */
export function histogramSvg(
  buckets: readonly HistogramBucket[],
  scale: HistogramScale,
  unit: string,
  label: string,
  width: number,
): SVGSVGElement {
  const WIDTH = Math.max(240, Math.round(width) || 480);
  const { maxCount } = scale;
  const slots = Math.max(1, scale.slots);
  const root = svg('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: 'img',
    'aria-label': label,
    class: 'histogram',
  });
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (slot: number) => PAD.left + (slot / slots) * plotWidth;
  const y = (count: number) =>
    PAD.top + plotHeight - (maxCount === 0 ? 0 : (count / maxCount) * plotHeight);

  root.append(
    svg('line', { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(0), y2: y(0), class: 'axis' }),
    svg('text', { x: PAD.left - 4, y: y(maxCount) + 4, class: 'tick end' }, String(maxCount)),
    svg('text', { x: PAD.left - 4, y: y(0), class: 'tick end' }, '0'),
  );
  if (!drawable(buckets)) return root;

  buckets.forEach((bucket, slot) => {
    if (bucket.count === 0) return;
    const bar = svg('rect', {
      x: x(slot) + 0.5,
      y: y(bucket.count),
      width: Math.max(1, x(slot + 1) - x(slot) - 1),
      height: y(0) - y(bucket.count),
      class: `bar ${bucket.zone}`,
    });
    const range =
      bucket.to === null
        ? `over ${formatNumber(bucket.from)}`
        : `${formatNumber(bucket.from)}–${formatNumber(bucket.to)}`;
    const title = `${range} ${unit}: ${bucket.count} chunk${bucket.count === 1 ? '' : 's'}`;
    bar.append(svg('title', {}, title));
    root.append(bar);
  });

  // Sizes at the start and the middle of the chunk size, and what the last bar holds.
  const middle = buckets[5]?.from;
  const last = buckets[buckets.length - 1];
  const ticks: [number, string, string][] = [[0, 'start', formatNumber(0)]];
  if (middle !== undefined) ticks.push([5, 'middle', formatNumber(middle)]);
  if (last) ticks.push([buckets.length, 'end', `> ${formatNumber(last.from)} ${unit}`]);
  for (const [slot, anchor, text] of ticks) {
    root.append(svg('text', { x: x(slot), y: HEIGHT - 8, class: `tick ${anchor}` }, text));
  }

  // The lines are a slot apart: each label has a row of its own, left of its line where it fits.
  histogramMarkers(buckets).forEach((marker, index) => {
    const at = x(marker.at);
    const row = LABEL_ROW + index * 12;
    const left = at > PAD.left + 90;
    root.append(
      svg('line', { x1: at, x2: at, y1: row - 8, y2: y(0), class: `marker marker-${index}` }),
      svg(
        'text',
        {
          x: at + (left ? -3 : 3),
          y: row,
          class: `marker-label marker-${index} ${left ? 'end' : 'start'}`,
        },
        `${marker.label} ${formatNumber(marker.value)}`,
      ),
    );
  });
  return root;
}
