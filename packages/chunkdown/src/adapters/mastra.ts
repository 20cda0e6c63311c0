/**
 * Mastra's chunk documents, split by chunkdown:
 *
 * ```ts
 * import { MDocument } from '@mastra/rag';
 * import { chunkMDocument } from 'chunkdown/mastra';
 *
 * const doc = MDocument.fromMarkdown(markdown, { source: 'guide.md' });
 * const chunks = chunkMDocument(doc, { chunkSize: 500, context: true });
 * // instead of: const chunks = await doc.chunk({ strategy: 'markdown', maxSize: 500 });
 * // chunks[i].id_ is the chunk's stable id; chunks[i].metadata: the document's metadata, plus
 * // `id`, `breadcrumbs` (one string), `headings`, `start`, `end`, `kind` (and `containers`)
 * ```
 *
 * Needs `@mastra/rag` (an optional peer dependency, install it beside `chunkdown`). This module is
 * a separate entry point so that the core never loads it.
 *
 * @module
 */
import { MDocument } from '@mastra/rag';
import {
  type AdapterOptions,
  createAdapterSplitter,
  type FlatPlacement,
  type MetadataFormat,
  placementOf,
  type StructuredPlacement,
} from './options.js';

export type { MetadataFormat } from './options.js';

import type { Chunk, DocumentKind } from '../types.js';

/**
 * Options of {@link chunkMDocument}: chunkdown's options, with `chunkSize` optional (mastra's
 * default `maxSize`, {@link mastraChunkSize}, when left out) and `chunkOverlap` as another name
 * for `overlap` (default 0).
 */
export interface ChunkdownMastraOptions extends AdapterOptions {}

/** Mastra's default `maxSize` of a chunk, the `chunkSize` used when none is given. */
export const mastraChunkSize = 4000;

/** What chunkdown adds to a chunk document's metadata beside where the chunk sits. */
interface ChunkFacts {
  /** The chunk's stable id (a hash of its heading path and text; see chunkdown's `Chunk.id`). */
  id: string;
  /** Offset (UTF-16) in the document's text where the chunk's source starts. */
  start: number;
  /** Offset (UTF-16) in the document's text where the chunk's source ends (exclusive). */
  end: number;
  /** What kind of document it came from (`'prose'` or `'record-list'`). */
  kind: DocumentKind;
  /** With the `parents` option: the id of the chunk's section parent (chunkdown's `Chunk.parentId`). */
  parentId?: string;
}

/**
 * Metadata of a chunk document, flat (the default): its document's metadata, plus what chunkdown
 * knows about the chunk: `id`, `breadcrumbs` (the headings joined with ` › `), `headings` (a list
 * of strings), `start`, `end`, `kind` and `containers` (a list of `name: title` strings). Every
 * value is a string, a number or a list of strings, so any of mastra's vector stores can hold and
 * filter it.
 */
export type ChunkdownMastraMetadata = Record<string, unknown> & FlatPlacement & ChunkFacts;

/**
 * Metadata of a chunk document with `metadataFormat: 'structured'`: `breadcrumbs` as
 * `{ text, depth }` objects and `containers` as chunkdown's objects.
 */
export type ChunkdownMastraStructuredMetadata = Record<string, unknown> &
  StructuredPlacement &
  ChunkFacts;

/**
 * A chunk document, as `MDocument.chunk` returns them (mastra's `Document`).
 */
export type MastraChunk = ReturnType<MDocument['getDocs']>[number];

/**
 * Split the markdown of a mastra `MDocument` with chunkdown, where a mastra pipeline would call
 * `await doc.chunk({ strategy: 'markdown', … })`: the same kind of chunk documents, one per
 * chunk, in order, document by document.
 *
 * - `text` is what to embed: the chunk's `embedText` with `context: true` (the document's title
 *   › the chunk's headings, a blank line, then the chunk), else its text.
 * - `id_` is the chunk's stable id (also `metadata.id`), so an index keyed by it re-embeds only
 *   the chunks whose id is new; a chunk that occurs twice gets `-2` appended, as chunkdown does
 *   within a document (here across the documents of the `MDocument` too). The same chunk in two
 *   `MDocument`s has the same id: key a shared index by the source and the id to keep both.
 * - `metadata` is a copy of the document's metadata plus `id`, `breadcrumbs`, `headings`,
 *   `start`, `end`, `kind` and `containers`, flat (see {@link ChunkdownMastraMetadata}), or
 *   structured with `metadataFormat: 'structured'`; `startCharIdx` and `endCharIdx` are the
 *   source offsets too.
 *
 * The `MDocument` is left as it was.
 *
 * @param document
 *   The document, made with `MDocument.fromMarkdown` (or holding markdown).
 * @param options
 *   chunkdown's options; `chunkSize` defaults to mastra's 4000, in chunkdown's size unit.
 * @returns
 *   The chunk documents.
 * @throws {TypeError | RangeError}
 *   When `document` is not an `MDocument`, or an option is invalid (see `chunkdown`).
 */
export function chunkMDocument(
  document: MDocument,
  options?: ChunkdownMastraOptions | null,
): MastraChunk[] {
  const { splitter, metadataFormat } = createAdapterSplitter(options, {
    name: 'mastra',
    defaultChunkSize: mastraChunkSize,
  });
  if (
    document === null ||
    typeof document !== 'object' ||
    typeof (document as Partial<MDocument>).getDocs !== 'function'
  ) {
    throw new TypeError(
      'Expected a mastra `MDocument` (such as `MDocument.fromMarkdown(markdown)`) for `chunkMDocument(document)`',
    );
  }
  const parts: Array<{ chunk: Chunk; kind: DocumentKind; metadata: Record<string, unknown> }> = [];
  // Ids are unique within a document; across the documents of one `MDocument` too.
  const used = new Set<string>();
  for (const source of document.getDocs()) {
    const { chunks, kind } = splitter.split(source.text);
    for (const chunk of chunks) {
      let id = chunk.id;
      for (let n = 2; used.has(id); n++) id = `${chunk.id}-${n}`;
      used.add(id);
      parts.push({
        chunk: id === chunk.id ? chunk : { ...chunk, id },
        kind,
        metadata: source.metadata ?? {},
      });
    }
  }
  // Mastra's own `Document`s (its class is not exported): made the way `MDocument` makes them.
  const made = new MDocument({
    docs: parts.map(({ chunk, kind, metadata }) => ({
      text: chunk.embedText ?? chunk.text,
      metadata: metadataOf(chunk, kind, metadata, metadataFormat),
    })),
    type: 'markdown',
  }).getDocs();
  made.forEach((node, index) => {
    const { chunk } = parts[index] as (typeof parts)[number];
    node.id_ = chunk.id;
    // Set here: the constructor drops a start of 0.
    node.startCharIdx = chunk.start;
    node.endCharIdx = chunk.end;
  });
  return made;
}

/** A chunk document's metadata. */
function metadataOf(
  chunk: Chunk,
  kind: DocumentKind,
  metadata: Record<string, unknown>,
  format: MetadataFormat,
): ChunkdownMastraMetadata | ChunkdownMastraStructuredMetadata {
  const { breadcrumbs, headings, containers } = placementOf(chunk, format);
  return {
    ...metadata,
    id: chunk.id,
    breadcrumbs,
    headings,
    start: chunk.start,
    end: chunk.end,
    kind,
    ...(containers ? { containers } : {}),
    ...(chunk.parentId === undefined ? {} : { parentId: chunk.parentId }),
  } as ChunkdownMastraMetadata | ChunkdownMastraStructuredMetadata;
}
