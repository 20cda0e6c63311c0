import type { Histogram } from '../lib/stats.ts';
import { formatNumber } from './dom.ts';

const SVG = 'http://www.w3.org/2000/svg';
const HEIGHT = 170;
const PAD = { top: 22, right: 10, bottom: 26, left: 32 };

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
 * Draw a histogram of chunk sizes with dashed lines at its markers (chunk size, limit).
 *
 * @param data Histogram from `histogram()`.
 * @param unit Size unit label for the axis.
 * @param label Accessible name of the chart.
 * @param width Width to draw at, in CSS pixels (the chart scales with its container after that,
 *   but drawing at the real width keeps the labels legible in narrow columns).
 * @returns The SVG element.
 */
export function histogramSvg(
  data: Histogram,
  unit: string,
  label: string,
  width: number,
): SVGSVGElement {
  const WIDTH = Math.max(240, Math.round(width) || 480);
  const root = svg('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: 'img',
    'aria-label': label,
    class: 'histogram',
  });
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (value: number) => PAD.left + (value / data.domainMax) * plotWidth;
  const y = (count: number) =>
    PAD.top + plotHeight - (data.maxCount === 0 ? 0 : (count / data.maxCount) * plotHeight);

  root.append(
    svg('line', { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(0), y2: y(0), class: 'axis' }),
    svg(
      'text',
      { x: PAD.left - 4, y: y(data.maxCount) + 4, class: 'tick end' },
      String(data.maxCount),
    ),
    svg('text', { x: PAD.left - 4, y: y(0), class: 'tick end' }, '0'),
  );

  for (const bin of data.bins) {
    if (bin.count === 0) continue;
    const bar = svg('rect', {
      x: x(bin.from) + 0.5,
      y: y(bin.count),
      width: Math.max(1, x(bin.to) - x(bin.from) - 1),
      height: y(0) - y(bin.count),
      class: 'bar',
    });
    const title = `${formatNumber(bin.from)}–${formatNumber(bin.to)} ${unit}: ${bin.count} chunk${bin.count === 1 ? '' : 's'}`;
    bar.append(svg('title', {}, title));
    root.append(bar);
  }

  const ticks: [number, string, string][] = [
    [0, 'start', formatNumber(0)],
    [data.domainMax / 2, 'middle', formatNumber(data.domainMax / 2)],
    [data.domainMax, 'end', `${formatNumber(data.domainMax)} ${unit}`],
  ];
  for (const [value, anchor, text] of ticks) {
    root.append(svg('text', { x: x(value), y: HEIGHT - 8, class: `tick ${anchor}` }, text));
  }

  data.markers.forEach((marker, index) => {
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
