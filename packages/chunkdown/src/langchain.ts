/**
 * A LangChain text splitter backed by chunkdown:
 *
 * ```ts
 * import { ChunkdownTextSplitter } from 'chunkdown/langchain';
 *
 * const splitter = new ChunkdownTextSplitter({ chunkSize: 500, maxOverflowRatio: 1.5 });
 * const docs = await splitter.splitDocuments(loadedDocs);
 * // docs[i].metadata: the source document's metadata, plus `breadcrumbs`, `loc` and `chunkId`
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
  checkedSplitter,
  createAdapterSplitter,
  synchronous,
} from './adapter-options.js';
import type { Breadcrumb, Chunkdown, ChunkdownOptions, Container } from './types.js';
import { lineIndex, lineStarts } from './util/line-starts.js';

/**
 * Options of {@link ChunkdownTextSplitter}: chunkdown's options, with `chunkSize` optional
 * (LangChain's default, {@link langChainChunkSize}, when left out) and `chunkOverlap`,
 * LangChain's name for `overlap`.
 */
export interface ChunkdownTextSplitterOptions extends AdapterOptions {}

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
 * Metadata of a chunk document: the source document's metadata, plus `breadcrumbs`, `loc` and
 * `chunkId`. A `loc` object already in the source metadata (a loader's `pageNumber`, say) is kept
 * and extended.
 */
// biome-ignore lint/suspicious/noExplicitAny: LangChain types document metadata as `Record<string, any>`.
export type ChunkdownDocumentMetadata = Record<string, any> & {
  /** Ancestor headings of the chunk's content that are not in its own text, outermost first. */
  breadcrumbs: Breadcrumb[];
  /** Source location of the chunk. */
  loc: ChunkLocation & Record<string, unknown>;
  /**
   * The chunk's stable `id` (a hash of its heading path and text; see chunkdown's `Chunk.id`).
   * Named so that it does not replace an `id` of the source document's own metadata. It is the
   * same for the same chunk in two documents: key a store by the document and `chunkId`. The
   * chunk document's own `id` is it too.
   */
  chunkId: string;
  /**
   * The docs-dialect containers the chunk sits in, outermost first (`:::note`, `<TabItem>`,
   * `> [!WARNING]`; see chunkdown's `Chunk.containers`), when it sits in any.
   */
  containers?: Container[];
};

/**
 * A `TextSplitter` from `@langchain/textsplitters` that splits markdown with chunkdown.
 *
 * - `splitText` returns exactly chunkdown's `splitText`.
 * - `createDocuments`, `splitDocuments`, `transformDocuments` and `invoke` keep each document's
 *   metadata and add `breadcrumbs`, `loc` (`start`, `end` and `lines: { from, to }`), computed
 *   from chunkdown's source offsets rather than by searching the chunk text in the source (chunk
 *   text is normalized markdown, so it is not always a substring of the source), and `chunkId`.
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
export class ChunkdownTextSplitter extends TextSplitter {
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
  constructor(options?: ChunkdownTextSplitterOptions | null) {
    // Validate before the base constructor, whose own check would throw a less helpful error.
    const { settings, splitter } = createAdapterSplitter(options, {
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
   * `breadcrumbs` and `loc` added.
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
  ): Promise<Document<ChunkdownDocumentMetadata>[]> {
    const {
      chunkHeader = '',
      chunkOverlapHeader = "(cont'd) ",
      appendChunkOverlapHeader = false,
    } = chunkHeaderOptions;
    const splitter = this.#current();
    const documents: Document<ChunkdownDocumentMetadata>[] = [];
    texts.forEach((text, index) => {
      const metadata = metadatas[index] ?? {};
      const givenLoc: unknown = metadata.loc;
      const baseLoc = givenLoc !== null && typeof givenLoc === 'object' ? givenLoc : {};
      const lineAt = lineLocator(text);
      splitter.split(text).chunks.forEach((chunk, position) => {
        const header =
          position > 0 && appendChunkOverlapHeader ? chunkHeader + chunkOverlapHeader : chunkHeader;
        const lines = {
          from: lineAt(chunk.start),
          to: lineAt(Math.max(chunk.start, chunk.end - 1)),
        };
        documents.push(
          new Document<ChunkdownDocumentMetadata>({
            id: chunk.id,
            pageContent: header + (chunk.embedText ?? chunk.text),
            metadata: {
              ...metadata,
              breadcrumbs: chunk.breadcrumbs.map((crumb) => ({ ...crumb })),
              loc: { ...baseLoc, start: chunk.start, end: chunk.end, lines },
              chunkId: chunk.id,
              ...(chunk.containers.length > 0
                ? { containers: chunk.containers.map((container) => ({ ...container })) }
                : {}),
            },
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
  ): Promise<Document<ChunkdownDocumentMetadata>[]> {
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
 * Make a function that gives the 1-based line of an offset in `text`. Line endings are `\n`,
 * `\r\n` and `\r`, as in markdown.
 *
 * @param text The source text.
 * @returns Line number of an offset (an offset on a line ending belongs to the line it ends).
 */
function lineLocator(text: string): (offset: number) => number {
  const starts = lineStarts(text);
  return (offset) => lineIndex(starts, offset) + 1;
}
