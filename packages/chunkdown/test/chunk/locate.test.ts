import { describe, expect, test } from 'vitest';
import { breadcrumbs, sourceRange } from '../../src/chunk/locate.js';
import { packed, stage } from '../helpers/stages.js';

describe('sourceRange', () => {
  test('from where a chunk’s first leaf starts to where its last ends, exact inside sliced text', () => {
    const markdown = '# A\n\n## B\n\nSome **bold words that run on and on** here.';
    const staged = stage(markdown, { chunkSize: 20 });
    const ranges = packed(staged).map((draft) =>
      sourceRange(draft.leaves, staged.sourceMap, staged.provenance),
    );
    expect(ranges.map((range) => markdown.slice(...range!))).toEqual([
      '# A\n\n## B\n\nSome **bold words',
      'that run on',
      'and on** here.',
    ]);
  });

  test('through escapes, references and container prefixes', () => {
    const markdown = '> Quote with \\*stars\\* and &amp; more words\n> on a second line.';
    const staged = stage(markdown, { chunkSize: 25 });
    const ranges = packed(staged).map((draft) =>
      sourceRange(draft.leaves, staged.sourceMap, staged.provenance),
    );
    expect(ranges.length).toBeGreaterThan(1);
    expect(markdown.slice(...ranges[0]!)).toMatch(/^Quote with \\\*stars\\\*/);
    expect(ranges.at(-1)![1]).toBe(markdown.length);
    for (let index = 1; index < ranges.length; index++) {
      expect(ranges[index]![0]).toBeGreaterThanOrEqual(ranges[index - 1]![1]);
    }
  });

  test('no position, no range', () => {
    const staged = stage('Text.', { chunkSize: 20 });
    expect(sourceRange([], staged.sourceMap, staged.provenance)).toBeUndefined();
  });
});

describe('breadcrumbs', () => {
  test('the headings above the first leaf that the chunk does not hold itself', () => {
    const markdown = '# A\n\n## B\n\nSome **bold words that run on and on** here.';
    const staged = stage(markdown, { chunkSize: 20 });
    expect(packed(staged).map((draft) => breadcrumbs(draft.leaves))).toEqual([
      [],
      [
        { text: 'A', depth: 1 },
        { text: 'B', depth: 2 },
      ],
      [
        { text: 'A', depth: 1 },
        { text: 'B', depth: 2 },
      ],
    ]);
    expect(breadcrumbs([])).toEqual([]);
  });
});
