import { toString as textOf } from 'mdast-util-to-string';
import { describe, expect, test } from 'vitest';
import { type ChunkdownOptions, chunkdown, type NodeRules } from '../src/index.js';
import { checkInvariants, parseMarkdown } from './helpers/invariants.js';

/**
 * Sentence, clause and word boundaries (SPEC §4 "Inline text", issue 14), each case found by
 * running another splitter's or sentence segmenter's own tests against chunkdown. The inputs are
 * ours; the facts they check came from the project named in each group.
 *
 * `pieces` shows where chunkdown cuts: with `chunkSize: 1` no two pieces share a chunk, and a
 * `maxOverflowRatio` as large as the longest expected piece keeps every piece of the strongest
 * level found whole, so the chunks are exactly those pieces (shown as their source text). A
 * boundary that is missed leaves a piece too long, one found where none is splits a piece: both
 * change the list.
 */
function pieces(markdown: string, expected: readonly string[], rules?: NodeRules): string[] {
  // Measured as inline text (a piece that starts with `2.` is no list inside the paragraph).
  const longest = Math.max(...expected.map((piece) => textOf(parseMarkdown(`x ${piece}`)).length));
  const options: ChunkdownOptions = {
    chunkSize: 1,
    maxOverflowRatio: longest - 2,
    ...(rules ? { rules } : {}),
  };
  return checkInvariants(markdown, options).chunks.map((chunk) =>
    markdown.slice(chunk.start, chunk.end),
  );
}

function expectPieces(markdown: string, expected: readonly string[], rules?: NodeRules): void {
  expect(pieces(markdown, expected, rules)).toEqual(expected);
}

describe('issue 14: the four boundaries that must hold', () => {
  test('a sentence end followed directly by a citation link is a sentence boundary', () => {
    expectPieces(
      'The road ran for forty miles.[a survey](https://example.com/survey) Then it stopped.',
      ['The road ran for forty miles.[a survey](https://example.com/survey)', 'Then it stopped.'],
    );
  });

  test('… by a bracketed number, a footnote reference or inline code too', () => {
    expectPieces('The road ran for forty miles.[3] Then it stopped.', [
      'The road ran for forty miles.[3]',
      'Then it stopped.',
    ]);
    expectPieces('The road ran for forty miles.[^road] Then it stopped.\n\n[^road]: A survey.', [
      'The road ran for forty miles.[^road]',
      'Then it stopped.',
      '[^road]: A survey.',
    ]);
    expectPieces('The flag is called with `--fast`.`-f` Then it runs.', [
      'The flag is called with `--fast`.`-f`',
      'Then it runs.',
    ]);
  });

  test('a dash between phrases is a clause boundary, stronger than a comma', () => {
    expectPieces('Paris – the city of lights – is large, old and busy', [
      'Paris –',
      'the city of lights –',
      'is large, old and busy',
    ]);
    expectPieces('Lyon -- a city of bridges -- is old, calm and green', [
      'Lyon --',
      'a city of bridges --',
      'is old, calm and green',
    ]);
  });

  test('a dash never ends up alone in a chunk', () => {
    const markdown = 'Paris – the city of lights – is quite enormous';
    expectPieces(markdown, ['Paris –', 'the', 'city', 'of', 'lights –', 'is', 'quite', 'enormous']);
    for (const chunkSize of [1, 5, 8, 12]) {
      for (const text of chunkdown({ chunkSize }).splitText(markdown)) {
        expect(text).toMatch(/\p{L}/u);
      }
    }
    // Nor at the start of a paragraph (a line of dialogue).
    expectPieces('— Where are you going, she asked', [
      '— Where',
      'are',
      'you',
      'going,',
      'she',
      'asked',
    ]);
  });

  test('with the word rule allow-split, a hyphenated word is cut after a hyphen', () => {
    const rules: NodeRules = { word: { split: 'allow-split' } };
    expect(chunkdown({ chunkSize: 10, rules }).splitText('aaaa-bbbb-cccc-dddd')).toEqual([
      'aaaa-bbbb-',
      'cccc-dddd',
    ]);
    expect(chunkdown({ chunkSize: 13, rules }).splitText('state-of-the-art-design')).toEqual([
      'state-of-the-',
      'art-design',
    ]);
    // Without the rule, the word stays whole.
    expect(chunkdown({ chunkSize: 10 }).splitText('aaaa-bbbb-cccc-dddd')).toEqual([
      'aaaa-bbbb-cccc-dddd',
    ]);
    // A part between hyphens that is still too long is cut between graphemes.
    const long = chunkdown({ chunkSize: 6, rules }).splitText('abcdefghijkl-mn');
    expect(long.join('')).toBe('abcdefghijkl-mn');
    expect(long.every((text) => text.length <= 6)).toBe(true);
  });

  test('an allow-split link whose text fits the chunk is kept whole', () => {
    const rules: NodeRules = { link: { split: 'allow-split' } };
    // Cut at the balanced word, the link would lose its second half to the next chunk.
    const markdown =
      'Read the [guide to the quick brown fox](https://example.com/fox) before you jump over the lazy dog.';
    const chunks = checkInvariants(markdown, { chunkSize: 30, rules }).chunks.map((c) => c.text);
    expect(chunks.length).toBeGreaterThan(1);
    const holding = chunks.filter((text) => text.includes('https://example.com/fox'));
    expect(holding).toEqual([
      expect.stringContaining('[guide to the quick brown fox](https://example.com/fox)'),
    ]);
    // A link longer than any chunk is still split, each piece a link to the same place.
    const long = `See [${'one two three four five six seven eight nine ten '.repeat(2).trim()}](https://example.com/n) here.`;
    const parts = checkInvariants(long, { chunkSize: 30, rules }).chunks.map((c) => c.text);
    expect(
      parts.filter((text) => text.includes('](https://example.com/n)')).length,
    ).toBeGreaterThan(1);
  });
});

describe('SPEC: abbreviations, numbers and file names stay unbroken', () => {
  test('e.g., U.S.A., 3.14, v1.2.0 and index.ts do not end sentences', () => {
    expectPieces(
      'Pick a tool, e.g. the hammer. It was made in the U.S.A. last year. Pi is 3.14 or so. Install v1.2.0 and open index.ts now.',
      [
        'Pick a tool, e.g. the hammer.',
        'It was made in the U.S.A. last year.',
        'Pi is 3.14 or so.',
        'Install v1.2.0 and open index.ts now.',
      ],
    );
  });
});

// Source: pySBD, the English "golden rules" (nipunsadvilkar/pySBD, benchmarks/english_golden_rules.py).
describe('pySBD golden rules', () => {
  test('an abbreviation that may end a sentence ends one before a capitalized word', () => {
    expectPieces('Start here. We could ask Marta and co. They were there.', [
      'Start here.',
      'We could ask Marta and co.',
      'They were there.',
    ]);
    expectPieces('Start here. The firm sold to Hale, Pratt & Co. It closed in May.', [
      'Start here.',
      'The firm sold to Hale, Pratt & Co.',
      'It closed in May.',
    ]);
    // … but not before a lowercase word, and a title never ends one.
    expectPieces('Start here. They met Hale & Co. at noon with Dr. Reyes.', [
      'Start here.',
      'They met Hale & Co. at noon with Dr. Reyes.',
    ]);
  });

  test('an initialism or an initial ends a sentence before a word that starts sentences', () => {
    expectPieces('Start here. My cousin lives in the E.U. Where do you live?', [
      'Start here.',
      'My cousin lives in the E.U.',
      'Where do you live?',
    ]);
    expectPieces('Start here. She moved to the U.S. How odd it was.', [
      'Start here.',
      'She moved to the U.S.',
      'How odd it was.',
    ]);
    expectPieces('Start here. It was you and I. Did you meet Oscar B. Wilde there?', [
      'Start here.',
      'It was you and I.',
      'Did you meet Oscar B. Wilde there?',
    ]);
    // A name after it is no new sentence.
    expectPieces('Start here. She works for the U.S. Navy in Ohio.', [
      'Start here.',
      'She works for the U.S. Navy in Ohio.',
    ]);
  });

  test('the items of an inline list keep their enumerators', () => {
    expectPieces('Start here. 1.) Pack the bags 2.) Lock the door', [
      'Start here.',
      '1.) Pack the bags',
      '2.) Lock the door',
    ]);
    expectPieces('Start here. 1) Pack the bags. 2) Lock the door.', [
      'Start here.',
      '1) Pack the bags.',
      '2) Lock the door.',
    ]);
    expectPieces('Start here. 1. Pack the bags 2. Lock the door', [
      'Start here.',
      '1. Pack the bags',
      '2. Lock the door',
    ]);
    expectPieces('Start here. a. Pack the bags b. Lock the door c. Leave the key', [
      'Start here.',
      'a. Pack the bags',
      'b. Lock the door',
      'c. Leave the key',
    ]);
    expectPieces('Start here. • 7. Pack the bags • 8. Lock the door', [
      'Start here.',
      '• 7. Pack the bags',
      '• 8. Lock the door',
    ]);
    // A year before a capital is still a sentence end, and `O(log n)` is no list.
    expectPieces('It opened in 2019. The roof came later, in O(log n) steps at most.', [
      'It opened in 2019.',
      'The roof came later, in O(log n) steps at most.',
    ]);
  });

  test('a number sign abbreviation does not end a sentence', () => {
    expectPieces('Start here. The box is at N°. 17.22.4. That is the shelf.', [
      'Start here.',
      'The box is at N°. 17.22.4.',
      'That is the shelf.',
    ]);
  });

  test('a spaced ellipsis stays one mark and only trails off; with a fourth dot it ends', () => {
    expectPieces('Start here. He said “the sky will look much bigger. . . .”', [
      'Start here.',
      'He said “the sky will look much bigger. . . .”',
    ]);
    expectPieces('Start here. I was not quite . . . well, the thing is . . . I forgot it.', [
      'Start here.',
      'I was not quite . . . well, the thing is . . . I forgot it.',
    ]);
    expectPieces('Start here. Then the sentence ends with a period . . . . Next one.', [
      'Start here.',
      'Then the sentence ends with a period . . . .',
      'Next one.',
    ]);
  });

  test('an omission in brackets ends no sentence', () => {
    expectPieces('Start here. "Bohr [...] used stairs [...]" (Smith 55). Next one.', [
      'Start here.',
      '"Bohr [...] used stairs [...]" (Smith 55).',
      'Next one.',
    ]);
  });
});

// Source: pySBD regression tests (nipunsadvilkar/pySBD, tests/regression/test_issues.py).
describe('pySBD issues', () => {
  test('stray dots after a sentence end go with it, never alone', () => {
    expectPieces('One sentence. .. Another sentence. A third one.', [
      'One sentence. ..',
      'Another sentence.',
      'A third one.',
    ]);
  });
});

// Source: text-splitter (benbrandt/text-splitter, src/splitter/text.rs `chunk_by_sentences`).
describe('text-splitter', () => {
  test('an omission mark between sentences goes with the sentence before it', () => {
    expectPieces('Mr. Fox ran off. [...] The dog stayed lazy.', [
      'Mr. Fox ran off. [...]',
      'The dog stayed lazy.',
    ]);
  });
});

// Source: LlamaIndex SentenceSplitter tests (run-llama/llama_index, llama-index-core/tests/text_splitter).
describe('LlamaIndex', () => {
  test('an em dash between two words is a clause boundary, after the dash', () => {
    expectPieces('eyes that shone like the morning dew—yes, like small sapphires', [
      'eyes that shone like the morning dew—',
      'yes, like small sapphires',
    ]);
  });
});
