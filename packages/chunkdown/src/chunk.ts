import type { Breadcrumb, Chunk, Overflow } from './types.js';

/** What makes a chunk; the fields with a usual value may be left out. */
export interface ChunkFields {
  text: string;
  start: number;
  end: number;
  contentSize: number;
  rawSize: number;
  breadcrumbs?: Breadcrumb[];
  tableHeaders?: string[];
  overflow?: Overflow | null;
  cut?: boolean;
  fallback?: Chunk['fallback'];
}

/**
 * Make a chunk: the one place a `Chunk` is built, so every path (structural, cut by the raw cap,
 * plain-text fallback) gives the same shape.
 *
 * @param fields
 *   The chunk's fields.
 * @returns
 *   The chunk.
 */
export function createChunk(fields: ChunkFields): Chunk {
  return {
    text: fields.text,
    breadcrumbs: fields.breadcrumbs ?? [],
    start: fields.start,
    end: fields.end,
    contentSize: fields.contentSize,
    rawSize: fields.rawSize,
    tableHeaders: fields.tableHeaders ?? [],
    overflow: fields.overflow ?? null,
    cut: fields.cut ?? false,
    fallback: fields.fallback ?? null,
  };
}
