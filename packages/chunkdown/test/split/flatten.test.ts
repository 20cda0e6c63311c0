import type { Paragraph } from 'mdast';
import { describe, expect, test } from 'vitest';
import { flatten, leafOffset, rangeLeaves, rangeSize, runAt } from '../../src/split/flatten.js';
import type { ChunkdownOptions } from '../../src/types.js';
import { stage } from '../helpers/stages.js';

/** The first paragraph of a document, flattened. */
function flat(markdown: string, options: ChunkdownOptions = { chunkSize: 100 }) {
  const { document, state } = stage(markdown, options);
  const paragraph = document.blocks[0] as Paragraph;
  return flatten(paragraph, [paragraph], document, state);
}

const markdown = 'Some **bold text** and [a link](https://x.dev) with `code` here.  \nNext line.';

describe('flatten', () => {
  test('text goes in as it is, nodes kept whole as one stand-in, a hard break as a line separator', () => {
    const { text, runs } = flat(markdown);
    expect(text).toBe('Some bold text and \uFFFC with \uFFFC here.\u2028Next line.');
    expect(
      runs.map((run) => [run.node.type, run.start, run.length, run.text === undefined]),
    ).toEqual([
      ['text', 0, 5, false],
      ['text', 5, 9, false],
      ['text', 14, 5, false],
      ['link', 19, 1, true],
      ['text', 20, 6, false],
      ['inlineCode', 26, 1, true],
      ['text', 27, 6, false],
      ['break', 33, 1, true],
      ['text', 34, 10, false],
    ]);
    // The text inside formatting keeps its path.
    expect(runs[1]?.path.map((parent) => parent.type)).toEqual(['paragraph', 'strong']);
  });

  test('a link too big for a chunk, with its rule allowing, is text; inline code likewise', () => {
    const options = {
      chunkSize: 5,
      rules: { link: { split: 'allow-split' }, inlineCode: { split: 'allow-split' } },
    } as const;
    const { text } = flat('See [a long link](https://x.dev) and `some code`.', options);
    expect(text).toBe('See a long link and some code.');
    // A link that fits a chunk stays one piece, whatever its rule.
    const fits = flat('See [a](https://x.dev).', {
      chunkSize: 50,
      rules: { link: { split: 'allow-split' } },
    });
    expect(fits.text).toBe('See \uFFFC.');
  });

  test('rangeSize counts the text in a range and the whole nodes that start in it', () => {
    const flattened = flat(markdown);
    expect(rangeSize(flattened, 0, 5)).toBe(5);
    // `a link` (6) for the stand-in.
    expect(rangeSize(flattened, 15, 20)).toBe(4 + 6);
    expect(rangeSize(flattened, 20, 25)).toBe(5);
  });

  test('rangeLeaves slices the texts a range cuts and keeps whole nodes whole', () => {
    const flattened = flat(markdown);
    expect(
      rangeLeaves(flattened, 2, 21).map((leaf) => [leaf.node.type, leaf.from, leaf.to]),
    ).toEqual([
      ['text', 2, 5],
      ['text', -1, -1],
      ['text', -1, -1],
      ['link', -1, -1],
      ['text', 0, 1],
    ]);
  });

  test('runAt finds the run of an offset; leafOffset finds a leaf again', () => {
    const flattened = flat(markdown);
    expect([0, 4, 5, 19, 20, 43].map((at) => runAt(flattened.runs, at))).toEqual([
      0, 0, 1, 3, 4, 8,
    ]);
    const [first, ...rest] = rangeLeaves(flattened, 2, 21);
    expect(leafOffset(flattened, first!, 'start')).toBe(2);
    expect(leafOffset(flattened, rest[2]!, 'end')).toBe(20);
    const other = flat('Elsewhere.');
    expect(leafOffset(other, first!, 'start')).toBeUndefined();
  });
});
