/**
 * A LlamaIndex.TS node parser backed by chunkdown:
 *
 * ```ts
 * import { Document } from '@llamaindex/core/schema';
 * import { ChunkdownNodeParser } from 'chunkdown/llamaindex';
 *
 * const parser = new ChunkdownNodeParser({ chunkSize: 500 });
 * const nodes = parser.getNodesFromDocuments([new Document({ text: markdown })]);
 * // nodes[i].id_: the chunk's stable id; nodes[i].metadata: the document's metadata, plus
 * // `breadcrumbs` (one string) and `chunkId` (and `context` with `context: true`)
 * ```
 *
 * Needs `@llamaindex/core` (an optional peer dependency, install it beside `chunkdown`). This
 * module is a separate entry point so that the core never loads it.
 *
 * @module
 */
import { DEFAULT_CHUNK_SIZE } from '@llamaindex/core/global';
import { TextSplitter } from '@llamaindex/core/node-parser';
import {
  buildNodeFromSplits,
  type Metadata,
  NodeRelationship,
  TextNode,
} from '@llamaindex/core/schema';
import {
  type AdapterOptions,
  breadcrumbSeparator,
  createAdapterSplitter,
  type MetadataFormat,
  placementOf,
  type StructuredPlacement,
} from './options.js';

export type { MetadataFormat } from './options.js';

import { headerOf } from '../chunk/context.js';
import { wantsParents } from '../options.js';
import type { Chunk, Chunkdown, ChunkParent } from '../types.js';

export { breadcrumbSeparator };

/**
 * Options of {@link ChunkdownNodeParser}: chunkdown's options, with `chunkSize` optional
 * (LlamaIndex's default, 1024, in chunkdown's size unit), `chunkOverlap` as LlamaIndex's name
 * for `overlap`, and the two switches every LlamaIndex node parser has.
 */
export interface ChunkdownNodeParserOptions extends AdapterOptions {
  /**
   * Copy each document's metadata into its nodes, and add `breadcrumbs` and `chunkId`. Default
   * `true`. Without it, nodes have no metadata but `context` (with `context: true`).
   */
  includeMetadata?: boolean | undefined;
  /** Link each node to the previous and next node of its document. Default `true`. */
  includePrevNextRel?: boolean | undefined;
  /**
   * The `id_` of a node, from its chunk's id and its document. Default: the chunk id itself,
   * which is stable from run to run but the same for the same chunk under the same headings in
   * two documents; give a stable key of the document to tell them apart, such as
   * `(id, document) => \`${document.id_}#${id}\`` for documents from LlamaIndex's file readers
   * (which set `id_` from the file path). A `Document` made without an `id_` gets a random one on
   * every run, so its `id_` is no stable prefix. It must return a non-empty string.
   */
  nodeId?: ((chunkId: string, document: TextNode) => string) | undefined;
}

/**
 * Metadata of a node, flat (the default): its document's metadata, plus `breadcrumbs` and
 * `chunkId` (and `containers`, `context`), every value a string. No lists: LlamaIndex's vector
 * stores check metadata with `validateIsFlat`, which refuses them (`headings`, a list, is in the
 * structured form).
 */
export type ChunkdownNodeMetadata = Metadata & {
  /**
   * The headings above the node's content that are not in its text, outermost first, joined
   * with ` › ` (`''` at the top of a document). One string, because LlamaIndex writes metadata
   * into the text it embeds as `key: value` lines and many vector stores take only flat values.
   * Left out of the embedded and LLM text with `context: true` (the `context` line holds them).
   */
  breadcrumbs: string;
  /**
   * The chunk's stable `id` (a hash of its heading path and text; see chunkdown's `Chunk.id`),
   * left out of the embedded and LLM text. The node's `id_` is it too, unless `nodeId` says
   * otherwise.
   */
  chunkId: string;
  /**
   * With `context: true`, when the chunk has a header: the header of its `embedText` (the
   * document's title › the breadcrumbs). LlamaIndex writes it above the text it embeds, as
   * `context: …`.
   */
  context?: string;
  /**
   * The docs-dialect containers the node sits in, outermost first, as one string (`note: Before
   * you start › TabItem: npm`), when it sits in any; left out of the embedded and LLM text with
   * `context: true` (the `context` line names them).
   */
  containers?: string;
};

/**
 * Metadata of a node with `metadataFormat: 'structured'`: `breadcrumbs` as `{ text, depth }`
 * objects, `headings` as a list of strings and `containers` as chunkdown's objects, all left out
 * of the embedded and LLM text (LlamaIndex would write the objects as `[object Object]`). The
 * vector stores that check metadata with LlamaIndex's `validateIsFlat` refuse it.
 */
export type ChunkdownStructuredNodeMetadata = Metadata &
  StructuredPlacement & {
    /** The chunk's stable `id`, as in {@link ChunkdownNodeMetadata}. */
    chunkId: string;
    /** As in {@link ChunkdownNodeMetadata}. */
    context?: string;
  };

/** Metadata keys chunkdown adds that are never embedded nor shown to the LLM. */
const hiddenKeys = ['chunkId'];

/**
 * Also hidden with `context: true` (the `context` line says them) and in structured metadata
 * (objects, which LlamaIndex cannot write as text).
 */
const hiddenWithContext = ['chunkId', 'headings', 'breadcrumbs', 'containers'];

/** Metadata keys of a parent node that are never embedded nor shown to the LLM. */
const parentHidden = ['parentId'];

/**
 * A `NodeParser` (a `TextSplitter`) from `@llamaindex/core` that splits markdown with chunkdown.
 *
 * - `getNodesFromDocuments` (and calling the parser as a transformation, as an ingestion
 *   pipeline does) gives one `TextNode` per chunk, built as LlamaIndex's own parsers build
 *   them: the document's `excludedEmbedMetadataKeys`, `excludedLlmMetadataKeys`, separator and
 *   template are kept, and the `SOURCE` relationship points to the document.
 * - A node's `id_` is its chunk's id (LlamaIndex's parsers give random ones), so it stays the
 *   same from run to run while the chunk's headings and text do: a store that upserts by `id_`
 *   embeds only the nodes whose `id_` is new, and deletes those whose `id_` is gone. It is not
 *   prefixed with the document's `id_`, which is random, new on every run, for a `Document` made
 *   without one; the same chunk under the same headings in two documents has the same `id_`,
 *   which `nodeId` can tell apart.
 * - `startCharIdx` and `endCharIdx` are chunkdown's source offsets into the document's `text`
 *   (`document.text.slice(node.startCharIdx, node.endCharIdx)` is the chunk's source), not found
 *   by searching the chunk text in the document: chunk text is normalized markdown, so it is not
 *   always a substring of the source.
 * - With `includeMetadata` (the default), each node's metadata is a copy of its document's plus
 *   `breadcrumbs` (the headings joined with ` › `), `chunkId` and, in docs-dialect containers,
 *   `containers` (one string): strings only, as LlamaIndex's vector stores require; without it,
 *   nodes have no metadata. `chunkId` is added to the node's `excludedEmbedMetadataKeys` and
 *   `excludedLlmMetadataKeys`. With `metadataFormat: 'structured'`, `breadcrumbs` and
 *   `containers` are chunkdown's objects and `headings` a list, all also excluded.
 * - With `context: true`, the LlamaIndex way: the node's text stays the chunk's text, and the
 *   header of its `embedText` goes into metadata as `context` (also without `includeMetadata`),
 *   which LlamaIndex writes above the text it embeds and shows the LLM (`context: Guide › Setup`);
 *   `breadcrumbs` is then excluded from both, so the headings are not said twice.
 * - With `includePrevNextRel` (the default), `PREVIOUS` and `NEXT` link the nodes of a document
 *   in order, once every node is complete, so the hashes they carry are the final ones.
 * - With the `parents` option, each node's `PARENT` relationship points to its section parent
 *   (and its metadata has `parentId`, the parent's chunkdown id); `getNodesWithParents` also
 *   gives the parent nodes, for a docstore.
 * - `splitText` returns exactly chunkdown's `splitText`. A blank document gives no nodes.
 */
export class ChunkdownNodeParser extends TextSplitter {
  /** The splitter. */
  readonly #splitter: Chunkdown;
  /** Whether chunks come with `embedText`. */
  readonly #context: boolean;
  /** The form of the metadata added to nodes. */
  readonly #metadataFormat: MetadataFormat;
  /** The `id_` of a node. */
  readonly #nodeId: (chunkId: string, document: TextNode) => string;
  /** Whether chunks come with section parents (option `parents`). */
  readonly #parents: boolean;

  /**
   * @param options chunkdown's options; `chunkSize` defaults to LlamaIndex's 1024, and
   *   `chunkOverlap` is accepted as another name for `overlap` (default 0).
   * @throws {TypeError | RangeError} When an option is invalid (see `chunkdown`), when `overlap`
   *   and `chunkOverlap` disagree, when `maxRawSize` is smaller than `chunkSize`, when
   *   `lengthFunction` is asynchronous, or when `nodeId` is not a function.
   */
  constructor(options?: ChunkdownNodeParserOptions | null) {
    const { includeMetadata, includePrevNextRel, nodeId, ...rest } = options ?? {};
    const { splitter, metadataFormat } = createAdapterSplitter(rest, {
      name: 'LlamaIndex',
      defaultChunkSize: DEFAULT_CHUNK_SIZE,
    });
    super();
    this.#splitter = splitter;
    this.#metadataFormat = metadataFormat;
    this.#context = rest.context === true;
    this.includeMetadata = flag(includeMetadata, 'includeMetadata');
    this.includePrevNextRel = flag(includePrevNextRel, 'includePrevNextRel');
    this.#nodeId = checkedNodeId(nodeId);
    this.#parents = wantsParents(rest.parents);
  }

  /** The target content size of a chunk, in the size unit. */
  get chunkSize(): number {
    return this.#splitter.chunkSize;
  }

  /**
   * Split markdown into chunk texts, exactly as chunkdown's `splitText`.
   *
   * @param text Markdown.
   * @returns The chunk texts, in source order.
   */
  splitText(text: string): string[] {
    return this.#splitter.splitText(text);
  }

  /**
   * Split each document (or node) into nodes, one per chunk, in order.
   *
   * @param documents Documents whose `text` is markdown.
   * @returns The nodes, document by document.
   */
  protected override parseNodes(documents: TextNode[]): TextNode[] {
    return documents.flatMap((document) => this.#nodesOf(document));
  }

  /**
   * Split documents into nodes, as `getNodesFromDocuments` does, and give the section parents
   * (option `parents`) as nodes too, for a docstore: a parent node's `id_` is made from the
   * parent's id as a node's is from its chunk's (`nodeId`), its text is the parent's text, its
   * `CHILD` relationship lists its nodes, and each node's `PARENT` relationship points to it.
   * Embed `nodes`; keep `parents` in a docstore, and return the parent of a node a search finds.
   *
   * @param documents Documents whose `text` is markdown.
   * @returns The nodes and their parents, document by document.
   * @throws {TypeError} When the parser was made without the `parents` option.
   */
  getNodesWithParents(documents: TextNode[]): { nodes: TextNode[]; parents: TextNode[] } {
    if (!this.#parents) {
      throw new TypeError(
        'Expected the `parents` option (`{ parents: { maxSize } }`) for `getNodesWithParents`',
      );
    }
    const parents: TextNode[] = [];
    const nodes = documents.flatMap((document) => this.#nodesOf(document, parents));
    return { nodes, parents };
  }

  /**
   * Leave the nodes as {@link ChunkdownNodeParser.parseNodes} made them. The base class would
   * search each node's text in its document for the offsets (chunk text is normalized, so it
   * may find another place or none), merge the metadata a second time, and link neighbours
   * before their metadata is final.
   *
   * @param nodes The parsed nodes.
   * @returns The same nodes.
   */
  protected override postProcessParsedNodes(nodes: TextNode[]): TextNode[] {
    return nodes;
  }

  #nodesOf(document: TextNode, parentsOut?: TextNode[]): TextNode[] {
    const { chunks, parents } = this.#splitter.split(document.text);
    const ids = chunks.map((chunk) => this.#nodeId(chunk.id, document));
    const nodes = buildNodeFromSplits(
      chunks.map((chunk) => chunk.text),
      document,
      document,
      (index) => ids[index] as string,
    );
    nodes.forEach((node, index) => {
      const chunk = chunks[index] as Chunk;
      // Set here, not in the constructor, which drops a start of 0.
      node.startCharIdx = chunk.start;
      node.endCharIdx = chunk.end;
      const header = headerOf(chunk);
      const metadata: Metadata = this.includeMetadata
        ? { ...document.metadata, ...this.#placement(chunk), chunkId: chunk.id }
        : {};
      if (header !== '') metadata.context = header;
      node.metadata = metadata;
      if (this.includeMetadata) {
        const hidden =
          this.#context || this.#metadataFormat === 'structured' ? hiddenWithContext : hiddenKeys;
        node.excludedEmbedMetadataKeys = union(node.excludedEmbedMetadataKeys, hidden);
        node.excludedLlmMetadataKeys = union(node.excludedLlmMetadataKeys, hidden);
      }
    });
    if (this.includePrevNextRel) {
      nodes.forEach((node, index) => {
        const previous = nodes[index - 1];
        const next = nodes[index + 1];
        node.relationships = {
          ...node.relationships,
          ...(previous ? { [NodeRelationship.PREVIOUS]: previous.asRelatedNodeInfo() } : {}),
          ...(next ? { [NodeRelationship.NEXT]: next.asRelatedNodeInfo() } : {}),
        };
      });
    }
    if (parents) this.#linkParents(document, chunks, nodes, parents, parentsOut);
    return nodes;
  }

  /**
   * Make the parent nodes of a document's nodes, point each node's `PARENT` relationship to its
   * parent, and give the parents to `out` when asked.
   */
  #linkParents(
    document: TextNode,
    chunks: readonly Chunk[],
    nodes: readonly TextNode[],
    parents: readonly ChunkParent[],
    out: TextNode[] | undefined,
  ): void {
    const byId = new Map<string, TextNode>();
    for (const parent of parents) {
      const node = new TextNode({
        id_: this.#nodeId(parent.id, document),
        text: parent.text,
        metadata: this.includeMetadata
          ? {
              ...document.metadata,
              // Where the parent sits, as a chunk's placement would say it (no containers).
              ...this.#placement({
                breadcrumbs: parent.breadcrumbs,
                containers: [],
              } as unknown as Chunk),
              parentId: parent.id,
            }
          : {},
        excludedEmbedMetadataKeys: union(document.excludedEmbedMetadataKeys, parentHidden),
        excludedLlmMetadataKeys: union(document.excludedLlmMetadataKeys, parentHidden),
        relationships: { [NodeRelationship.SOURCE]: document.asRelatedNodeInfo() },
      });
      node.startCharIdx = parent.start;
      node.endCharIdx = parent.end;
      byId.set(parent.id, node);
    }
    const children = new Map<TextNode, TextNode[]>();
    nodes.forEach((node, index) => {
      const parentId = (chunks[index] as Chunk).parentId;
      const parent = parentId === undefined ? undefined : byId.get(parentId);
      if (!parent) return;
      node.relationships = {
        ...node.relationships,
        [NodeRelationship.PARENT]: parent.asRelatedNodeInfo(),
      };
      if (this.includeMetadata) {
        node.metadata = { ...node.metadata, parentId };
        node.excludedEmbedMetadataKeys = union(node.excludedEmbedMetadataKeys, ['parentId']);
        node.excludedLlmMetadataKeys = union(node.excludedLlmMetadataKeys, ['parentId']);
      }
      children.set(parent, [...(children.get(parent) ?? []), node]);
    });
    for (const [parent, members] of children) {
      parent.relationships = {
        ...parent.relationships,
        [NodeRelationship.CHILD]: members.map((member) => member.asRelatedNodeInfo()),
      };
    }
    out?.push(...byId.values());
  }

  /**
   * Where a chunk sits, as node metadata. Flat, strings only: LlamaIndex's vector stores refuse
   * lists (`validateIsFlat`), so `headings` is left out and the containers are one string.
   */
  #placement(chunk: Chunk): Metadata {
    if (this.#metadataFormat === 'structured') return placementOf(chunk, 'structured');
    const { breadcrumbs, containers } = placementOf(chunk, 'flat');
    return containers
      ? { breadcrumbs, containers: containers.join(breadcrumbSeparator) }
      : { breadcrumbs };
  }
}

/** Keys of `a`, then those of `b` it lacks. */
function union(a: readonly string[], b: readonly string[]): string[] {
  return [...a, ...b.filter((key) => !a.includes(key))];
}

/**
 * Check the `nodeId` option, and wrap it so that it returns a string.
 *
 * @param nodeId The option.
 * @returns The `id_` of a node: the chunk id when the option is not given.
 * @throws {TypeError} When it is given and not a function; its wrapper, when it returns no string.
 */
function checkedNodeId(nodeId: unknown): (chunkId: string, document: TextNode) => string {
  if (nodeId === undefined) return (chunkId) => chunkId;
  if (typeof nodeId !== 'function') {
    throw new TypeError(
      `Expected a function \`(chunkId, document) => string\` for \`options.nodeId\`, not ${typeof nodeId}`,
    );
  }
  return (chunkId, document) => {
    const id: unknown = nodeId(chunkId, document);
    if (typeof id !== 'string' || id === '') {
      throw new TypeError(
        `Expected \`options.nodeId\` to return a non-empty string, not ${id === '' ? 'an empty string' : typeof id}`,
      );
    }
    return id;
  };
}

/**
 * Read a boolean switch, `true` when not given.
 *
 * @param value The option.
 * @param name Its name, for the message.
 * @returns The switch.
 * @throws {TypeError} When it is given and not a boolean.
 */
function flag(value: unknown, name: string): boolean {
  if (value === undefined) return true;
  if (typeof value !== 'boolean') {
    throw new TypeError(
      `Expected \`true\` or \`false\` for \`options.${name}\`, not ${typeof value}`,
    );
  }
  return value;
}
