import type { Histogram } from '../lib/stats.ts';
import { formatNumber } from './dom.ts';

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 480;
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
 * @returns An SVG element that scales to its container's width.
 */
export function histogramSvg(data: Histogram, unit: string, label: string): SVGSVGElement {
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

  for (const tick of [0, data.domainMax / 2, data.domainMax]) {
    root.append(
      svg('text', { x: x(tick), y: HEIGHT - 8, class: 'tick middle' }, formatNumber(tick)),
    );
  }
  root.append(svg('text', { x: WIDTH - PAD.right, y: HEIGHT - 8, class: 'tick end unit' }, unit));

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
