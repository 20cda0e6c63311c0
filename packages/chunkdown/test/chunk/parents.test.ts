import { describe, expect, test } from 'vitest';
import { createChunk } from '../../src/chunk/chunk.js';
import {
  attachParents,
  parentId,
  type SectionSpan,
  sectionSpans,
} from '../../src/chunk/parents.js';
import type { Chunk } from '../../src/types.js';

/** A chunk of `size` content characters at `start`. */
function chunkAt(start: number, size: number, text = `text at ${start}`): Chunk {
  return createChunk({ text, start, end: start + size, contentSize: size, rawSize: size });
}

const span = (
  start: number,
  end: number,
  depth: number,
  subsections: SectionSpan[] = [],
): SectionSpan => ({ start, end, depth, subsections });

describe('sectionSpans', () => {
  /** A section as the section tree gives it: `blocks` of content before its `subsections`. */
  interface TreeSection {
    depth: number;
    heading: { position: { start: { offset: number } } | undefined } | undefined;
    blocks: unknown[];
    subsections: TreeSection[];
  }
  const section = (
    depth: number,
    offset: number | undefined,
    blocks: number,
    subsections: TreeSection[] = [],
  ): TreeSection => ({
    depth,
    heading:
      depth === 0
        ? undefined
        : { position: offset === undefined ? undefined : { start: { offset } } },
    blocks: Array.from({ length: blocks }, () => ({})),
    subsections,
  });
  const documentOf = (...subsections: TreeSection[]) => section(0, undefined, 0, subsections);

  test('a section ends where the next one of its list begins, the last where its parent ends', () => {
    const document = documentOf(
      section(1, 0, 1, [section(2, 10, 1), section(2, 30, 1)]),
      section(1, 50, 1),
    );
    expect(sectionSpans(document, 80)).toEqual(
      span(0, 80, 0, [span(0, 50, 1, [span(10, 30, 2), span(30, 50, 2)]), span(50, 80, 1)]),
    );
  });
  test('a section with nothing under it is part of the next one, the last of the one before', () => {
    const document = documentOf(
      section(1, 0, 1, [
        section(2, 10, 0),
        section(2, 20, 1),
        section(2, 40, 1),
        section(2, 60, 0),
      ]),
    );
    expect(sectionSpans(document, 80)).toEqual(
      span(0, 80, 0, [span(0, 80, 1, [span(10, 40, 2), span(40, 80, 2)])]),
    );
  });
  test('a heading without an offset leaves its subsections to the section around it', () => {
    const document = documentOf(section(1, undefined, 0, [section(2, 20, 0)]));
    expect(sectionSpans(document, 40)).toEqual(span(0, 40, 0, [span(20, 40, 2)]));
  });
  test('a section with nothing before its first subsection lends it its heading', () => {
    // `# Server` then at once `## Factory`: the chunk that starts at `# Server` is Factory's.
    const document = documentOf(section(1, 0, 0, [section(2, 10, 1), section(2, 30, 1)]));
    expect(sectionSpans(document, 50)).toEqual(
      span(0, 50, 0, [span(0, 50, 1, [span(0, 30, 2), span(30, 50, 2)])]),
    );
  });
});

describe('attachParents', () => {
  test('a document that fits is one parent: its chunks joined by a blank line', () => {
    const chunks = [chunkAt(0, 40, '# A\n\none'), chunkAt(42, 40, 'two')];
    const { chunks: parented, parents } = attachParents(chunks, span(0, 82, 0), 100, 0);
    expect(parents).toEqual([
      {
        id: parentId({ breadcrumbs: [], text: '# A\n\none\n\ntwo' }),
        text: '# A\n\none\n\ntwo',
        breadcrumbs: [],
        start: 0,
        end: 82,
        contentSize: 80,
      },
    ]);
    expect(parented.map((chunk) => chunk.parentId)).toEqual([parents[0]?.id, parents[0]?.id]);
    // The chunks given are left alone.
    expect(chunks[0]).not.toHaveProperty('parentId');
  });

  test('a section too large gives each subsection that fits its own parent', () => {
    // Intro 0–20, section A 20–60 (two chunks), section B 60–100 (two chunks).
    const document = span(0, 100, 0, [span(0, 100, 1, [span(20, 60, 2), span(60, 100, 2)])]);
    const chunks = [
      chunkAt(0, 20),
      chunkAt(20, 20),
      chunkAt(40, 20),
      chunkAt(60, 20),
      chunkAt(80, 20),
    ];
    const { chunks: parented, parents } = attachParents(chunks, document, 50, 0);
    expect(parents.map((parent) => [parent.start, parent.end])).toEqual([
      [0, 20],
      [20, 60],
      [60, 100],
    ]);
    expect(parented.map((chunk) => parents.findIndex((p) => p.id === chunk.parentId))).toEqual([
      0, 1, 1, 2, 2,
    ]);
  });

  test('a section that fits is one parent, with the chunks of its subsections', () => {
    // Section 1 (0–60) fits in 100, but so does its subsection 1.1 (20–60): the chunks of 1.1
    // are still together under section 1, the whole of which fits.
    const document = span(0, 200, 0, [span(0, 60, 1, [span(20, 60, 2)]), span(60, 200, 1)]);
    const chunks = [chunkAt(0, 20), chunkAt(20, 40), chunkAt(60, 70), chunkAt(130, 70)];
    const { parents } = attachParents(chunks, document, 100, 0);
    expect(parents.map((parent) => [parent.start, parent.end])).toEqual([
      [0, 60],
      [60, 130],
      [130, 200],
    ]);
  });

  test('chunks in no subsection are cut into runs of at most maxSize, before a heading first', () => {
    const texts = ['a', 'b', '## C', 'd', 'e', 'f'];
    const chunks = texts.map((text, index) => chunkAt(index * 30, 30, text));
    const { parents } = attachParents(chunks, span(0, 180, 0), 100, 0);
    // 180 over 100: cut once before the heading (both sides ≥ 30 % of 100), then each side fits.
    expect(parents[1]?.text.startsWith('## C')).toBe(true);
    expect(parents[0]?.text).toBe('a\n\nb');
    for (const parent of parents) expect(parent.contentSize).toBeLessThanOrEqual(100);
    expect(parents.flatMap((parent) => parent.text.split('\n\n'))).toEqual(texts);
  });

  test('a chunk larger than maxSize alone is a parent of its own', () => {
    const chunks = [chunkAt(0, 30), chunkAt(30, 300), chunkAt(330, 30)];
    const { parents } = attachParents(chunks, span(0, 360, 0), 100, 0);
    expect(parents.map((parent) => parent.contentSize)).toEqual([30, 300, 30]);
  });

  test('repeats are numbered, and a parent id is never its chunk id', () => {
    const chunks = [chunkAt(0, 80, 'same'), chunkAt(80, 80, 'same')];
    const { parents } = attachParents(chunks, span(0, 160, 0), 100, 0);
    const id = parentId({ breadcrumbs: [], text: 'same' });
    expect(parents.map((parent) => parent.id)).toEqual([id, `${id}-2`]);
    expect(id).not.toBe(chunks[0]?.id);
  });

  test('offsets shifted by a byte order mark still find their sections', () => {
    const document = span(0, 100, 0, [span(0, 50, 1), span(50, 100, 1)]);
    const chunks = [chunkAt(1, 49), chunkAt(51, 49)];
    const { parents } = attachParents(chunks, document, 60, 1);
    expect(parents.map((parent) => [parent.start, parent.end])).toEqual([
      [1, 50],
      [51, 100],
    ]);
  });

  test('without sections (plain-text fallback) the document is the one section', () => {
    const chunks = [chunkAt(0, 60), chunkAt(60, 60), chunkAt(120, 60)];
    const { parents } = attachParents(chunks, undefined, 130, 0);
    expect(parents.map((parent) => parent.contentSize)).toEqual([60, 120]);
  });
});
