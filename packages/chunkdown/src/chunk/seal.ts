import type { Chunk } from '../types.js';

/** What the last pass over a document's chunks needs to know. */
export interface SealSettings {
  /** Whether chunks repeat the end of the chunk before them (`overlap`): ranges may then overlap. */
  overlap: boolean;
  /** How many characters the input had before the text that was split (a byte order mark). */
  shift: number;
}

/**
 * The last pass over a document's chunks, which returns new chunks and leaves the ones it is
 * given alone: ranges in source order and apart (unless overlap asks for it), offsets into the
 * input as given, and repeats told apart. After it, nothing changes a chunk.
 *
 * - Pieces made only of repeated context (a key cell repeated by a column group that the raw cap
 *   cut again) would otherwise point back into text an earlier chunk covers: a range never starts
 *   before the one before it ends (before it starts, with overlap), and never ends before it
 *   starts.
 * - The n-th chunk (n ≥ 2) whose id another chunk before it already has gets `-n` appended
 *   (`3f…9c`, `3f…9c-2`, `3f…9c-3`); the first keeps the plain id, so ids depend only on how many
 *   times a chunk occurs, not on where.
 *
 * @param chunks
 *   The document's chunks, in order.
 * @param settings
 *   Whether there is overlap, and the offset of the split text in the input.
 * @returns
 *   The sealed chunks.
 */
export function sealChunks(chunks: readonly Chunk[], settings: SealSettings): Chunk[] {
  const seen = new Map<string, number>();
  let previousStart = 0;
  let previousEnd = 0;
  return chunks.map((chunk) => {
    const floor = settings.overlap ? previousStart : previousEnd;
    const start = Math.max(chunk.start, floor);
    const end = Math.max(chunk.end, start);
    previousStart = start;
    previousEnd = Math.max(previousEnd, end);
    const count = (seen.get(chunk.id) ?? 0) + 1;
    seen.set(chunk.id, count);
    return {
      ...chunk,
      id: count > 1 ? `${chunk.id}-${count}` : chunk.id,
      start: start + settings.shift,
      end: end + settings.shift,
    };
  });
}
