import { describe, expect, test } from 'vitest';
import { CLAUSE, PHRASE, SENTENCE, WORD } from '../../src/split/levels.js';
import {
  boundaries,
  hyphenBoundaries,
  segmentBoundaries,
} from '../../src/split/text-boundaries.js';

/** Each boundary of a text, as the word before it and its rank. */
function ranked(text: string, level = WORD): Array<[string, number]> {
  const ranks: number[] = [];
  const spans = boundaries(text, 0, text.length, level, ranks);
  return ranks.map((rank, index) => {
    const start = spans[2 * index] as number;
    const before = text.slice(0, start).split(/\s/).pop() as string;
    return [before, rank];
  });
}

describe('boundaries', () => {
  test('rank sentence ends, clauses, phrases and words', () => {
    expect(ranked('It came. He left; she stayed, then went.')).toEqual([
      ['It', WORD],
      ['came.', SENTENCE],
      ['He', WORD],
      ['left;', CLAUSE],
      ['she', WORD],
      ['stayed,', PHRASE],
      ['then', WORD],
    ]);
  });

  test('a full stop after an abbreviation, a number or a file name is no sentence end', () => {
    const text = 'Dr. Smith read e.g. index.ts at 3.14 for v1.2.0 today.';
    expect(ranked(text).filter(([, rank]) => rank <= SENTENCE)).toEqual([]);
    // A lowercase start after a full stop is a clause.
    expect(ranked('It ended. then more')).toContainEqual(['ended.', CLAUSE]);
  });

  test('an initialism ends a sentence before a word that starts sentences, not before a name', () => {
    expect(ranked('In the U.S. How are you?')).toContainEqual(['U.S.', SENTENCE]);
    expect(ranked('In the U.S. Navy ships sail.')).toContainEqual(['U.S.', WORD]);
  });

  test('a citation after the stop goes with the sentence', () => {
    expect(ranked('It is far.[3] Then it ends.')).toContainEqual(['far.[3]', SENTENCE]);
  });

  test('an enumerator stays with its item, and a new item is a phrase boundary', () => {
    const found = ranked('Steps: 1) open it 2) close it');
    expect(found.map(([word]) => word)).not.toContain('1)');
    expect(found).toContainEqual(['it', PHRASE]);
  });

  test("a definition list's marker opening a line stays with its definition (Pandoc, MkDocs)", () => {
    const found = ranked('`term`\n: (`bool`) Whether to output it, or not.\n~ Another one.');
    expect(found.map(([word]) => word)).not.toContain(':');
    expect(found.map(([word]) => word)).not.toContain('~');
    // A colon after a word is still a clause boundary.
    expect(ranked('Note: it is so.')).toContainEqual(['Note:', CLAUSE]);
  });

  test('a term whose definition does not fit is cut after its marker, never between them', async () => {
    const { chunkdown } = await import('../../src/index.js');
    const markdown =
      '`noHeaderOrFooter`\n: (`bool`) Whether to output an embeddable document, which excludes the header, the footer, and everything outside the body of the document. Default is `true`.\n';
    const { chunks } = chunkdown({ chunkSize: 100, maxOverflowRatio: 1.5 }).split(markdown);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(chunk.text).not.toMatch(/:$/);
    expect(chunks[0]?.text).toMatch(/^`noHeaderOrFooter`\n: \(`bool`\) Whether/);
  });

  test('punctuation standing alone goes with the word before it', () => {
    expect(ranked('Paris – the city').map(([word]) => word)).not.toContain('Paris');
  });

  test('only the levels asked for, only strictly inside the range', () => {
    const text = 'One. Two; three, four five.';
    const ranks: number[] = [];
    boundaries(text, 0, text.length, CLAUSE, ranks);
    expect(ranks).toEqual([SENTENCE, CLAUSE]);
    expect(boundaries(text, 5, 9, WORD)).toEqual([]);
  });

  test('stops of scripts without spaces, and an em dash between words', () => {
    const text = '今日は晴れ。明日は雨、たぶん。';
    const ranks: number[] = [];
    const spans = boundaries(text, 0, text.length, WORD, ranks);
    expect(ranks).toEqual([SENTENCE, PHRASE]);
    expect(spans).toEqual([6, 6, 11, 11]);
    expect(boundaries('dew—yes', 0, 7, CLAUSE)).toEqual([4, 4]);
  });
});

describe('hyphenBoundaries', () => {
  test('after a hyphen between letters or digits', () => {
    expect(hyphenBoundaries('state-of-the-art', 0, 16)).toEqual([6, 6, 9, 9, 13, 13]);
    expect(hyphenBoundaries('a -b c- d', 0, 9)).toEqual([]);
  });
});

describe('segmentBoundaries', () => {
  test('word boundaries next to scripts written without spaces, none elsewhere', () => {
    const spans = segmentBoundaries('東京都に住んでいます', 0, 10);
    expect(spans.length).toBeGreaterThan(2);
    expect(spans.every((at) => at > 0 && at < 10)).toBe(true);
    expect(segmentBoundaries('hello world', 0, 11)).toEqual([]);
  });
});
