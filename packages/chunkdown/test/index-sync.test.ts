import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { DocumentInterface } from '@langchain/core/documents';
import { Document as LangChainDocument } from '@langchain/core/documents';
import type { EmbeddingsInterface } from '@langchain/core/embeddings';
import { index, type ListKeyOptions, type RecordManagerInterface } from '@langchain/core/indexing';
import { FakeEmbeddings } from '@langchain/core/utils/testing';
import { VectorStore } from '@langchain/core/vectorstores';
import { BaseEmbedding } from '@llamaindex/core/embeddings';
import {
  type BaseNode,
  Document as LlamaDocument,
  MetadataMode,
  type TextNode,
} from '@llamaindex/core/schema';
import { KVDocumentStore } from '@llamaindex/core/storage/doc-store';
import { SimpleKVStore } from '@llamaindex/core/storage/kv-store';
import { BaseVectorStore, type VectorStoreQueryResult } from '@llamaindex/core/vector-store';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ChunkdownTextSplitter } from '../src/adapters/langchain.js';
import { ChunkdownNodeParser } from '../src/adapters/llamaindex.js';
import { chunkdown } from '../src/index.js';

// Index sync through the adapters (issue 26): a docs tree is indexed with a counting embedder,
// one paragraph is edited, and the tree is indexed again. Only the chunks whose id changed are
// embedded again, and nothing stale stays in the store. No database: the record manager, the
// vector stores and the embedders are small in-memory ones written here.

const options = { chunkSize: 120, context: true };

const licence = '## License\n\nMIT. Copy it, change it, sell it; keep the notice.\n';

/** The docs tree: several documents, a section that two of them share word for word. */
const tree: Record<string, string> = {
  'guide/install.md': `# Guide

## Requirements

You need Node.js 20 or later and about 50 MB of disk space. Nothing else has to be installed.

## Steps

Run the installer from the release page. It asks where to put the files, then copies them.

## Checking it

Run the command with \`--version\`. It prints the version and exits without touching anything.

${licence}`,
  'guide/use.md': `# Guide

## First run

Open the app and pick a folder. The app lists what it found and asks before changing it.

## Everyday work

Press the big button to sync. A sync takes a few seconds for a thousand files on a laptop.

${licence}`,
  'reference/settings.md': `# Settings

## \`folder\`

The folder to watch. Defaults to the folder the app was started in, and must exist.

## \`interval\`

How often to look for changes, in seconds. Defaults to 60; lower values cost battery.
`,
  'faq.md': `# FAQ

## Is it free?

Yes, for everyone, forever. There is no paid plan, and there will not be one.

## Does it phone home?

No. It never opens a network connection of its own accord, not even to look for updates.
`,
};

const edit = {
  file: 'guide/use.md',
  from: 'A sync takes a few seconds for a thousand files on a laptop.',
  to: 'A sync of a thousand files takes two seconds on a laptop.',
};

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'chunkdown-index-sync-'));
  for (const [file, text] of Object.entries(tree)) writeTree(file, text);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

function writeTree(file: string, text: string) {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
}

/** The tree's files and their text, read from disk as a loader would. */
function readTree(): Array<{ file: string; text: string }> {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => ({
      file: relative(root, join(root, file)),
      text: readFileSync(join(root, file), 'utf8'),
    }));
}

function editParagraph() {
  const path = join(root, edit.file);
  const text = readFileSync(path, 'utf8');
  expect(text).toContain(edit.from);
  writeFileSync(path, text.replace(edit.from, edit.to));
}

/**
 * The chunks of the tree as chunkdown splits it now, by `file#id`: the text they embed (as
 * LangChain's `pageContent`), or their text (as LlamaIndex's node `text`).
 */
function expectedChunks(field: 'embedText' | 'text' = 'embedText'): Map<string, string> {
  const splitter = chunkdown(options);
  const chunks = new Map<string, string>();
  for (const { file, text } of readTree()) {
    for (const chunk of splitter.split(text).chunks) {
      chunks.set(`${file}#${chunk.id}`, chunk[field] ?? chunk.text);
    }
  }
  return chunks;
}

/** Keys of `after` that `before` lacks. */
const missingFrom = (before: Map<string, string>, after: Map<string, string>) =>
  [...after.keys()].filter((key) => !before.has(key));

describe('the tree and the edit', () => {
  test('editing one paragraph changes one chunk of the tree', () => {
    const before = expectedChunks();
    editParagraph();
    const after = expectedChunks();
    expect(before.size).toBeGreaterThanOrEqual(10);
    expect(missingFrom(before, after)).toHaveLength(1);
    expect(missingFrom(after, before)).toHaveLength(1);
  });
});

// LangChain: `index()` from `@langchain/core/indexing` with a record manager.

/**
 * A record manager in memory. Its clock counts up by one on every call, so that every run of
 * `index()` starts after the last update of the previous one, and `listKeys` compares strictly:
 * with a clock in milliseconds, a run in the same millisecond as the last would delete what it
 * had just skipped.
 */
class MemoryRecordManager implements RecordManagerInterface {
  readonly records = new Map<string, { updatedAt: number; groupId: string | null }>();
  #clock = 0;

  async createSchema(): Promise<void> {}

  async getTime(): Promise<number> {
    this.#clock++;
    return this.#clock;
  }

  async update(
    keys: string[],
    { groupIds, timeAtLeast }: { groupIds?: (string | null)[]; timeAtLeast?: number } = {},
  ): Promise<void> {
    const now = await this.getTime();
    if (timeAtLeast !== undefined && now < timeAtLeast) throw new Error('the clock went back');
    keys.forEach((key, position) => {
      this.records.set(key, { updatedAt: now, groupId: groupIds?.[position] ?? null });
    });
  }

  async exists(keys: string[]): Promise<boolean[]> {
    return keys.map((key) => this.records.has(key));
  }

  async listKeys({ before, after, groupIds, limit }: ListKeyOptions = {}): Promise<string[]> {
    const keys = [...this.records]
      .filter(
        ([, record]) =>
          (before === undefined || record.updatedAt < before) &&
          (after === undefined || record.updatedAt > after) &&
          (!groupIds || groupIds.includes(record.groupId)),
      )
      .map(([key]) => key);
    return limit === undefined ? keys : keys.slice(0, limit);
  }

  async deleteKeys(keys: string[]): Promise<void> {
    for (const key of keys) this.records.delete(key);
  }
}

/** A vector store that stores under the ids it is given and deletes by id. */
class MapVectorStore extends VectorStore {
  readonly rows = new Map<string, { vector: number[]; document: DocumentInterface }>();

  _vectorstoreType(): string {
    return 'map';
  }

  async addVectors(
    vectors: number[][],
    documents: DocumentInterface[],
    { ids }: { ids?: string[] } = {},
  ): Promise<string[]> {
    return documents.map((document, position) => {
      const id = ids?.[position];
      if (id === undefined) throw new Error('index() gives an id to every document');
      this.rows.set(id, { vector: vectors[position] ?? [], document });
      return id;
    });
  }

  async addDocuments(documents: DocumentInterface[], options?: { ids?: string[] }) {
    const vectors = await this.embeddings.embedDocuments(documents.map((doc) => doc.pageContent));
    return this.addVectors(vectors, documents, options);
  }

  override async delete({ ids }: { ids: string[] }): Promise<void> {
    for (const id of ids) this.rows.delete(id);
  }

  async similaritySearchVectorWithScore(): Promise<[DocumentInterface, number][]> {
    return [];
  }
}

/** `FakeEmbeddings` that counts the texts it embeds. */
class CountingEmbeddings extends FakeEmbeddings implements EmbeddingsInterface {
  embedded = 0;

  override async embedDocuments(texts: string[]): Promise<number[][]> {
    this.embedded += texts.length;
    return super.embedDocuments(texts);
  }
}

describe('LangChain: index() with a record manager', () => {
  const splitter = new ChunkdownTextSplitter(options);
  const load = () =>
    splitter.splitDocuments(
      readTree().map(
        ({ file, text }) =>
          new LangChainDocument({ pageContent: text, metadata: { source: file } }),
      ),
    );
  const stored = (store: MapVectorStore) =>
    new Map(
      [...store.rows.values()].map(({ document }) => [
        `${document.metadata.source}#${document.metadata.chunkId}`,
        document.pageContent,
      ]),
    );

  test('re-embeds only the edited chunk, and deletes the one it replaces', async () => {
    const embeddings = new CountingEmbeddings();
    const vectorStore = new MapVectorStore(embeddings, {});
    const recordManager = new MemoryRecordManager();
    const run = async (cleanup: 'incremental' | 'full') => {
      const before = embeddings.embedded;
      const docsSource = await load();
      const result = await index({
        docsSource,
        recordManager,
        vectorStore,
        options: { cleanup, sourceIdKey: 'source' },
      });
      return { ...result, embedded: embeddings.embedded - before, chunks: docsSource.length };
    };

    const first = await run('incremental');
    const chunks = expectedChunks();
    expect(first).toEqual({
      numAdded: chunks.size,
      numUpdated: 0,
      numSkipped: 0,
      numDeleted: 0,
      embedded: chunks.size,
      chunks: chunks.size,
    });
    expect(stored(vectorStore)).toEqual(chunks);

    // Nothing changed: nothing embedded.
    expect(await run('incremental')).toMatchObject({
      numAdded: 0,
      numSkipped: chunks.size,
      embedded: 0,
    });

    editParagraph();
    const edited = await run('incremental');
    expect(edited).toMatchObject({
      numAdded: 1,
      numDeleted: 1,
      numSkipped: chunks.size - 1,
      embedded: 1,
    });
    expect(stored(vectorStore)).toEqual(expectedChunks());
    expect(recordManager.records.size).toBe(vectorStore.rows.size);

    // A deleted document: `cleanup: 'full'` deletes its chunks (an incremental cleanup only
    // looks at the sources it is given).
    const gone = readTree().find(({ file }) => file === 'faq.md');
    rmSync(join(root, 'faq.md'));
    const after = await run('full');
    const faqChunks = chunkdown(options).split(gone?.text ?? '').chunks.length;
    expect(after).toMatchObject({ numAdded: 0, numDeleted: faqChunks, embedded: 0 });
    expect(stored(vectorStore)).toEqual(expectedChunks());
  });

  test('the shared section is stored once per document: the source keeps them apart', async () => {
    const vectorStore = new MapVectorStore(new CountingEmbeddings(), {});
    await index({
      docsSource: await load(),
      recordManager: new MemoryRecordManager(),
      vectorStore,
    });
    const licences = [...vectorStore.rows.values()].filter(({ document }) =>
      document.pageContent.includes('MIT. Copy it'),
    );
    expect(licences.map(({ document }) => document.metadata.source).sort()).toEqual([
      'guide/install.md',
      'guide/use.md',
    ]);
    // Same headings above it, same text: the same chunk id in both.
    expect(new Set(licences.map(({ document }) => document.metadata.chunkId)).size).toBe(1);
  });
});

// LlamaIndex: nodes whose `id_` is stable, a document store and a vector store that upsert by
// `id_`. (`@llamaindex/core` has no ingestion pipeline; this is the node-level sync one runs.)

/** An embedding model that counts the texts it embeds. */
class CountingEmbedding extends BaseEmbedding {
  embedded = 0;

  // biome-ignore lint/complexity/noUselessConstructor: public, where BaseEmbedding's is protected.
  constructor() {
    super();
  }

  async getTextEmbedding(text: string): Promise<number[]> {
    this.embedded++;
    return [text.length, text.split(' ').length];
  }
}

/** A vector store in memory that upserts nodes by `id_` and deletes them by `id_`. */
class NodeVectorStore extends BaseVectorStore<Map<string, BaseNode>> {
  storesText = true;
  readonly nodes = new Map<string, BaseNode>();

  constructor(embedModel: BaseEmbedding) {
    super({ embedModel });
  }

  client(): Map<string, BaseNode> {
    return this.nodes;
  }

  async add(nodes: BaseNode[]): Promise<string[]> {
    for (const node of nodes) this.nodes.set(node.id_, node);
    return nodes.map((node) => node.id_);
  }

  async delete(refDocId: string): Promise<void> {
    for (const [id, node] of this.nodes)
      if (node.sourceNode?.nodeId === refDocId) this.nodes.delete(id);
  }

  async deleteNodes(ids: readonly string[]): Promise<void> {
    for (const id of ids) this.nodes.delete(id);
  }

  async query(): Promise<VectorStoreQueryResult> {
    return { nodes: [], similarities: [], ids: [] };
  }
}

describe('LlamaIndex: nodes with stable id_s, upserted by id_', () => {
  /**
   * Documents made without an `id_`, so LlamaIndex gives each a random one, new on every read;
   * the path is in `file_path` metadata, as LlamaIndex's file readers put it.
   */
  const load = () =>
    readTree().map(({ file, text }) => new LlamaDocument({ text, metadata: { file_path: file } }));

  /** One ingestion: parse, embed the nodes the stores lack, store them, drop the stale ones. */
  async function ingest(
    parser: ChunkdownNodeParser,
    stores: {
      docstore: KVDocumentStore;
      vectorStore: NodeVectorStore;
      embedModel: CountingEmbedding;
    },
  ) {
    const { docstore, vectorStore, embedModel } = stores;
    const before = embedModel.embedded;
    const nodes = parser.getNodesFromDocuments(load());
    const fresh: TextNode[] = [];
    for (const node of nodes) if (!(await docstore.documentExists(node.id_))) fresh.push(node);
    const vectors = await embedModel.getTextEmbeddingsBatch(
      fresh.map((node) => node.getContent(MetadataMode.EMBED)),
    );
    fresh.forEach((node, position) => {
      node.embedding = vectors[position];
    });
    await vectorStore.add(fresh);
    await docstore.addDocuments(fresh, true);
    const current = new Set(nodes.map((node) => node.id_));
    const stale = Object.keys(await docstore.docs()).filter((id) => !current.has(id));
    await vectorStore.deleteNodes(stale);
    for (const id of stale) await docstore.deleteDocument(id, false, false);
    return { nodes: nodes.length, embedded: embedModel.embedded - before, deleted: stale.length };
  }

  const keyed = new ChunkdownNodeParser({
    ...options,
    nodeId: (id, document) => `${document.metadata.file_path}#${id}`,
  });

  test('re-embeds only the edited node, and deletes the one it replaces', async () => {
    const embedModel = new CountingEmbedding();
    const stores = {
      docstore: new KVDocumentStore(new SimpleKVStore()),
      vectorStore: new NodeVectorStore(embedModel),
      embedModel,
    };
    const chunks = expectedChunks();
    expect(await ingest(keyed, stores)).toEqual({
      nodes: chunks.size,
      embedded: chunks.size,
      deleted: 0,
    });
    expect(await ingest(keyed, stores)).toEqual({ nodes: chunks.size, embedded: 0, deleted: 0 });

    editParagraph();
    expect(await ingest(keyed, stores)).toEqual({ nodes: chunks.size, embedded: 1, deleted: 1 });
    // What is stored is the tree as it is now, each node embedded from its current text.
    const now = expectedChunks('text');
    const stored = [...stores.vectorStore.nodes.values()] as TextNode[];
    expect(new Map(stored.map((node) => [node.id_, node.text]))).toEqual(now);
    for (const node of stored) {
      const text = node.getContent(MetadataMode.EMBED);
      expect(node.embedding).toEqual([text.length, text.split(' ').length]);
    }
    expect(Object.keys(await stores.docstore.docs()).sort()).toEqual([...now.keys()].sort());

    // A deleted document: its nodes are stale, and go.
    rmSync(join(root, 'faq.md'));
    const faqNodes = [...now.keys()].filter((key) => key.startsWith('faq.md#')).length;
    expect(await ingest(keyed, stores)).toEqual({
      nodes: chunks.size - faqNodes,
      embedded: 0,
      deleted: faqNodes,
    });
    expect(stores.vectorStore.nodes.size).toBe(chunks.size - faqNodes);
  });

  test('by default id_ is the bare chunk id: stable, and shared by the same chunk in two documents', async () => {
    const plain = new ChunkdownNodeParser(options);
    const first = plain.getNodesFromDocuments(load());
    const again = plain.getNodesFromDocuments(load());
    expect(again.map((node) => node.id_)).toEqual(first.map((node) => node.id_));
    const licences = first.filter((node) => node.text.includes('MIT. Copy it'));
    expect(licences).toHaveLength(2);
    expect(licences[0]?.id_).toBe(licences[1]?.id_);
    expect(licences[0]?.sourceNode?.nodeId).not.toBe(licences[1]?.sourceNode?.nodeId);
  });
});
