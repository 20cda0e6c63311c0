/** A source range, as `split()` reports it for a chunk. */
export interface Range {
  start: number;
  end: number;
}

/** A run of source text and the chunks that cover it (none for text in no chunk). */
export interface Segment {
  start: number;
  end: number;
  /** Indices of the covering chunks, ascending. Two or more where chunks overlap. */
  chunks: number[];
}

/**
 * Cut `[0, length)` into runs that are each covered by the same set of chunks, so the source can
 * be drawn with one mark per run. Ranges are clamped to the text; empty ones are ignored.
 *
 * @param length Length of the source text.
 * @param ranges Chunk ranges, by chunk index.
 * @returns Runs in order, covering the whole text without gaps.
 */
export function highlightSegments(length: number, ranges: readonly Range[]): Segment[] {
  const events: { at: number; chunk: number; open: boolean }[] = [];
  ranges.forEach((range, chunk) => {
    const start = Math.max(0, Math.min(length, range.start));
    const end = Math.max(0, Math.min(length, range.end));
    if (end <= start) return;
    events.push({ at: start, chunk, open: true }, { at: end, chunk, open: false });
  });
  events.sort((a, b) => a.at - b.at);

  const segments: Segment[] = [];
  const active = new Set<number>();
  let position = 0;
  let index = 0;
  while (position < length) {
    while (index < events.length && (events[index] as (typeof events)[number]).at === position) {
      const event = events[index++] as (typeof events)[number];
      if (event.open) active.add(event.chunk);
      else active.delete(event.chunk);
    }
    const next = index < events.length ? (events[index] as (typeof events)[number]).at : length;
    const end = Math.min(next, length);
    if (end > position) {
      const chunks = [...active].sort((a, b) => a - b);
      const last = segments[segments.length - 1];
      if (last && last.end === position && sameChunks(last.chunks, chunks)) last.end = end;
      else segments.push({ start: position, end, chunks });
    }
    position = end;
  }
  return segments;
}

function sameChunks(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index]);
}

/**
 * Indices of the chunks under a caret at `offset`: the chunks holding the character after the
 * caret, or, when there are none (end of a chunk before a gap), the chunks that end there.
 *
 * @param ranges Chunk ranges.
 * @param offset Caret offset.
 * @returns Indices, ascending.
 */
export function chunksAt(ranges: readonly Range[], offset: number): number[] {
  const inside: number[] = [];
  const ending: number[] = [];
  ranges.forEach((range, index) => {
    if (range.start <= offset && offset < range.end) inside.push(index);
    else if (range.end === offset && range.end > range.start) ending.push(index);
  });
  return inside.length > 0 ? inside : ending;
}
