import { MDocument } from '@mastra/rag';
import { describe, expect, test } from 'vitest';
import { chunkMDocument, mastraChunkSize } from '../src/adapters/mastra.js';
import { chunkdown } from '../src/index.js';
import { directive } from '../src/syntax.js';
import { fromTokenizerJson } from '../src/tokenize/json.js';
import { wordPieceTokenizer } from './helpers/wordpiece.js';

const llamas = `---
title: Llamas
---

# Llamas

Llamas are domesticated camelids. They live in the Andes.

## Care

* Feed them hay.
* Give them water.

:::note[Wool]
Llamas are domesticated camelids. Their wool is soft.
:::
`;

describe('chunkMDocument', () => {
  test('gives mastra’s own chunk documents, one per chunk, with chunkdown’s text, id and offsets', async () => {
    const document = MDocument.fromMarkdown(llamas, { source: 'llamas.md' });
    const chunks = chunkMDocument(document, { chunkSize: 40, syntax: directive() });
    const expected = chunkdown({ chunkSize: 40, syntax: directive() }).split(llamas);
    // The class `MDocument.chunk` returns.
    const [theirs] = await MDocument.fromMarkdown('# A\n\nB').chunk({ strategy: 'markdown' });
    expect(chunks[0]?.constructor).toBe(theirs?.constructor);
    expect(
      chunks.map((chunk) => ({
        text: chunk.text,
        id: chunk.id_,
        start: chunk.startCharIdx,
        end: chunk.endCharIdx,
        metadata: chunk.metadata,
      })),
    ).toEqual(
      expected.chunks.map((chunk) => ({
        text: chunk.text,
        id: chunk.id,
        start: chunk.start,
        end: chunk.end,
        metadata: {
          source: 'llamas.md',
          id: chunk.id,
          breadcrumbs: chunk.breadcrumbs.map((crumb) => crumb.text).join(' › '),
          headings: chunk.breadcrumbs.map((crumb) => crumb.text),
          start: chunk.start,
          end: chunk.end,
          kind: expected.kind,
          ...(chunk.containers.length > 0 ? { containers: ['note: Wool'] } : {}),
        },
      })),
    );
    // A start of 0 is kept (mastra's constructor drops it).
    expect(chunkMDocument(MDocument.fromMarkdown('# A\n\nB'))[0]?.startCharIdx).toBe(0);
    expect(chunks.some((chunk) => chunk.metadata.containers)).toBe(true);
    // The document is left as it was.
    expect(document.getText()).toEqual([llamas]);
  });

  test('with context, the text to embed is embedText', () => {
    const chunks = chunkMDocument(MDocument.fromMarkdown(llamas), {
      chunkSize: 40,
      context: true,
    });
    const expected = chunkdown({ chunkSize: 40, context: true }).split(llamas).chunks;
    expect(chunks.map((chunk) => chunk.text)).toEqual(expected.map((chunk) => chunk.embedText));
    expect(chunks.some((chunk) => chunk.text.startsWith('Llamas › Care\n\n'))).toBe(true);
  });

  test('ids stay unique across the documents of one MDocument', () => {
    const document = new MDocument({
      docs: [
        { text: '# A\n\nSame paragraph.', metadata: { source: 'a.md' } },
        { text: '# A\n\nSame paragraph.', metadata: { source: 'b.md' } },
      ],
      type: 'markdown',
    });
    const chunks = chunkMDocument(document, { chunkSize: 100 });
    const id = chunkdown({ chunkSize: 100 }).split('# A\n\nSame paragraph.').chunks[0]?.id;
    expect(chunks.map((chunk) => [chunk.id_, chunk.metadata.source])).toEqual([
      [id, 'a.md'],
      [`${id}-2`, 'b.md'],
    ]);
  });

  test('the default size is mastra’s, chunkOverlap is overlap, and bad input is refused', () => {
    const long = `# Long\n\n${'A sentence of some words. '.repeat(300)}`;
    const chunks = chunkMDocument(MDocument.fromMarkdown(long));
    expect(chunks.map((chunk) => chunk.text)).toEqual(
      chunkdown({ chunkSize: mastraChunkSize }).splitText(long),
    );
    expect(
      chunkMDocument(MDocument.fromMarkdown(long), { chunkSize: 200, chunkOverlap: 40 }).map(
        (chunk) => chunk.text,
      ),
    ).toEqual(chunkdown({ chunkSize: 200, overlap: 40 }).splitText(long));
    expect(() => chunkMDocument('# a' as never)).toThrow('Expected a mastra `MDocument`');
    expect(() => chunkMDocument(MDocument.fromMarkdown('a'), { chunkSize: -1 })).toThrow(
      RangeError,
    );
  });

  test('sized by a tokenizer.json, every chunk is within the cap as the model sees it', () => {
    const length = fromTokenizerJson(wordPieceTokenizer(), { prefix: 'passage: ' });
    const long = `# Long\n\n${'A sentence of some words, said again. '.repeat(200)}`;
    const chunks = chunkMDocument(MDocument.fromMarkdown(long), {
      chunkSize: 40,
      maxRawSize: 48,
      lengthFunction: length,
    });
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) expect(length.modelLength(chunk.text)).toBeLessThanOrEqual(48);
  });

  test('metadataFormat: structured gives breadcrumbs with depths', () => {
    const doc = MDocument.fromMarkdown(llamas, { source: 'llamas.md' });
    const flat = chunkMDocument(doc, { chunkSize: 60 });
    const structured = chunkMDocument(doc, { chunkSize: 60, metadataFormat: 'structured' });
    const chunks = chunkdown({ chunkSize: 60 }).split(llamas).chunks;
    expect(structured.map((chunk) => chunk.metadata.breadcrumbs)).toEqual(
      chunks.map((chunk) => chunk.breadcrumbs),
    );
    expect(flat.map((chunk) => chunk.metadata.breadcrumbs)).toEqual(
      chunks.map((chunk) => chunk.breadcrumbs.map((crumb) => crumb.text).join(' › ')),
    );
    expect(structured.map((chunk) => chunk.metadata.headings)).toEqual(
      flat.map((chunk) => chunk.metadata.headings),
    );
  });
});
