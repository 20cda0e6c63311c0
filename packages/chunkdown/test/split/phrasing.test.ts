import type { Paragraph } from 'mdast';
import { describe, expect, test } from 'vitest';
import { flatten } from '../../src/split/flatten.js';
import { SENTENCE, WORD } from '../../src/split/levels.js';
import { phrasingTailStarts, phrasingUnit } from '../../src/split/phrasing.js';
import type { Unit } from '../../src/split/types.js';
import type { ChunkdownOptions } from '../../src/types.js';
import { checkInvariants } from '../helpers/invariants.js';
import { leavesText, stage } from '../helpers/stages.js';

/** A document's first paragraph, its unit and its flattened text. */
function paragraphOf(markdown: string, options: ChunkdownOptions = { chunkSize: 100 }) {
  const { document, state } = stage(markdown, options);
  const paragraph = document.blocks[0] as Paragraph;
  return {
    unit: phrasingUnit(paragraph, [], document, state),
    flat: flatten(paragraph, [paragraph], document, state),
  };
}

const texts = (units: Unit[]) => units.map((unit) => leavesText(unit.leaves()));

describe('phrasingUnit', () => {
  test('is the paragraph whole, then its sentences, each with the space after it', () => {
    const { unit } = paragraphOf('One here. Two there. Three.');
    expect(unit.size).toBe(27);
    const sentences = unit.split() as Unit[];
    expect(texts(sentences)).toEqual(['One here. ', 'Two there. ', 'Three.']);
    expect(sentences.map((sentence) => [sentence.size, sentence.trail])).toEqual([
      [9, 1],
      [10, 1],
      [6, 0],
    ]);
    expect(texts(sentences[0]!.split() as Unit[])).toEqual(['One ', 'here. ']);
  });

  test('formatting cut in two keeps its path on both sides', () => {
    const { unit } = paragraphOf('**Bold one. Bold two.**');
    const [first, second] = unit.split() as Unit[];
    for (const part of [first!, second!]) {
      expect(part.leaves()[0]?.path.map((parent) => parent.type)).toEqual(['paragraph', 'strong']);
    }
  });

  test('a link kept whole cannot be cut: it says so', () => {
    const { unit } = paragraphOf('[one two three four](https://x.dev)', { chunkSize: 5 });
    expect(unit.split()).toEqual({ reason: 'never-split', nodeType: 'link' });
    expect(paragraphOf('x'.repeat(30), { chunkSize: 5 }).unit.split()).toEqual({
      reason: 'word',
      nodeType: 'text',
    });
  });

  test('a word that may be split is cut between graphemes, and its pieces say so', () => {
    const { unit } = paragraphOf('abcdef', {
      chunkSize: 2,
      rules: { word: { split: 'allow-split' } },
    });
    const pieces = unit.split() as Unit[];
    expect(texts(pieces)).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect(pieces.every((piece) => piece.leaves().every((leaf) => leaf.wordCut))).toBe(true);
  });
});

describe('raw inline markup', () => {
  // At the start of a piece, `<br/>` alone on its line opens an HTML block, which would swallow
  // the link after it: a piece never starts there, and neither does an overlap.
  const markdown = 'Some words before it.\n<br/>\n[A link](https://x.dev) and words after.';

  test('no piece starts with it, at any level', () => {
    const { unit } = paragraphOf(markdown, { chunkSize: 10 });
    const starts: string[] = [];
    const visit = (piece: Unit) => {
      starts.push(piece.leaves()[0]?.node.type ?? '');
      const parts = piece.split();
      if (Array.isArray(parts)) for (const part of parts) visit(part);
    };
    visit(unit);
    expect(starts).toContain('link');
    expect(starts).not.toContain('html');
  });

  test('no overlap starts with it', () => {
    const { flat } = paragraphOf(markdown);
    const starts = phrasingTailStarts(flat, 0, flat.text.length, 100);
    expect(starts.length).toBeGreaterThan(2);
    const html = flat.runs.find((run) => run.node.type === 'html');
    expect(starts.map((start) => start.at)).not.toContain(html?.start);
    expect(starts.map((start) => start.at)).toContain((html?.start ?? 0) + 2);
  });
});

describe('phrasingTailStarts', () => {
  test('from the end backwards, each with what it takes, at most the room', () => {
    const { flat } = paragraphOf('First sentence. Then more words here.');
    const starts = phrasingTailStarts(flat, 0, flat.text.length, 20);
    expect(starts.map((start) => [flat.text.slice(start.at), start.rank, start.size])).toEqual([
      ['here.', WORD, 5],
      ['words here.', WORD, 11],
      ['more words here.', WORD, 16],
    ]);
    const wide = phrasingTailStarts(flat, 0, flat.text.length, 40);
    expect(wide).toContainEqual({ at: 16, rank: SENTENCE, size: 21 });
    expect(phrasingTailStarts(flat, 0, flat.text.length, 0)).toEqual([]);
  });

  test('never inside the text of a link that is split', () => {
    const { flat } = paragraphOf('See [the long link text](https://x.dev) now.', {
      chunkSize: 8,
      rules: { link: { split: 'allow-split' } },
    });
    expect(flat.text).toBe('See the long link text now.');
    const starts = phrasingTailStarts(flat, 0, flat.text.length, 40).map((start) =>
      flat.text.slice(start.at),
    );
    expect(starts).toEqual(['now.', 'the long link text now.']);
  });
});

describe('inline HTML elements', () => {
  const chunksOf = (markdown: string, chunkSize: number) =>
    checkInvariants(markdown, { chunkSize }).chunks.map((chunk) => chunk.text);

  test('an element that fits a chunk is not cut between its tags', () => {
    // Before: 'Press the keys <kbd>Ctrl Shift' and 'P</kbd> to open the palette'.
    const markdown =
      'Press the keys <kbd>Ctrl Shift P</kbd> to open the palette and then type a command name there.\n';
    const chunks = chunksOf(markdown, 30);
    expect(chunks.some((text) => text.includes('<kbd>Ctrl Shift P</kbd>'))).toBe(true);
    for (const text of chunks) {
      expect(text.split('<kbd>').length, text).toBe(text.split('</kbd>').length);
    }
  });

  test('nested elements are held by the outer one; a void tag inside does not unpair them', () => {
    const markdown =
      'Some words first, then <span class="k"><b>bold</b> and<br> more</span> and many words after it.\n';
    const chunks = chunksOf(markdown, 50);
    expect(
      chunks.some((text) => text.includes('<span class="k"><b>bold</b> and<br> more</span>')),
    ).toBe(true);
  });

  test('an element whose words fit a chunk is whole, however long its attributes', () => {
    // Vite's docs: `<ScrimbaLink href="https://scrimba.com/…" title="…">Watch an interactive
    // lesson on Scrimba</ScrimbaLink>`, 164 characters, cut at 100 between its tags.
    const link =
      '<ScrimbaLink href="https://scrimba.com/intro-to-vite-c03p6pbbdq/~037q?via=vite" title="Building for Production">Watch an interactive lesson on Scrimba</ScrimbaLink>';
    const markdown = `Intro sentence here.\n\n${link}\n\nAfter it.\n`;
    for (const ratio of [1, 1.5]) {
      const { chunks } = checkInvariants(markdown, { chunkSize: 100, maxOverflowRatio: ratio });
      const held = chunks.find((chunk) => chunk.text.includes('<ScrimbaLink'));
      expect(held?.text).toBe(link);
      expect(held?.overflow).toEqual({ reason: 'never-split', nodeType: 'html', size: 164 });
    }
  });

  test('an element longer than a chunk is still cut: no chunk grows past the limit for it', () => {
    const long = 'word '.repeat(40).trim();
    const markdown = `Before it <span>${long}</span> after it.\n`;
    const chunks = checkInvariants(markdown, { chunkSize: 60 }).chunks;
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) expect(chunk.contentSize).toBeLessThanOrEqual(60);
  });
});
