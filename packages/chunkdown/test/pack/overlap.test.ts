import { describe, expect, test } from 'vitest';
import { addOverlap, type OverlappedDraft } from '../../src/pack/overlap.js';
import type { ChunkdownOptions } from '../../src/types.js';
import { leavesText, packed, stage } from '../helpers/stages.js';

/** Each chunk's overlap and own text, after packing a document and adding overlap. */
function overlapped(
  markdown: string,
  options: ChunkdownOptions,
  budget: number,
): { drafts: OverlappedDraft[]; overlaps: string[]; own: string[] } {
  const staged = stage(markdown, options);
  const before = packed(staged);
  const drafts = addOverlap(before, budget, staged.state);
  // What follows the overlap is the chunk as it was packed.
  drafts.forEach((draft, index) => {
    expect(draft.leaves.slice(draft.overlap)).toEqual(before[index]?.leaves);
  });
  return {
    drafts,
    overlaps: drafts.map((draft) => leavesText(draft.leaves.slice(0, draft.overlap))),
    own: drafts.map((draft) => leavesText(draft.leaves.slice(draft.overlap))),
  };
}

describe('addOverlap', () => {
  test('a chunk that continues its section starts with the end of the one before, within the budget', () => {
    const text =
      'Aaaa bbbb cccc dddd. Eeee ffff gggg hhhh iiii jjjj. Kkkk llll mmmm nnnn oooo pppp qqqq.';
    const { drafts, overlaps, own } = overlapped(text, { chunkSize: 55 }, 40);
    expect(own).toEqual([
      'Aaaa bbbb cccc dddd. Eeee ffff gggg hhhh iiii jjjj.',
      'Kkkk llll mmmm nnnn oooo pppp qqqq.',
    ]);
    // The strongest boundary that gives at least half the budget: a sentence, though a word
    // boundary would give more (`dddd. Eeee …`).
    expect(overlaps).toEqual(['', 'Eeee ffff gggg hhhh iiii jjjj. ']);
    expect(overlaps[1]?.trim().length).toBeLessThanOrEqual(40);
    expect(drafts.map((draft) => draft.overlap)).toEqual([0, 2]);
  });

  test('never into another section', () => {
    const markdown = [
      '# A',
      '',
      'First paragraph of section a is long enough.',
      '',
      'Second paragraph of section a is long too.',
      '',
      '# B',
      '',
      'Section b text that is here.',
    ].join('\n');
    const { overlaps } = overlapped(markdown, { chunkSize: 50 }, 20);
    expect(overlaps).toHaveLength(3);
    expect(overlaps[1]).not.toBe('');
    expect(overlaps[2]).toBe('');
  });

  test('stops at a thematic break of the chunk before', () => {
    const third = `${'Third part follows it now, and goes on for a while. '.repeat(5)}It ends here, at last, after all this.`;
    const markdown = `First part here.\n\n---\n\nSecond.\n\n${third}`;
    const { own, overlaps } = overlapped(markdown, { chunkSize: 300 }, 20);
    // The first chunk holds the text on both sides of the break; the budget would take more
    // than what follows the break.
    expect(own[0]).toBe('First part here.Second.');
    expect(overlaps).toEqual(['', 'Second.']);
  });

  test('never the whole of a chunk without an overlap of its own', () => {
    const code = '```js\nconst a = 1;\nconst b = 2;\nconst c = 3;\nconst d = 4;\n```';
    const { own, overlaps } = overlapped(code, { chunkSize: 28 }, 14);
    expect(own[0]).toBe('const a = 1;');
    // The whole first line would fit the budget: it is the whole chunk, so a part of it.
    expect(overlaps[1]).toBe('a = 1;');
    // The second chunk holds an overlap: its last line may be repeated whole.
    expect(overlaps[2]).toBe('const c = 3;');
  });

  test('never inside a link', () => {
    const markdown = 'See [a long link text here](https://x.dev) now and more words after it.';
    const { overlaps } = overlapped(markdown, { chunkSize: 40 }, 30);
    expect(overlaps[1]).toBe('a long link text here ');
  });

  test('table rows are repeated whole, list items keep their containers', () => {
    const table =
      '| k | v |\n| - | - |\n| one | first row |\n| two | second row |\n| three | third row |';
    const rows = overlapped(table, { chunkSize: 25 }, 14);
    expect(rows.overlaps).toEqual(['', 'twosecond row']);
    expect(rows.drafts[1]?.leaves[0]?.node.type).toBe('tableRow');
    const list =
      '- item one is here\n- item two is here\n- item three is here\n- item four is here';
    const { drafts } = overlapped(list, { chunkSize: 30 }, 16);
    for (const draft of drafts.slice(1)) {
      expect(draft.overlap).toBeGreaterThan(0);
      expect(draft.leaves[0]?.path.map((parent) => parent.type).slice(0, 2)).toEqual([
        'list',
        'listItem',
      ]);
    }
  });

  test('a budget of 0 repeats nothing', () => {
    const { overlaps } = overlapped('One sentence here. Another one there.', { chunkSize: 20 }, 0);
    expect(overlaps).toEqual(['', '']);
  });
});
