import { Document } from '@langchain/core/documents';
import { Document as LlamaDocument, MetadataMode } from '@llamaindex/core/schema';
import { describe, expect, test } from 'vitest';
import { ChunkdownTextSplitter } from '../src/adapters/langchain.js';
import { ChunkdownNodeParser } from '../src/adapters/llamaindex.js';
import { chunkdown } from '../src/index.js';
import { fromTokenizerJson } from '../src/tokenize/json.js';
import { wordPieceTokenizer } from './helpers/wordpiece.js';

/** A BERT-family tokenizer with e5's prefix: `passage: ` and `[CLS]` … `[SEP]` on every chunk. */
const length = fromTokenizerJson(wordPieceTokenizer(), { prefix: 'passage: ' });

const markdown = [
  '# Llamas',
  '',
  ...Array.from(
    { length: 8 },
    (_, index) =>
      `Paragraph ${index}: llamas are domesticated camelids from the Andes. They carry packs, give wool and guard sheep, and they hum when they are curious.`,
  ).flatMap((paragraph) => [paragraph, '']),
  '## Care',
  '',
  '| food | amount per day |',
  '| --- | --- |',
  ...Array.from({ length: 12 }, (_, index) => `| hay ${index} | ${index + 1} kg |`),
].join('\n');

describe('the adapters sized by a tokenizer.json', () => {
  test('LangChain: every pageContent is within maxRawSize as the model sees it', async () => {
    for (const context of [false, true]) {
      const splitter = new ChunkdownTextSplitter({
        chunkSize: 32,
        maxRawSize: 48,
        context,
        lengthFunction: length,
      });
      const docs = await splitter.splitDocuments([
        new Document({ pageContent: markdown, metadata: { source: 'llamas.md' } }),
      ]);
      expect(docs.length).toBeGreaterThan(4);
      for (const doc of docs) expect(length.modelLength(doc.pageContent)).toBeLessThanOrEqual(48);
      const chunks = chunkdown({
        chunkSize: 32,
        maxRawSize: 48,
        context,
        lengthFunction: length,
      }).split(markdown).chunks;
      expect(docs.map((doc) => doc.pageContent)).toEqual(
        chunks.map((chunk) => chunk.embedText ?? chunk.text),
      );
    }
  });

  test('LangChain: a lengthFunction set after construction keeps its reserve', async () => {
    const splitter = new ChunkdownTextSplitter({ chunkSize: 32, maxRawSize: 48 });
    splitter.lengthFunction = length;
    const texts = await splitter.splitText(markdown);
    for (const text of texts) expect(length.modelLength(text)).toBeLessThanOrEqual(48);
    expect(texts).toEqual(
      chunkdown({ chunkSize: 32, maxRawSize: 48, lengthFunction: length }).splitText(markdown),
    );
  });

  test('LlamaIndex: every node text is within maxRawSize as the model sees it', () => {
    const parser = new ChunkdownNodeParser({
      chunkSize: 32,
      maxRawSize: 48,
      lengthFunction: length,
      includeMetadata: false,
    });
    const nodes = parser.getNodesFromDocuments([new LlamaDocument({ text: markdown })]);
    expect(nodes.length).toBeGreaterThan(4);
    for (const node of nodes) {
      expect(length.modelLength(node.text)).toBeLessThanOrEqual(48);
      // Without metadata, the text LlamaIndex embeds is the node's text.
      expect(node.getContent(MetadataMode.EMBED)).toBe(node.text);
    }
  });
});
