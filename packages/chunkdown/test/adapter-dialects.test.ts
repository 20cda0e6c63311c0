import { Document as LlamaDocument } from '@llamaindex/core/schema';
import { describe, expect, test } from 'vitest';
import { ChunkdownTextSplitter } from '../src/adapters/langchain.js';
import { ChunkdownNodeParser } from '../src/adapters/llamaindex.js';
import { auto } from '../src/syntax.js';

// Both adapters pass the `syntax` option through and report the containers (issue 25).

const markdown = `# Setup

:::warning[Back up first]
The upgrade rewrites the database schema. Take a backup before you start, and keep it for a week.
:::
`;

describe('docs dialects through the adapters', () => {
  test('LangChain: every piece of the warning says so in its metadata, and carries the chunk id', async () => {
    const splitter = new ChunkdownTextSplitter({ chunkSize: 60, syntax: auto() });
    const documents = await splitter.createDocuments([markdown]);
    const pieces = documents.filter((document) => document.metadata.containers);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) {
      expect(piece.pageContent).toMatch(/^(# Setup\n\n)?:::warning\[Back up first\]\n/);
      expect(piece.metadata.containers).toEqual(['warning: Back up first']);
      expect(piece.id).toBe(piece.metadata.chunkId);
    }
    const structured = await new ChunkdownTextSplitter({
      chunkSize: 60,
      syntax: auto(),
      metadataFormat: 'structured',
    }).createDocuments([markdown]);
    const structuredPieces = structured.filter((document) => document.metadata.containers);
    expect(structuredPieces.length).toBe(pieces.length);
    for (const piece of structuredPieces) {
      expect(piece.metadata.containers).toEqual([
        { kind: 'directive', name: 'warning', title: 'Back up first' },
      ]);
    }
  });

  test('LangChain without syntax: the colons are text, no containers', async () => {
    const documents = await new ChunkdownTextSplitter({ chunkSize: 60 }).createDocuments([
      markdown,
    ]);
    expect(documents.every((document) => document.metadata.containers === undefined)).toBe(true);
  });

  test('LlamaIndex: containers in metadata as one string, hidden from the embedded text with context', () => {
    const parser = new ChunkdownNodeParser({ chunkSize: 60, syntax: auto(), context: true });
    const nodes = parser.getNodesFromDocuments([new LlamaDocument({ text: markdown })]);
    const pieces = nodes.filter((node) => node.metadata.containers);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) {
      expect(piece.metadata.containers).toBe('warning: Back up first');
      expect(piece.excludedEmbedMetadataKeys).toContain('containers');
      expect(piece.metadata.context).toContain('Warning: Back up first');
    }
  });
});
