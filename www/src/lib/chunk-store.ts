import type { Chunk } from 'chunkdown';
import type { ChunksDelta } from './live-split.ts';

/** The receiving end of a live splitter's deltas: the chunks it answered last, kept by id. */
export interface ChunkStore {
  /**
   * Apply the next delta (every `ok` answer, in order, drawn or not).
   *
   * @param delta The delta from the live splitter.
   * @returns All chunks in document order, with their new offsets. A chunk that did not move is
   * the same object as before.
   */
  apply(delta: ChunksDelta): Chunk[];
}

/**
 * Make a {@link ChunkStore}.
 *
 * @returns An empty store.
 */
export function createChunkStore(): ChunkStore {
  const byId = new Map<string, Chunk>();
  return {
    apply({ added, removed, order, offsets }) {
      for (const id of removed) byId.delete(id);
      for (const chunk of added) byId.set(chunk.id, chunk);
      return order.map((id, index) => {
        const chunk = byId.get(id);
        if (!chunk) throw new Error(`The chunk store lost chunk ${id}: a delta was skipped`);
        const start = offsets[2 * index] as number;
        const end = offsets[2 * index + 1] as number;
        if (chunk.start === start && chunk.end === end) return chunk;
        const moved = { ...chunk, start, end };
        byId.set(id, moved);
        return moved;
      });
    },
  };
}
