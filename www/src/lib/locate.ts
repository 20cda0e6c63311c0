import type { Range } from './highlight.ts';

/**
 * Find where each chunk of a splitter that reports no offsets (LangChain's) sits in the source.
 * Chunks are searched in order from the previous chunk's start, so overlapping chunks are found;
 * a chunk that is not a verbatim slice of the source gets `null`.
 *
 * @param source The document.
 * @param chunks Chunk texts in order.
 * @returns A range or `null` per chunk.
 */
export function locateChunks(source: string, chunks: readonly string[]): (Range | null)[] {
  let from = 0;
  return chunks.map((chunk) => {
    const start = source.indexOf(chunk, from);
    if (start === -1) return null;
    from = start + 1;
    return { start, end: start + chunk.length };
  });
}
