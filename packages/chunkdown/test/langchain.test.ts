import { readFileSync } from 'node:fs';
import { BaseDocumentTransformer, Document } from '@langchain/core/documents';
import { TextSplitter } from '@langchain/textsplitters';
import { describe, expect, test } from 'vitest';
import { ChunkdownTextSplitter, langChainChunkSize } from '../src/adapters/langchain.js';
import { chunkdown } from '../src/index.js';
import { cl100k_base } from '../src/tokenize/tokenizers.js';
import type { Breadcrumb } from '../src/types.js';
import { full } from './helpers/corpus.js';

/** Real documents written elsewhere: READMEs of installed dependencies, and our example. */
const documents = [
  'node_modules/unified/readme.md',
  'node_modules/remark-gfm/readme.md',
  'node_modules/yaml/README.md',
  'node_modules/smol-toml/README.md',
  'examples/getting-started.md',
].map((path) => ({ path, text: readFileSync(new URL(`../${path}`, import.meta.url), 'utf8') }));

/** Line of an offset the way LangChain's base class counts it: 1 + line breaks before it. */
const lineBreaks = (text: string) => text.match(/\r\n|\r|\n/g)?.length ?? 0;

const llamas = `---
title: Llamas
---

# Llamas

Llamas are domesticated camelids. They live in the Andes.

## Care

Feed them hay. Give them water.

| food | amount |
| --- | --- |
| hay | 2 kg |
| water | 10 l |
`;

describe('ChunkdownTextSplitter', () => {
  test('is a LangChain text splitter and document transformer', () => {
    const splitter = new ChunkdownTextSplitter({ chunkSize: 100 });
    expect(splitter).toBeInstanceOf(TextSplitter);
    expect(splitter).toBeInstanceOf(BaseDocumentTransformer);
    expect(ChunkdownTextSplitter.lc_name()).toBe('ChunkdownTextSplitter');
  });

  test('splitText returns what chunkdown returns', async () => {
    const optionSets = [
      { chunkSize: 200 },
      { chunkSize: 500, maxOverflowRatio: 1.5, maxRawSize: 1200 },
      { chunkSize: 300, overlap: 60, minChunkSize: 40 },
      { chunkSize: 120, lengthFunction: cl100k_base },
    ];
    // By default each document at one option set, in turn; with FULL=1 at every one.
    for (const [set, options] of optionSets.entries()) {
      const splitter = new ChunkdownTextSplitter(options);
      const reference = chunkdown(options);
      const subset = documents.filter((_, index) => full || index % optionSets.length === set);
      for (const { path, text } of subset) {
        const expected = reference.splitText(text);
        expect(expected.length, path).toBeGreaterThan(1);
        expect(await splitter.splitText(text), `${path} ${JSON.stringify(options)}`).toEqual(
          expected,
        );
      }
    }
  });

  test('createDocuments keeps metadata and adds flat breadcrumbs, headings and chunkId', async () => {
    const splitter = new ChunkdownTextSplitter({ chunkSize: 40 });
    const docs = await splitter.createDocuments([llamas], [{ source: 'llamas.md', page: 7 }]);
    const ids = chunkdown({ chunkSize: 40 })
      .split(llamas)
      .chunks.map((chunk) => chunk.id);
    expect(docs.map((doc) => ({ pageContent: doc.pageContent, metadata: doc.metadata }))).toEqual([
      {
        pageContent: '# Llamas\n\nLlamas are domesticated camelids.',
        metadata: { source: 'llamas.md', page: 7, breadcrumbs: '', headings: [], chunkId: ids[0] },
      },
      {
        pageContent: 'They live in the Andes.',
        metadata: {
          source: 'llamas.md',
          page: 7,
          breadcrumbs: 'Llamas',
          headings: ['Llamas'],
          chunkId: ids[1],
        },
      },
      {
        pageContent: '## Care\n\nFeed them hay. Give them water.',
        metadata: {
          source: 'llamas.md',
          page: 7,
          breadcrumbs: 'Llamas',
          headings: ['Llamas'],
          chunkId: ids[2],
        },
      },
      {
        pageContent: '| food | amount |\n| - | - |\n| hay | 2 kg |\n| water | 10 l |',
        metadata: {
          source: 'llamas.md',
          page: 7,
          breadcrumbs: 'Llamas › Care',
          headings: ['Llamas', 'Care'],
          chunkId: ids[3],
        },
      },
    ]);
    // Every value is a string, a number or a list of strings.
    for (const doc of docs) {
      for (const value of Object.values(doc.metadata)) {
        expect(
          ['string', 'number'].includes(typeof value) ||
            (Array.isArray(value) && value.every((item) => typeof item === 'string')),
        ).toBe(true);
      }
    }
  });

  test('metadataFormat: structured adds breadcrumbs with depths and loc', async () => {
    const splitter = new ChunkdownTextSplitter({ chunkSize: 40, metadataFormat: 'structured' });
    const docs = await splitter.createDocuments([llamas], [{ source: 'llamas.md', page: 7 }]);
    const ids = chunkdown({ chunkSize: 40 })
      .split(llamas)
      .chunks.map((chunk) => chunk.id);
    expect(docs.every((doc) => doc instanceof Document)).toBe(true);
    expect(docs.map((doc) => ({ pageContent: doc.pageContent, metadata: doc.metadata }))).toEqual([
      {
        pageContent: '# Llamas\n\nLlamas are domesticated camelids.',
        metadata: {
          source: 'llamas.md',
          page: 7,
          breadcrumbs: [],
          headings: [],
          loc: { start: 23, end: 66, lines: { from: 5, to: 7 } },
          chunkId: ids[0],
        },
      },
      {
        pageContent: 'They live in the Andes.',
        metadata: {
          source: 'llamas.md',
          page: 7,
          breadcrumbs: [{ text: 'Llamas', depth: 1 }],
          headings: ['Llamas'],
          loc: { start: 67, end: 90, lines: { from: 7, to: 7 } },
          chunkId: ids[1],
        },
      },
      {
        pageContent: '## Care\n\nFeed them hay. Give them water.',
        metadata: {
          source: 'llamas.md',
          page: 7,
          breadcrumbs: [{ text: 'Llamas', depth: 1 }],
          headings: ['Llamas'],
          loc: { start: 92, end: 132, lines: { from: 9, to: 11 } },
          chunkId: ids[2],
        },
      },
      {
        pageContent: '| food | amount |\n| - | - |\n| hay | 2 kg |\n| water | 10 l |',
        metadata: {
          source: 'llamas.md',
          page: 7,
          breadcrumbs: [
            { text: 'Llamas', depth: 1 },
            { text: 'Care', depth: 2 },
          ],
          headings: ['Llamas', 'Care'],
          loc: { start: 134, end: 197, lines: { from: 13, to: 16 } },
          chunkId: ids[3],
        },
      },
    ]);
    // The offsets point into the source, front matter included.
    expect(docs.map((doc) => llamas.slice(doc.metadata.loc.start, doc.metadata.loc.end))).toEqual([
      '# Llamas\n\nLlamas are domesticated camelids.',
      'They live in the Andes.',
      '## Care\n\nFeed them hay. Give them water.',
      '| food | amount |\n| --- | --- |\n| hay | 2 kg |\n| water | 10 l |',
    ]);
  });

  test('loc and breadcrumbs match chunkdown on real documents', async () => {
    const splitter = new ChunkdownTextSplitter({
      chunkSize: 300,
      maxOverflowRatio: 1.5,
      metadataFormat: 'structured',
    });
    const flat = new ChunkdownTextSplitter({ chunkSize: 300, maxOverflowRatio: 1.5 });
    const reference = chunkdown({ chunkSize: 300, maxOverflowRatio: 1.5 });
    for (const { path, text } of documents) {
      const chunks = reference.split(text).chunks;
      const docs = await splitter.createDocuments([text], [{ source: path }]);
      expect(docs.map((doc) => doc.pageContent)).toEqual(chunks.map((chunk) => chunk.text));
      const flatDocs = await flat.createDocuments([text], [{ source: path }]);
      expect(flatDocs.map((doc) => [doc.metadata.breadcrumbs, doc.metadata.headings])).toEqual(
        chunks.map((chunk) => {
          const headings = chunk.breadcrumbs.map((crumb) => crumb.text);
          return [headings.join(' › '), headings];
        }),
      );
      docs.forEach((doc, index) => {
        const chunk = chunks[index]!;
        const { loc, breadcrumbs, source } = doc.metadata;
        expect(source).toBe(path);
        expect(breadcrumbs).toEqual(chunk.breadcrumbs);
        expect(doc.metadata.chunkId).toBe(chunk.id);
        expect([loc.start, loc.end]).toEqual([chunk.start, chunk.end]);
        const from = 1 + lineBreaks(text.slice(0, chunk.start));
        const to =
          from + lineBreaks(text.slice(chunk.start, chunk.end).replace(/(\r\n|\r|\n)$/, ''));
        expect(loc.lines, `${path} chunk ${index}`).toEqual({ from, to });
      });
    }
  });

  test('line numbers agree with LangChain when chunk texts are verbatim source', async () => {
    // Plain paragraphs serialize to themselves, so LangChain's own bookkeeping (which searches
    // each chunk text in the source) can run on the same chunks and must give the same lines.
    const text = `\n\n${Array.from(
      { length: 12 },
      (_, index) =>
        `Paragraph ${index} opens here. It goes on for a while,\nthen wraps onto a second line. It ends.`,
    ).join('\n\n')}\n`;
    const ours = new ChunkdownTextSplitter({ chunkSize: 70, metadataFormat: 'structured' });
    const texts = await ours.splitText(text);
    expect(texts.every((chunk) => text.includes(chunk))).toBe(true);
    class Fixed extends TextSplitter {
      override async splitText(): Promise<string[]> {
        return texts;
      }
    }
    const theirs = await new Fixed({ chunkSize: 70, chunkOverlap: 0 }).createDocuments([text]);
    const mine = await ours.createDocuments([text]);
    expect(mine.length).toBeGreaterThan(12);
    expect(mine.map((doc) => doc.metadata.loc.lines)).toEqual(
      theirs.map((doc) => doc.metadata.loc.lines),
    );
  });

  test('counts \\n, \\r\\n and \\r line endings', async () => {
    const splitter = new ChunkdownTextSplitter({ chunkSize: 30, metadataFormat: 'structured' });
    const lines = [
      '# One',
      '',
      'First paragraph,',
      'on two lines.',
      '',
      'Second paragraph.',
      '',
      '# Two',
      '',
      'Last.',
    ];
    for (const ending of ['\n', '\r\n', '\r']) {
      const docs = await splitter.createDocuments([lines.join(ending)]);
      expect(
        docs.map((doc) => [doc.pageContent, doc.metadata.loc.lines]),
        JSON.stringify(ending),
      ).toEqual([
        ['# One\n\nFirst paragraph,', { from: 1, to: 3 }],
        ['on two lines.', { from: 4, to: 4 }],
        ['Second paragraph.', { from: 6, to: 6 }],
        ['# Two\n\nLast.', { from: 8, to: 10 }],
      ]);
    }
  });

  test('splitDocuments splits an array of documents and keeps each one’s metadata', async () => {
    const input = [
      new Document({ pageContent: llamas, metadata: { source: 'a.md', loc: { pageNumber: 2 } } }),
      new Document({ pageContent: '', metadata: { source: 'empty.md' } }),
      new Document({
        pageContent: documents[0]!.text,
        metadata: { source: 'b.md', tags: ['x'], loc: 'not an object' },
      }),
    ];
    const before = structuredClone(input.map((doc) => doc.metadata));
    const splitter = new ChunkdownTextSplitter({ chunkSize: 400, metadataFormat: 'structured' });
    const docs = await splitter.splitDocuments(input);

    const first = await splitter.createDocuments([llamas]);
    const second = await splitter.createDocuments([documents[0]!.text]);
    expect(docs.map((doc) => doc.pageContent)).toEqual(
      [...first, ...second].map((doc) => doc.pageContent),
    );
    expect(docs.map((doc) => doc.metadata.source)).toEqual([
      ...first.map(() => 'a.md'),
      ...second.map(() => 'b.md'),
    ]);
    // A loader's `loc` is kept and extended; a `loc` that is not an object is replaced.
    for (const doc of docs.slice(0, first.length)) {
      expect(doc.metadata.loc.pageNumber).toBe(2);
    }
    for (const doc of docs.slice(first.length)) {
      expect(doc.metadata.tags).toEqual(['x']);
      expect(Object.keys(doc.metadata.loc).sort()).toEqual(['end', 'lines', 'start']);
    }
    // Inputs are untouched, and chunks do not share their `loc` or `breadcrumbs`.
    expect(input.map((doc) => doc.metadata)).toEqual(before);
    docs[0]!.metadata.loc.lines.from = -1;
    (docs[0]!.metadata.breadcrumbs as Breadcrumb[]).push({ text: 'x', depth: 1 });
    expect(docs[1]!.metadata.loc.lines.from).toBeGreaterThan(0);
    expect((await splitter.splitDocuments(input)).map((doc) => doc.metadata)).toEqual(
      (await splitter.splitDocuments(input)).map((doc) => doc.metadata),
    );
    expect(input.map((doc) => doc.metadata)).toEqual(before);
  });

  test('transformDocuments and invoke give what splitDocuments gives', async () => {
    const splitter = new ChunkdownTextSplitter({ chunkSize: 200 });
    const input = documents.map(
      ({ path, text }) => new Document({ pageContent: text, metadata: { source: path } }),
    );
    const expected = await splitter.splitDocuments(input);
    expect(await splitter.transformDocuments(input)).toEqual(expected);
    expect(await splitter.invoke(input)).toEqual(expected);
  });

  test('chunk headers work as in the base class', async () => {
    const splitter = new ChunkdownTextSplitter({ chunkSize: 40 });
    const docs = await splitter.createDocuments([llamas], [], {
      chunkHeader: 'DOCUMENT: llamas\n\n',
      appendChunkOverlapHeader: true,
    });
    const texts = await splitter.splitText(llamas);
    expect(docs.map((doc) => doc.pageContent)).toEqual(
      texts.map((text, index) => `DOCUMENT: llamas\n\n${index > 0 ? "(cont'd) " : ''}${text}`),
    );
  });

  test('context: true puts embedText into pageContent; splitText and the metadata stay', async () => {
    const plain = new ChunkdownTextSplitter({ chunkSize: 40 });
    const splitter = new ChunkdownTextSplitter({ chunkSize: 40, context: true });
    const reference = chunkdown({ chunkSize: 40, context: true }).split(llamas).chunks;
    const docs = await splitter.createDocuments([llamas], [{ source: 'llamas.md', id: 'doc-7' }]);
    expect(docs.map((doc) => doc.pageContent)).toEqual(reference.map((chunk) => chunk.embedText));
    expect(docs.map((doc) => doc.pageContent)).toEqual([
      '# Llamas\n\nLlamas are domesticated camelids.',
      'Llamas\n\nThey live in the Andes.',
      'Llamas\n\n## Care\n\nFeed them hay. Give them water.',
      'Llamas › Care\n\n| food | amount |\n| - | - |\n| hay | 2 kg |\n| water | 10 l |',
    ]);
    // The source document's own `id` is kept; the chunk's is `chunkId`.
    expect(docs.map((doc) => [doc.metadata.id, doc.metadata.chunkId])).toEqual(
      reference.map((chunk) => ['doc-7', chunk.id]),
    );
    expect(await splitter.splitText(llamas)).toEqual(await plain.splitText(llamas));
    const plainDocs = await plain.createDocuments([llamas]);
    expect(docs.map((doc) => doc.metadata.loc)).toEqual(plainDocs.map((doc) => doc.metadata.loc));
  });

  test('missing metadata counts as empty, blank texts give no documents', async () => {
    const splitter = new ChunkdownTextSplitter({ chunkSize: 40 });
    const docs = await splitter.createDocuments(['  \n', '# A\n\nb'], [{ source: 'blank' }]);
    expect(docs.map((doc) => doc.metadata)).toEqual([
      {
        breadcrumbs: '',
        headings: [],
        chunkId: chunkdown({ chunkSize: 40 }).split('# A\n\nb').chunks[0]?.id,
      },
    ]);
    await expect(splitter.splitText(42 as never)).rejects.toThrow(TypeError);
  });
});

describe('ChunkdownTextSplitter options', () => {
  test('base class fields hold what chunkdown uses', () => {
    const plain = new ChunkdownTextSplitter({ chunkSize: 100 });
    expect([plain.chunkSize, plain.chunkOverlap, plain.lengthFunction('abc')]).toEqual([100, 0, 3]);
    const tokens = new ChunkdownTextSplitter({
      chunkSize: 100,
      chunkOverlap: 20,
      lengthFunction: cl100k_base,
    });
    expect([tokens.chunkSize, tokens.chunkOverlap, tokens.lengthFunction]).toEqual([
      100,
      20,
      cl100k_base,
    ]);
  });

  test('chunkOverlap is chunkdown’s overlap', async () => {
    const text = documents[0]!.text;
    const viaLangChainName = await new ChunkdownTextSplitter({
      chunkSize: 300,
      chunkOverlap: 80,
    }).splitText(text);
    const overlapped = chunkdown({ chunkSize: 300, overlap: 80 }).splitText(text);
    expect(viaLangChainName).toEqual(overlapped);
    expect(
      await new ChunkdownTextSplitter({ chunkSize: 300, overlap: 80, chunkOverlap: 80 }).splitText(
        text,
      ),
    ).toEqual(overlapped);
  });

  test('changing a base class field takes effect on the next split', async () => {
    const text = documents[1]!.text;
    const splitter = new ChunkdownTextSplitter({ chunkSize: 500, maxOverflowRatio: 1.2 });
    splitter.chunkSize = 200;
    expect(await splitter.splitText(text)).toEqual(
      chunkdown({ chunkSize: 200, maxOverflowRatio: 1.2 }).splitText(text),
    );
    splitter.chunkOverlap = 50;
    splitter.lengthFunction = cl100k_base;
    expect(await splitter.splitText(text)).toEqual(
      chunkdown({
        chunkSize: 200,
        maxOverflowRatio: 1.2,
        overlap: 50,
        lengthFunction: cl100k_base,
      }).splitText(text),
    );
    splitter.chunkOverlap = 200;
    await expect(splitter.splitText(text)).rejects.toThrow(/`options.overlap` to be smaller/);
    splitter.chunkOverlap = 0;
    splitter.chunkSize = 0;
    await expect(splitter.splitText(text)).rejects.toThrow(/`options.chunkSize`/);
  });

  test('bad options fail in the constructor with chunkdown’s errors', () => {
    expect(() => new ChunkdownTextSplitter('big' as never)).toThrow(TypeError);
    expect(() => new ChunkdownTextSplitter({ chunkSize: -1 })).toThrow(RangeError);
    expect(() => new ChunkdownTextSplitter({ chunkSize: 100, chunkOverlap: 100 })).toThrow(
      /`options.overlap` to be smaller than `chunkSize`/,
    );
    expect(
      () => new ChunkdownTextSplitter({ chunkSize: 100, keepSeparator: true } as never),
    ).toThrow(/Unknown option `keepSeparator`/);
    expect(
      () => new ChunkdownTextSplitter({ chunkSize: 100, overlap: 10, chunkOverlap: 20 }),
    ).toThrow(/`options.overlap` and `options.chunkOverlap` .* to be equal, not 10 and 20/);
    expect(
      () => new ChunkdownTextSplitter({ chunkSize: 100, lengthFunction: 'tokens' as never }),
    ).toThrow(TypeError);
  });

  test('without options, or without chunkSize, LangChain’s default size 1000 is used', async () => {
    const text = documents[1]!.text;
    expect(text.length).toBeGreaterThan(5000);
    const expected = chunkdown({ chunkSize: 1000 }).splitText(text);
    expect(langChainChunkSize).toBe(
      new (class extends TextSplitter {
        override async splitText() {
          return [];
        }
      })().chunkSize,
    );
    for (const splitter of [
      new ChunkdownTextSplitter(),
      new ChunkdownTextSplitter(undefined),
      new ChunkdownTextSplitter(null),
      new ChunkdownTextSplitter({}),
      new ChunkdownTextSplitter({ chunkSize: undefined, maxOverflowRatio: 1 }),
    ]) {
      expect([splitter.chunkSize, splitter.chunkOverlap]).toEqual([1000, 0]);
      expect(await splitter.splitText(text)).toEqual(expected);
    }
    expect(
      await new ChunkdownTextSplitter({ maxOverflowRatio: 1.5, maxRawSize: 2000 }).splitText(text),
    ).toEqual(
      chunkdown({ chunkSize: 1000, maxOverflowRatio: 1.5, maxRawSize: 2000 }).splitText(text),
    );
  });

  test('a maxRawSize smaller than chunkSize is refused, naming both', async () => {
    const message =
      /Expected `options.maxRawSize` \(500\) to be at least `options.chunkSize` \(1000\)/;
    expect(() => new ChunkdownTextSplitter({ maxRawSize: 500 })).toThrow(message);
    expect(() => new ChunkdownTextSplitter({ chunkSize: 1000, maxRawSize: 500 })).toThrow(
      RangeError,
    );
    // Equal is fine, and so is a larger cap.
    expect(new ChunkdownTextSplitter({ chunkSize: 500, maxRawSize: 500 }).chunkSize).toBe(500);
    const splitter = new ChunkdownTextSplitter({ chunkSize: 400, maxRawSize: 500 });
    splitter.chunkSize = 1000;
    await expect(splitter.splitText('# a')).rejects.toThrow(message);
  });

  test('an asynchronous lengthFunction is refused', () => {
    const asyncLength = async (text: string) => text.length;
    expect(
      () => new ChunkdownTextSplitter({ chunkSize: 100, lengthFunction: asyncLength as never }),
    ).toThrow(/Expected a synchronous `\(text: string\) => number`/);
    const splitter = new ChunkdownTextSplitter({ chunkSize: 100 });
    splitter.lengthFunction = asyncLength;
    return expect(splitter.splitText('# a')).rejects.toThrow(/synchronous/);
  });
});
