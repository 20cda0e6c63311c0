import type { Breadcrumb, CarriedFootnote, Chunk, Container, Overflow } from '../types.js';
import { embedText } from './context.js';
import { chunkId } from './id.js';

/** What makes a chunk; the fields with a usual value may be left out. */
export interface ChunkFields {
  text: string;
  start: number;
  end: number;
  contentSize: number;
  rawSize: number;
  breadcrumbs?: Breadcrumb[];
  /** The `context` header (`''` for none); left out without `context`, and so is `embedText`. */
  header?: string | undefined;
  tableHeaders?: string[];
  containers?: Container[];
  overflow?: Overflow | null;
  cut?: boolean;
  fallback?: Chunk['fallback'];
  /** The footnote definitions the chunk carries (none: the field is left out). */
  footnotes?: CarriedFootnote[] | undefined;
  /** The id, when it is known already ({@link chunkId} of the breadcrumbs and embedded text). */
  id?: string | undefined;
}

/**
 * Make a chunk: the one place a `Chunk` is built, so every path (structural, cut by the raw cap,
 * plain-text fallback) gives the same shape. Its `id` is the hash of its heading path and
 * embedded text; repeats in a document are numbered by the last pass (`sealChunks`).
 *
 * @param fields
 *   The chunk's fields.
 * @returns
 *   The chunk.
 */
export function createChunk(fields: ChunkFields): Chunk {
  const breadcrumbs = fields.breadcrumbs ?? [];
  const embedded = fields.header === undefined ? undefined : embedText(fields.header, fields.text);
  return {
    id: fields.id ?? chunkId(breadcrumbs, embedded ?? fields.text),
    text: fields.text,
    ...(embedded === undefined ? {} : { embedText: embedded }),
    breadcrumbs,
    start: fields.start,
    end: fields.end,
    contentSize: fields.contentSize,
    rawSize: fields.rawSize,
    tableHeaders: fields.tableHeaders ?? [],
    containers: fields.containers ?? [],
    overflow: fields.overflow ?? null,
    cut: fields.cut ?? false,
    fallback: fields.fallback ?? null,
    ...(fields.footnotes && fields.footnotes.length > 0 ? { footnotes: fields.footnotes } : {}),
  };
}
