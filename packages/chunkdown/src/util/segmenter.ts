/**
 * `Intl.Segmenter` boundaries of long text, in linear time. Iterating the segments of one long
 * string costs time quadratic in its length in V8, so the text is segmented in windows: each
 * window's boundaries are kept up to the start of its last segment, where the next window resumes.
 */
const segmenters: Readonly<Record<'word' | 'grapheme', Intl.Segmenter>> = {
  word: new Intl.Segmenter(undefined, { granularity: 'word' }),
  grapheme: new Intl.Segmenter(undefined, { granularity: 'grapheme' }),
};
const WINDOW = 1024;

/**
 * Offsets (relative to `text`, > 0 and < `text.length`) where `Intl.Segmenter` puts boundaries.
 *
 * @param text
 *   The text.
 * @param granularity
 *   `word` or `grapheme`.
 * @returns
 *   Increasing offsets.
 */
export function segmentOffsets(text: string, granularity: 'word' | 'grapheme'): number[] {
  const segmenter = segmenters[granularity];
  const offsets: number[] = [];
  let start = 0;
  while (start < text.length) {
    const end = Math.min(text.length, start + WINDOW);
    let last = 0;
    for (const { index } of segmenter.segment(text.slice(start, end))) {
      if (index === 0) continue;
      offsets.push(start + index);
      last = index;
    }
    if (end === text.length) break;
    if (last === 0) {
      // One segment longer than a window (a pathological cluster): cut it at the window.
      offsets.push(end);
      start = end;
    } else {
      // The last segment may go on past the window: segment again from its start (a boundary).
      start += last;
    }
  }
  return offsets;
}
