/**
 * A LangChain text splitter backed by chunkdown:
 *
 * ```ts
 * import { ChunkdownTextSplitter } from 'chunkdown/langchain';
 *
 * const splitter = new ChunkdownTextSplitter({ chunkSize: 500, maxOverflowRatio: 1.5 });
 * const docs = await splitter.splitDocuments(loadedDocs);
 * // docs[i].metadata: the source document's metadata, plus `breadcrumbs` (one string),
 * // `headings` (a list of strings) and `chunkId`
 * ```
 *
 * Needs `@langchain/textsplitters` and `@langchain/core` (optional peer dependencies, install them
 * beside `chunkdown`). This module is a separate entry point so that the core never loads them.
 *
 * @module
 */
import { Document } from '@langchain/core/documents';
import { TextSplitter, type TextSplitterChunkHeaderOptions } from '@langchain/textsplitters';
import {
  type AdapterOptions,
  breadcrumbSeparator,
  checkedSplitter,
  createAdapterSplitter,
  type FlatPlacement,
  type MetadataFormat,
  placementOf,
  type StructuredPlacement,
  synchronous,
} from './options.js';

export type { MetadataFormat } from './options.js';

import { wantsParents } from '../options.js';
import type { Chunk, Chunkdown, ChunkdownOptions, ChunkParent } from '../types.js';
import { lineIndex, lineStarts } from '../util/line-starts.js';

/**
 * Options of {@link ChunkdownTextSplitter}: chunkdown's options, with `chunkSize` optional
 * (LangChain's default, {@link langChainChunkSize}, when left out) and `chunkOverlap`,
 * LangChain's name for `overlap`.
 */
export interface ChunkdownTextSplitterOptions<Format extends MetadataFormat = MetadataFormat>
  extends AdapterOptions {
  /**
   * The form of the metadata added to chunk documents: `'flat'` (the default) or `'structured'`
   * (see {@link ChunkdownDocumentMetadata} and {@link ChunkdownStructuredDocumentMetadata}).
   */
  metadataFormat?: Format | undefined;
}

/** The metadata of a chunk document in a format: flat by default. */
export type ChunkdownMetadataOf<Format extends MetadataFormat> = Format extends 'structured'
  ? ChunkdownStructuredDocumentMetadata
  : ChunkdownDocumentMetadata;

/** LangChain's default `chunkSize`, used when none is given. */
export const langChainChunkSize = 1000;

/** Where a chunk came from in its source document. */
export interface ChunkLocation {
  /** Offset (UTF-16) in the document's `pageContent` where the chunk's source starts. */
  start: number;
  /** Offset (UTF-16) in the document's `pageContent` where the chunk's source ends (exclusive). */
  end: number;
  /** First and last line (1-based) of the chunk's source, as LangChain's splitters report them. */
  lines: { from: number; to: number };
}

/**
 * Metadata of a chunk document, flat (the default): the source document's metadata, plus
 * `breadcrumbs`, `headings`, `chunkId` and `containers`, every value a string or a list of
 * strings, which every vector store takes.
 */
// biome-ignore lint/suspicious/noExplicitAny: LangChain types document metadata as `Record<string, any>`.
export type ChunkdownDocumentMetadata = Record<string, any> &
  FlatPlacement & {
    /**
     * The chunk's stable `id` (a hash of its heading path and text; see chunkdown's `Chunk.id`).
     * Named so that it does not replace an `id` of the source document's own metadata. It is the
     * same for the same chunk in two documents: key a store by the document and `chunkId`. The
     * chunk document's own `id` is it too.
     */
    chunkId: string;
  };

/**
 * Metadata of a chunk document with `metadataFormat: 'structured'`: the source document's
 * metadata, plus `breadcrumbs` as `{ text, depth }` objects, `headings`, `loc` (as LangChain's
 * own splitters give it, with chunkdown's offsets), `chunkId` and `containers` as chunkdown's
 * objects. A `loc` object already in the source metadata (a loader's `pageNumber`, say) is kept
 * and extended.
 */
// biome-ignore lint/suspicious/noExplicitAny: LangChain types document metadata as `Record<string, any>`.
export type ChunkdownStructuredDocumentMetadata = Record<string, any> &
  StructuredPlacement & {
    /** Source location of the chunk. */
    loc: ChunkLocation & Record<string, unknown>;
    /** The chunk's stable `id`, as in {@link ChunkdownDocumentMetadata}. */
    chunkId: string;
  };

/**
 * Metadata of a parent document (option `parents`): the source document's metadata, plus the
 * parent's `breadcrumbs` and `headings` (flat or structured, as the chunks' are), `parentId`
 * (the parent's id, also the document's `id`) and, with `metadataFormat: 'structured'`, `loc`.
 */
// biome-ignore lint/suspicious/noExplicitAny: LangChain types document metadata as `Record<string, any>`.
export type ChunkdownParentMetadata = Record<string, any> & {
  parentId: string;
  headings: string[];
};

/** What {@link ChunkdownTextSplitter.splitDocumentsWithParents} returns. */
export interface ParentedDocuments<
  // biome-ignore lint/suspicious/noExplicitAny: LangChain types document metadata as `Record<string, any>`.
  Metadata extends Record<string, any> =
    | ChunkdownDocumentMetadata
    | ChunkdownStructuredDocumentMetadata,
> {
  /** The chunk documents, to embed; each has `metadata.parentId`. */
  documents: Document<Metadata>[];
  /** The parent documents, to keep in a docstore by `id`. */
  parents: Document<ChunkdownParentMetadata>[];
}

/** A section parent as a LangChain document, with the metadata of the text it came from. */
function parentDocument(
  parent: ChunkParent,
  // biome-ignore lint/suspicious/noExplicitAny: as the base class types metadata.
  metadata: Record<string, any>,
  locate: ((chunk: Pick<Chunk, 'start' | 'end'>) => ChunkLocation) | null,
): Document<ChunkdownParentMetadata> {
  const headings = parent.breadcrumbs.map((crumb) => crumb.text);
  return new Document({
    id: parent.id,
    pageContent: parent.text,
    metadata: {
      ...metadata,
      breadcrumbs: locate
        ? parent.breadcrumbs.map((crumb) => ({ ...crumb }))
        : headings.join(breadcrumbSeparator),
      headings,
      ...(locate ? { loc: locate(parent) } : {}),
      parentId: parent.id,
    },
  });
}

/**
 * A `TextSplitter` from `@langchain/textsplitters` that splits markdown with chunkdown.
 *
 * - `splitText` returns exactly chunkdown's `splitText`.
 * - `createDocuments`, `splitDocuments`, `transformDocuments` and `invoke` keep each document's
 *   metadata and add, flat (the default), `breadcrumbs` (the headings joined with ` › `),
 *   `headings` (a list of strings), `chunkId` and, in docs-dialect containers, `containers` (a
 *   list of strings): values every vector store takes. With `metadataFormat: 'structured'`,
 *   `breadcrumbs` and `containers` are chunkdown's objects, and `loc` (`start`, `end` and
 *   `lines: { from, to }`) is added, computed from chunkdown's source offsets rather than by
 *   searching the chunk text in the source (chunk text is normalized markdown, so it is not
 *   always a substring of the source). Flat metadata has no offsets: `index()` hashes every
 *   top-level value, and offsets move with every edit above a chunk.
 * - With the `parents` option, each chunk document's metadata has `parentId`, and
 *   `splitDocumentsWithParents` also gives the parents as documents, for a docstore.
 * - With `context: true`, `pageContent` is the chunk's `embedText` (the document's title › the
 *   chunk's breadcrumbs, a blank line, then the chunk), the text a vector store embeds; without
 *   it, the chunk's text.
 * - A chunk document's `id` is the chunk's id, the same from run to run while its headings and
 *   text are, so a re-index embeds only what an edit changed: LangChain's `index()` with a record
 *   manager (which keys by a hash of `pageContent` and the top-level metadata) skips the rest. The
 *   id is the same for the same chunk under the same headings in two documents.
 * - The base class fields mean what they mean to chunkdown: `chunkSize` is the target content
 *   size, `chunkOverlap` is chunkdown's `overlap` (0 by default), `lengthFunction` is the size
 *   unit and must be synchronous. Changing them after construction takes effect on the next
 *   split. `keepSeparator` has no effect: chunks are whole markdown, there are no separators.
 */
export class ChunkdownTextSplitter<Format extends MetadataFormat = 'flat'> extends TextSplitter {
  /**
   * Name LangChain uses for this class.
   *
   * @returns `'ChunkdownTextSplitter'`.
   */
  static override lc_name(): string {
    return 'ChunkdownTextSplitter';
  }

  /** chunkdown options other than the three the base class holds. */
  readonly #options: ChunkdownOptions;
  /** The form of the metadata added to chunk documents. */
  readonly #metadataFormat: MetadataFormat;
  /** The splitter, and the base class fields it was made with. */
  #splitter: Chunkdown;
  #madeWith: { chunkSize: number; chunkOverlap: number; lengthFunction: unknown };

  /**
   * @param options chunkdown's options; `chunkSize` defaults to LangChain's 1000, and
   *   `chunkOverlap` is accepted as another name for `overlap` (default 0).
   * @throws {TypeError | RangeError} When an option is invalid (see `chunkdown`), when `overlap`
   *   and `chunkOverlap` disagree, when `maxRawSize` is smaller than `chunkSize`, or when
   *   `lengthFunction` is asynchronous.
   */
  constructor(options?: ChunkdownTextSplitterOptions<Format> | null) {
    // Validate before the base constructor, whose own check would throw a less helpful error.
    const { settings, splitter, metadataFormat } = createAdapterSplitter(options, {
      name: 'LangChain',
      defaultChunkSize: langChainChunkSize,
    });
    // The base class checks `chunkOverlap < chunkSize`; chunkdown has checked it already.
    super({
      chunkSize: settings.chunkSize,
      chunkOverlap: 0,
      keepSeparator: false,
      lengthFunction: settings.lengthFunction,
    });
    this.chunkOverlap = settings.overlap;
    this.#options = settings;
    this.#metadataFormat = metadataFormat;
    this.#splitter = splitter;
    this.#madeWith = this.#fields();
  }

  /**
   * Split markdown into chunk texts, exactly as chunkdown's `splitText`.
   *
   * @param text Markdown.
   * @returns The chunk texts, in source order.
   */
  override async splitText(text: string): Promise<string[]> {
    return this.#current().splitText(text);
  }

  /**
   * Split texts into chunk documents. Each chunk gets a shallow copy of its text's metadata, with
   * `breadcrumbs`, `headings`, `chunkId` (and `containers`) added, and `loc` with
   * `metadataFormat: 'structured'`.
   *
   * @param texts Markdown documents.
   * @param metadatas Metadata of each text (by index); missing entries count as `{}`.
   * @param chunkHeaderOptions `chunkHeader` is put before every chunk's text, and
   *   `chunkOverlapHeader` (default `"(cont'd) "`) before every chunk but a text's first when
   *   `appendChunkOverlapHeader` is set, as the base class does.
   * @returns The chunk documents, text by text, in source order; `pageContent` is the chunk's
   *   `embedText` with `context: true`, else its text (after the chunk header, if any).
   */
  override async createDocuments(
    texts: string[],
    // biome-ignore lint/suspicious/noExplicitAny: the base class's parameter type.
    metadatas: Record<string, any>[] = [],
    chunkHeaderOptions: TextSplitterChunkHeaderOptions = {},
  ): Promise<Document<ChunkdownMetadataOf<Format>>[]> {
    return this.#documentsOf(texts, metadatas, chunkHeaderOptions);
  }

  /**
   * Split texts into chunk documents and their section parents as documents (with the `parents`
   * option), for a parent-child retriever: embed `documents`, put `parents` in a docstore keyed
   * by their `id`, and return the parents of the chunks a search finds (`metadata.parentId`).
   * LangChain's `ParentDocumentRetriever` with `idKey: 'parentId'` retrieves that way.
   *
   * @param texts Markdown documents.
   * @param metadatas Metadata of each text (by index); missing entries count as `{}`.
   * @returns The chunk documents (as {@link ChunkdownTextSplitter.createDocuments} makes them)
   *   and the parent documents: `id` and `metadata.parentId` the parent's id, `pageContent` its
   *   text, and the text's metadata with the parent's `breadcrumbs` and `headings` (and `loc`
   *   with `metadataFormat: 'structured'`).
   * @throws {TypeError} When the splitter was made without the `parents` option.
   */
  async createDocumentsWithParents(
    texts: string[],
    // biome-ignore lint/suspicious/noExplicitAny: as the base class types metadata.
    metadatas: Record<string, any>[] = [],
  ): Promise<ParentedDocuments<ChunkdownMetadataOf<Format>>> {
    if (!wantsParents(this.#options.parents)) {
      throw new TypeError(
        'Expected the `parents` option (`{ parents: { maxSize } }`) for `createDocumentsWithParents`',
      );
    }
    const parents: Document<ChunkdownParentMetadata>[] = [];
    const documents = await this.#documentsOf(texts, metadatas, {}, parents);
    return { documents, parents };
  }

  /**
   * Split documents into chunk documents and parent documents (see
   * {@link ChunkdownTextSplitter.createDocumentsWithParents}); documents without `pageContent`
   * are skipped.
   *
   * @param documents Documents whose `pageContent` is markdown.
   * @returns The chunk documents and their parents.
   * @throws {TypeError} When the splitter was made without the `parents` option.
   */
  async splitDocumentsWithParents(
    documents: Document[],
  ): Promise<ParentedDocuments<ChunkdownMetadataOf<Format>>> {
    const given = documents.filter((document) => document.pageContent !== undefined);
    return this.createDocumentsWithParents(
      given.map((document) => document.pageContent),
      given.map((document) => document.metadata),
    );
  }

  async #documentsOf(
    texts: string[],
    // biome-ignore lint/suspicious/noExplicitAny: as the base class types metadata.
    metadatas: Record<string, any>[],
    chunkHeaderOptions: TextSplitterChunkHeaderOptions,
    parents?: Document<ChunkdownParentMetadata>[],
  ): Promise<Document<ChunkdownMetadataOf<Format>>[]> {
    const {
      chunkHeader = '',
      chunkOverlapHeader = "(cont'd) ",
      appendChunkOverlapHeader = false,
    } = chunkHeaderOptions;
    const splitter = this.#current();
    const documents: Document<ChunkdownMetadataOf<Format>>[] = [];
    texts.forEach((text, index) => {
      const metadata = metadatas[index] ?? {};
      const locate = this.#metadataFormat === 'structured' ? locator(text, metadata.loc) : null;
      const result = splitter.split(text);
      if (parents && result.parents) {
        for (const parent of result.parents) parents.push(parentDocument(parent, metadata, locate));
      }
      result.chunks.forEach((chunk, position) => {
        const header =
          position > 0 && appendChunkOverlapHeader ? chunkHeader + chunkOverlapHeader : chunkHeader;
        documents.push(
          new Document<ChunkdownMetadataOf<Format>>({
            id: chunk.id,
            pageContent: header + (chunk.embedText ?? chunk.text),
            metadata: {
              ...(locate
                ? {
                    ...metadata,
                    ...placementOf(chunk, 'structured'),
                    loc: locate(chunk),
                    chunkId: chunk.id,
                  }
                : { ...metadata, ...placementOf(chunk, 'flat'), chunkId: chunk.id }),
              ...(chunk.parentId === undefined ? {} : { parentId: chunk.parentId }),
            } as ChunkdownMetadataOf<Format>,
          }),
        );
      });
    });
    return documents;
  }

  /**
   * Split documents into chunk documents (see {@link ChunkdownTextSplitter.createDocuments}).
   * Documents without `pageContent` are skipped, as the base class does.
   *
   * @param documents Documents whose `pageContent` is markdown.
   * @param chunkHeaderOptions See {@link ChunkdownTextSplitter.createDocuments}.
   * @returns The chunk documents, document by document, in source order.
   */
  override async splitDocuments(
    documents: Document[],
    chunkHeaderOptions: TextSplitterChunkHeaderOptions = {},
  ): Promise<Document<ChunkdownMetadataOf<Format>>[]> {
    const given = documents.filter((document) => document.pageContent !== undefined);
    return this.createDocuments(
      given.map((document) => document.pageContent),
      given.map((document) => document.metadata),
      chunkHeaderOptions,
    );
  }

  /** The splitter for the current base class fields, remade when one of them was changed. */
  #current(): Chunkdown {
    const fields = this.#fields();
    const made = this.#madeWith;
    if (
      fields.chunkSize !== made.chunkSize ||
      fields.chunkOverlap !== made.chunkOverlap ||
      fields.lengthFunction !== made.lengthFunction
    ) {
      this.#splitter = checkedSplitter({
        ...this.#options,
        chunkSize: fields.chunkSize,
        overlap: fields.chunkOverlap,
        lengthFunction: synchronous(fields.lengthFunction),
      });
      this.#madeWith = fields;
    }
    return this.#splitter;
  }

  #fields() {
    return {
      chunkSize: this.chunkSize,
      chunkOverlap: this.chunkOverlap,
      lengthFunction: this.lengthFunction,
    };
  }
}

/**
 * Make a function that gives a chunk's `loc` in `text`: its offsets and its first and last line
 * (1-based; line endings are `\n`, `\r\n` and `\r`, as in markdown), over a `loc` object the
 * source metadata already has.
 *
 * @param text The source text.
 * @param given The source metadata's `loc`, kept when it is an object.
 * @returns The `loc` of a chunk (an offset on a line ending belongs to the line it ends).
 */
function locator(
  text: string,
  given: unknown,
): (chunk: Pick<Chunk, 'start' | 'end'>) => ChunkLocation & Record<string, unknown> {
  const base = given !== null && typeof given === 'object' ? given : {};
  const starts = lineStarts(text);
  const lineAt = (offset: number) => lineIndex(starts, offset) + 1;
  return (chunk) => ({
    ...base,
    start: chunk.start,
    end: chunk.end,
    lines: { from: lineAt(chunk.start), to: lineAt(Math.max(chunk.start, chunk.end - 1)) },
  });
}
