import { readFileSync } from 'node:fs';
import { MarkdownNodeParser, NodeParser, TextSplitter } from '@llamaindex/core/node-parser';
import {
  Document,
  MetadataMode,
  NodeRelationship,
  type RelatedNodeInfo,
  type TextNode,
} from '@llamaindex/core/schema';
import { nodeToMetadata } from '@llamaindex/core/vector-store';
import { describe, expect, test } from 'vitest';
import { ChunkdownNodeParser } from '../src/adapters/llamaindex.js';
import { chunkdown } from '../src/index.js';
import { cl100k_base } from '../src/tokenize/tokenizers.js';

/** Real documents written elsewhere: READMEs of installed dependencies, and our example. */
const documents = [
  'node_modules/unified/readme.md',
  'node_modules/remark-gfm/readme.md',
  'node_modules/yaml/README.md',
  'examples/getting-started.md',
].map((path) => ({ path, text: readFileSync(new URL(`../${path}`, import.meta.url), 'utf8') }));

const llamas = `---
title: Llamas
---

# Llamas

Llamas are domesticated camelids. They live in the Andes.

## Care

* Feed them hay.
* Give them water.

## Wool

Llamas are domesticated camelids. Their wool is soft.
`;

const related = (node: TextNode, relationship: NodeRelationship) =>
  node.relationships[relationship] as RelatedNodeInfo | undefined;

describe('ChunkdownNodeParser', () => {
  test('is a LlamaIndex node parser and text splitter', () => {
    const parser = new ChunkdownNodeParser({ chunkSize: 100 });
    expect(parser).toBeInstanceOf(NodeParser);
    expect(parser).toBeInstanceOf(TextSplitter);
    expect([parser.includeMetadata, parser.includePrevNextRel]).toEqual([true, true]);
  });

  test('one node per chunk, with chunkdown’s text, offsets, breadcrumbs and id', () => {
    const document = new Document({ text: llamas, metadata: { source: 'llamas.md', page: 3 } });
    const nodes = new ChunkdownNodeParser({ chunkSize: 40 }).getNodesFromDocuments([document]);
    const chunks = chunkdown({ chunkSize: 40 }).split(llamas).chunks;
    expect(
      nodes.map((node) => ({
        text: node.text,
        start: node.startCharIdx,
        end: node.endCharIdx,
        metadata: node.metadata,
      })),
    ).toEqual(
      chunks.map((chunk) => ({
        text: chunk.text,
        start: chunk.start,
        end: chunk.end,
        metadata: {
          source: 'llamas.md',
          page: 3,
          breadcrumbs: chunk.breadcrumbs.map((crumb) => crumb.text).join(' › '),
          chunkId: chunk.id,
        },
      })),
    );
    expect(nodes.map((node) => node.metadata.breadcrumbs)).toEqual([
      '',
      'Llamas',
      'Llamas',
      'Llamas',
      'Llamas › Wool',
    ]);
    // The front matter is not a node, and the offsets point into the document's text.
    expect(nodes[0]?.text).toBe('# Llamas\n\nLlamas are domesticated camelids.');
    expect(llamas.slice(nodes[0]?.startCharIdx, nodes[0]?.endCharIdx)).toBe(
      '# Llamas\n\nLlamas are domesticated camelids.',
    );
  });

  test('offsets come from the source, not from searching the chunk text', () => {
    // The same words twice, and a list that chunkdown writes with `*` bullets: searching the
    // text (as the base class does) finds the first 'sentence here.' for both, and no list.
    const text =
      '# A\n\nThe same sentence here.\n\n# B\n\nThe same sentence here.\n\n- one\n- two\n';
    const nodes = new ChunkdownNodeParser({ chunkSize: 20 }).getNodesFromDocuments([
      new Document({ text }),
    ]);
    const sources = nodes.map((node) => text.slice(node.startCharIdx, node.endCharIdx));
    expect(sources).toEqual([
      '# A\n\nThe same',
      'sentence here.',
      '# B\n\nThe same',
      'sentence here.',
      '- one\n- two',
    ]);
    expect(nodes[4]?.text).toBe('* one\n* two');
    expect(nodes[3]?.startCharIdx).toBe(text.lastIndexOf('sentence here.'));
    // A node that starts the document starts at 0 (TextNode's constructor would drop a 0).
    expect(nodes[0]?.startCharIdx).toBe(0);
  });

  test('relationships: SOURCE, PREVIOUS and NEXT, as LlamaIndex’s own parsers set them', () => {
    const text = '# One\n\nFirst.\n\n# Two\n\nSecond.\n\n# Three\n\nThird.\n';
    const document = new Document({ text, id_: 'doc-1', metadata: { source: 'three.md' } });
    const ours = new ChunkdownNodeParser({ chunkSize: 10 }).getNodesFromDocuments([document]);
    const ids = chunkdown({ chunkSize: 10 })
      .split(text)
      .chunks.map((chunk) => chunk.id);
    const theirs = new MarkdownNodeParser().getNodesFromDocuments([document]);
    expect(ours).toHaveLength(3);
    // Which relationships each position has is what LlamaIndex's own parser gives.
    const kinds = (nodes: TextNode[]) =>
      nodes.map((node) => Object.keys(node.relationships).sort());
    expect(kinds(ours)).toEqual(kinds(theirs));
    expect(kinds(ours)).toEqual([
      ['NEXT', 'SOURCE'],
      ['NEXT', 'PREVIOUS', 'SOURCE'],
      ['PREVIOUS', 'SOURCE'],
    ]);
    for (const [index, node] of ours.entries()) {
      expect(related(node, NodeRelationship.SOURCE)).toEqual(document.asRelatedNodeInfo());
      expect(node.sourceNode?.nodeId).toBe('doc-1');
      const previous = ours[index - 1];
      const next = ours[index + 1];
      // Neighbours are linked once complete: their id, final metadata and final hash.
      if (previous) expect(node.prevNode).toEqual(previous.asRelatedNodeInfo());
      if (next) {
        expect(node.nextNode).toEqual({
          nodeId: next.id_,
          metadata: { source: 'three.md', breadcrumbs: '', chunkId: ids[index + 1] },
          hash: next.generateHash(),
        });
      }
    }
    expect(new Set(ours.map((node) => node.id_)).size).toBe(3);
  });

  test('a node’s id_ is its chunk’s id, the same from run to run; nodeId makes it another', () => {
    const document = () =>
      new Document({ text: llamas, metadata: { file_path: 'docs/llamas.md' } });
    const ids = chunkdown({ chunkSize: 40 })
      .split(llamas)
      .chunks.map((chunk) => chunk.id);
    const parser = new ChunkdownNodeParser({ chunkSize: 40 });
    const first = parser.getNodesFromDocuments([document()]);
    // Another run reads the documents again: they get other random id_s, the nodes do not.
    const again = parser.getNodesFromDocuments([document()]);
    expect(first.map((node) => node.id_)).toEqual(ids);
    expect(again.map((node) => node.id_)).toEqual(ids);
    expect(again[0]?.sourceNode?.nodeId).not.toBe(first[0]?.sourceNode?.nodeId);

    const keyed = new ChunkdownNodeParser({
      chunkSize: 40,
      nodeId: (id, source) => `${source.metadata.file_path}#${id}`,
    }).getNodesFromDocuments([document()]);
    expect(keyed.map((node) => node.id_)).toEqual(ids.map((id) => `docs/llamas.md#${id}`));
    // Neighbours link to the ids given.
    expect(keyed[0]?.nextNode?.nodeId).toBe(keyed[1]?.id_);
    expect(keyed[1]?.prevNode?.nodeId).toBe(keyed[0]?.id_);

    expect(() => new ChunkdownNodeParser({ nodeId: 'file_path' as never })).toThrow(
      'Expected a function `(chunkId, document) => string` for `options.nodeId`, not string',
    );
    const empty = new ChunkdownNodeParser({ nodeId: () => '' });
    expect(() => empty.getNodesFromDocuments([document()])).toThrow(
      'Expected `options.nodeId` to return a non-empty string, not an empty string',
    );
  });

  test('several documents: each keeps its metadata, neighbours stay within a document', () => {
    const first = new Document({ text: llamas, metadata: { source: 'a.md' } });
    const second = new Document({ text: documents[0]!.text, metadata: { source: 'b.md' } });
    const parser = new ChunkdownNodeParser({ chunkSize: 40 });
    const nodes = parser.getNodesFromDocuments([first, second]);
    const count = parser.getNodesFromDocuments([first]).length;
    expect(nodes.length).toBeGreaterThan(count + 1);
    expect(nodes.slice(0, count).every((node) => node.metadata.source === 'a.md')).toBe(true);
    expect(nodes.slice(count).every((node) => node.metadata.source === 'b.md')).toBe(true);
    expect(nodes[count - 1]?.nextNode).toBeUndefined();
    expect(nodes[count]?.prevNode).toBeUndefined();
    expect(nodes[count]?.sourceNode?.nodeId).toBe(second.id_);
    // The documents are not changed.
    expect(first.metadata).toEqual({ source: 'a.md' });
    nodes[0]!.metadata.source = 'changed';
    expect(nodes[1]?.metadata.source).toBe('a.md');
  });

  test('runs as a transformation, as an ingestion pipeline calls it', () => {
    const parser = new ChunkdownNodeParser({ chunkSize: 200 });
    const document = new Document({ text: llamas, id_: 'doc' });
    const nodes = parser([document]) as TextNode[];
    expect(nodes.map((node) => node.text)).toEqual(chunkdown({ chunkSize: 200 }).splitText(llamas));
    expect(typeof parser.id).toBe('string');
  });

  test('metadata is flat, as vector stores require, and reaches the embedded text', () => {
    const document = new Document({
      text: llamas,
      metadata: { source: 'llamas.md' },
      excludedLlmMetadataKeys: ['source'],
    });
    const nodes = new ChunkdownNodeParser({ chunkSize: 40 }).getNodesFromDocuments([document]);
    for (const node of nodes) {
      // Stores such as Astra, Azure AI Search and Cosmos DB refuse nested metadata.
      expect(() => nodeToMetadata(node, false, 'text', true)).not.toThrow();
      expect(node.excludedLlmMetadataKeys).toEqual(['source', 'chunkId']);
      expect(node.excludedEmbedMetadataKeys).toEqual(['chunkId']);
    }
    const care = nodes.find((node) => node.text.startsWith('## Care'));
    expect(care?.getContent(MetadataMode.EMBED)).toBe(
      'breadcrumbs: Llamas\nsource: llamas.md\n\n## Care\n\n* Feed them hay.\n* Give them water.',
    );
    expect(care?.getContent(MetadataMode.LLM)).toBe(
      'breadcrumbs: Llamas\n\n## Care\n\n* Feed them hay.\n* Give them water.',
    );
  });

  test('context: true, the LlamaIndex way: the header is embedded as metadata, the text stays', () => {
    const document = new Document({ text: llamas, metadata: { source: 'llamas.md' } });
    const parser = new ChunkdownNodeParser({ chunkSize: 40, context: true });
    const nodes = parser.getNodesFromDocuments([document]);
    const chunks = chunkdown({ chunkSize: 40, context: true }).split(llamas).chunks;
    expect(nodes.map((node) => node.text)).toEqual(chunks.map((chunk) => chunk.text));
    expect(nodes.map((node) => node.metadata.context)).toEqual([
      undefined,
      'Llamas',
      'Llamas',
      'Llamas',
      'Llamas › Wool',
    ]);
    for (const [index, node] of nodes.entries()) {
      const chunk = chunks[index]!;
      expect(node.metadata.chunkId).toBe(chunk.id);
      // What LlamaIndex embeds holds exactly chunkdown's embedText, below the document's metadata.
      const embedded = node.getContent(MetadataMode.EMBED);
      const header = node.metadata.context;
      expect(embedded).toBe(
        `${header === undefined ? '' : `context: ${header}\n`}source: llamas.md\n\n${chunk.text}`,
      );
      expect(node.getContent(MetadataMode.LLM)).toBe(embedded);
    }
    // Nodes without the document's metadata still carry the header.
    const bare = new ChunkdownNodeParser({ chunkSize: 40, context: true, includeMetadata: false });
    expect(bare.getNodesFromDocuments([document]).map((node) => node.metadata)).toEqual(
      nodes.map((node) => (node.metadata.context ? { context: node.metadata.context } : {})),
    );
  });

  test('includeMetadata and includePrevNextRel turn metadata and neighbours off', () => {
    const document = new Document({ text: llamas, metadata: { source: 'llamas.md' } });
    const nodes = new ChunkdownNodeParser({
      chunkSize: 40,
      includeMetadata: false,
      includePrevNextRel: false,
    }).getNodesFromDocuments([document]);
    expect(nodes.length).toBeGreaterThan(1);
    for (const node of nodes) {
      expect(node.metadata).toEqual({});
      expect(Object.keys(node.relationships)).toEqual(['SOURCE']);
    }
  });

  test('matches chunkdown on real documents, with options and in tokens', () => {
    for (const options of [
      { chunkSize: 300, maxOverflowRatio: 1.5 },
      { chunkSize: 200, overlap: 40 },
      { chunkSize: 120, lengthFunction: cl100k_base, maxRawSize: 400 },
    ]) {
      const parser = new ChunkdownNodeParser(options);
      const reference = chunkdown(options);
      for (const { path, text } of documents) {
        const chunks = reference.split(text).chunks;
        const nodes = parser.getNodesFromDocuments([new Document({ text })]);
        expect(chunks.length, path).toBeGreaterThan(1);
        expect(nodes.map((node) => [node.text, node.startCharIdx, node.endCharIdx])).toEqual(
          chunks.map((chunk) => [chunk.text, chunk.start, chunk.end]),
        );
        expect(parser.splitText(text)).toEqual(chunks.map((chunk) => chunk.text));
      }
    }
  });

  test('a blank document gives no nodes', () => {
    const parser = new ChunkdownNodeParser({ chunkSize: 100 });
    expect(parser.getNodesFromDocuments([new Document({ text: ' \n' })])).toEqual([]);
  });

  test('metadataFormat: structured gives breadcrumbs with depths and headings, kept out of the text', () => {
    const document = new Document({ text: llamas, metadata: { source: 'llamas.md' } });
    const nodes = new ChunkdownNodeParser({
      chunkSize: 40,
      metadataFormat: 'structured',
    }).getNodesFromDocuments([document]);
    const chunks = chunkdown({ chunkSize: 40 }).split(llamas).chunks;
    expect(nodes.map((node) => node.metadata)).toEqual(
      chunks.map((chunk) => ({
        source: 'llamas.md',
        breadcrumbs: chunk.breadcrumbs,
        headings: chunk.breadcrumbs.map((crumb) => crumb.text),
        chunkId: chunk.id,
      })),
    );
    const care = nodes.find((node) => node.text.startsWith('## Care'));
    expect(care?.getContent(MetadataMode.EMBED)).toBe(
      'source: llamas.md\n\n## Care\n\n* Feed them hay.\n* Give them water.',
    );
    // LlamaIndex's vector stores refuse it: its objects are not flat.
    expect(() => nodeToMetadata(care as TextNode, false, 'text', true)).toThrow(
      'Value for metadata breadcrumbs must not be another object',
    );
  });
});

describe('ChunkdownNodeParser options', () => {
  test('without options, LlamaIndex’s default size 1024 is used', () => {
    const text = documents[1]!.text;
    for (const parser of [
      new ChunkdownNodeParser(),
      new ChunkdownNodeParser(null),
      new ChunkdownNodeParser({}),
    ]) {
      expect(parser.chunkSize).toBe(1024);
      expect(parser.splitText(text)).toEqual(chunkdown({ chunkSize: 1024 }).splitText(text));
    }
  });

  test('chunkOverlap is chunkdown’s overlap', () => {
    const text = documents[0]!.text;
    expect(new ChunkdownNodeParser({ chunkSize: 300, chunkOverlap: 80 }).splitText(text)).toEqual(
      chunkdown({ chunkSize: 300, overlap: 80 }).splitText(text),
    );
  });

  test('bad options fail in the constructor, naming the option', () => {
    expect(() => new ChunkdownNodeParser({ chunkSize: -1 })).toThrow(/`options.chunkSize`/);
    expect(() => new ChunkdownNodeParser({ chunkSize: 1000, maxRawSize: 500 })).toThrow(
      /`options.maxRawSize` \(500\) to be at least `options.chunkSize` \(1000\)/,
    );
    expect(
      () => new ChunkdownNodeParser({ chunkSize: 100, overlap: 10, chunkOverlap: 20 }),
    ).toThrow(/`options.chunkOverlap` \(its LlamaIndex name\) to be equal, not 10 and 20/);
    expect(() => new ChunkdownNodeParser({ includeMetadata: 'yes' as never })).toThrow(
      /`true` or `false` for `options.includeMetadata`/,
    );
    expect(() => new ChunkdownNodeParser({ separator: ' ' } as never)).toThrow(
      /Unknown option `separator`/,
    );
    expect(() => new ChunkdownNodeParser({ lengthFunction: (async () => 1) as never })).toThrow(
      /synchronous/,
    );
  });
});
