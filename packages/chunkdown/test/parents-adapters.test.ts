import { Document } from '@langchain/core/documents';
import { Embeddings } from '@langchain/core/embeddings';
import { InMemoryStore } from '@langchain/core/stores';
import { FakeVectorStore } from '@langchain/core/utils/testing';
import {
  Document as LlamaDocument,
  NodeRelationship,
  type TextNode,
} from '@llamaindex/core/schema';
import { MDocument } from '@mastra/rag';
import { describe, expect, test } from 'vitest';
import { ChunkdownTextSplitter } from '../src/adapters/langchain.js';
import { ChunkdownNodeParser } from '../src/adapters/llamaindex.js';
import { chunkMDocument } from '../src/adapters/mastra.js';
import { chunkdown } from '../src/index.js';

// Section parents through the adapters (issue 43): every chunk document or node carries its
// parent, and the parents come as documents or nodes for a docstore.

const markdown = `# Server

## Factory

Creates a server. It takes an options object and returns an instance you can register plugins on.

### bodyLimit

The largest request body the server accepts, in bytes. Defaults to 1 MiB. A larger body is refused with status 413.

### logger

Turns logging on. Pass \`true\` for the default logger, or an object of pino options.
`;

const options = { chunkSize: 80, parents: { maxSize: 200 } };
const library = chunkdown(options).split(markdown);
const libraryParents = library.parents ?? [];

describe('LangChain', () => {
  test('chunk documents carry metadata.parentId; the parents come as documents', async () => {
    const splitter = new ChunkdownTextSplitter(options);
    const source = new Document({ pageContent: markdown, metadata: { source: 'server.md' } });
    const { documents, parents } = await splitter.splitDocumentsWithParents([source]);
    expect(documents.map((document) => document.metadata.parentId)).toEqual(
      library.chunks.map((chunk) => chunk.parentId),
    );
    expect(parents.map((parent) => [parent.id, parent.pageContent])).toEqual(
      libraryParents.map((parent) => [parent.id, parent.text]),
    );
    expect(parents[1]?.metadata).toEqual({
      source: 'server.md',
      breadcrumbs: 'Server › Factory',
      headings: ['Server', 'Factory'],
      parentId: libraryParents[1]?.id,
    });
    // The same chunk documents as splitDocuments, which also carry parentId.
    expect(await splitter.splitDocuments([source])).toEqual(documents);
    // Structured metadata: breadcrumbs as objects, and loc.
    const structured = new ChunkdownTextSplitter({ ...options, metadataFormat: 'structured' });
    const { parents: located } = await structured.createDocumentsWithParents([markdown]);
    expect(located[1]?.metadata.loc).toMatchObject({
      start: libraryParents[1]?.start,
      end: libraryParents[1]?.end,
    });
    expect(located[1]?.metadata.breadcrumbs).toEqual(libraryParents[1]?.breadcrumbs);
  });

  test('without the parents option there is no parentId, and asking for parents is an error', async () => {
    const splitter = new ChunkdownTextSplitter({ chunkSize: 80 });
    const documents = await splitter.createDocuments([markdown]);
    expect(documents.some((document) => 'parentId' in document.metadata)).toBe(false);
    await expect(splitter.createDocumentsWithParents([markdown])).rejects.toThrow(
      /Expected the `parents` option/,
    );
    // `parents: false` is off, as `context: false` is.
    const off = new ChunkdownTextSplitter({ chunkSize: 80, parents: false });
    expect((await off.createDocuments([markdown])).map((document) => document.pageContent)).toEqual(
      documents.map((document) => document.pageContent),
    );
    await expect(off.createDocumentsWithParents([markdown])).rejects.toThrow(
      /Expected the `parents` option/,
    );
  });

  test('a parent-child flow: search the chunks, return their parents from a docstore', async () => {
    /** Counts of words: enough for the right chunk to be the nearest, offline. */
    class WordCounts extends Embeddings {
      constructor() {
        super({});
      }
      #vector(text: string): number[] {
        const words = ['body', 'request', 'logging', 'server', 'plugins', 'pino', 'status'];
        const lower = text.toLowerCase();
        return words.map((word) => lower.split(word).length - 1 + 0.01);
      }
      async embedDocuments(texts: string[]) {
        return texts.map((text) => this.#vector(text));
      }
      async embedQuery(text: string) {
        return this.#vector(text);
      }
    }
    const splitter = new ChunkdownTextSplitter(options);
    const { documents, parents } = await splitter.createDocumentsWithParents([markdown]);
    const vectorStore = new FakeVectorStore(new WordCounts());
    await vectorStore.addDocuments(documents);
    const docstore = new InMemoryStore<Document>();
    await docstore.mset(parents.map((parent) => [parent.id as string, parent]));
    const hits = await vectorStore.similaritySearch('request body status', 1);
    const found = await docstore.mget([hits[0]?.metadata.parentId]);
    expect(found[0]?.pageContent.startsWith('### bodyLimit')).toBe(true);
    expect(found[0]?.pageContent).toContain('refused with status 413');
    expect(found[0]?.pageContent.length).toBeGreaterThan(hits[0]?.pageContent.length ?? 0);
  });
});

describe('LlamaIndex', () => {
  test('nodes get a PARENT relationship; the parents come as nodes with CHILD relationships', () => {
    const parser = new ChunkdownNodeParser(options);
    const document = new LlamaDocument({ text: markdown, id_: 'server.md' });
    const { nodes, parents } = parser.getNodesWithParents([document]);
    expect(nodes.map((node) => node.id_)).toEqual(library.chunks.map((chunk) => chunk.id));
    expect(parents.map((parent) => [parent.id_, parent.text])).toEqual(
      libraryParents.map((parent) => [parent.id, parent.text]),
    );
    const byId = new Map(parents.map((parent) => [parent.id_, parent]));
    nodes.forEach((node, index) => {
      const related = node.relationships[NodeRelationship.PARENT];
      const parentId = library.chunks[index]?.parentId;
      expect(related).toMatchObject({ nodeId: parentId });
      expect(node.metadata.parentId).toBe(parentId);
      expect(node.excludedEmbedMetadataKeys).toContain('parentId');
      const parent = byId.get(parentId as string) as TextNode;
      expect(parent.text).toContain(node.text);
      const children = parent.relationships[NodeRelationship.CHILD];
      expect(Array.isArray(children) && children.some((child) => child.nodeId === node.id_)).toBe(
        true,
      );
    });
    expect(parents[0]?.relationships[NodeRelationship.SOURCE]).toMatchObject({
      nodeId: 'server.md',
    });
    expect([parents[1]?.startCharIdx, parents[1]?.endCharIdx]).toEqual([
      libraryParents[1]?.start,
      libraryParents[1]?.end,
    ]);
    // getNodesFromDocuments gives the same nodes, with the same PARENT relationships.
    const plain = parser.getNodesFromDocuments([document]);
    expect(plain.map((node) => node.relationships[NodeRelationship.PARENT])).toEqual(
      nodes.map((node) => node.relationships[NodeRelationship.PARENT]),
    );
  });

  test('nodeId makes the parent ids too; without parents, no PARENT and an error', () => {
    const parser = new ChunkdownNodeParser({
      ...options,
      nodeId: (id, document) => `${document.id_}#${id}`,
    });
    const { nodes, parents } = parser.getNodesWithParents([
      new LlamaDocument({ text: markdown, id_: 'server.md' }),
    ]);
    expect(parents[0]?.id_).toBe(`server.md#${libraryParents[0]?.id}`);
    expect(nodes[0]?.relationships[NodeRelationship.PARENT]).toMatchObject({
      nodeId: parents[0]?.id_,
    });
    const plain = new ChunkdownNodeParser({ chunkSize: 80 });
    const without = plain.getNodesFromDocuments([new LlamaDocument({ text: markdown })]);
    expect(without.some((node) => NodeRelationship.PARENT in node.relationships)).toBe(false);
    expect(() => plain.getNodesWithParents([])).toThrow(/Expected the `parents` option/);
    const off = new ChunkdownNodeParser({ chunkSize: 80, parents: false });
    expect(() => off.getNodesWithParents([])).toThrow(/Expected the `parents` option/);
  });
});

describe('mastra', () => {
  test('chunks carry parentId in their metadata', () => {
    const chunks = chunkMDocument(MDocument.fromMarkdown(markdown), options);
    expect(chunks.map((chunk) => chunk.metadata.parentId)).toEqual(
      library.chunks.map((chunk) => chunk.parentId),
    );
    const plain = chunkMDocument(MDocument.fromMarkdown(markdown), { chunkSize: 80 });
    expect(plain.some((chunk) => 'parentId' in chunk.metadata)).toBe(false);
  });
});
