import { describe, expect, it } from 'vitest';
import {
  cutsWord,
  hasUnbalancedFence,
  isWordBoundary,
  orphanTableRows,
} from '../../src/lib/quality.ts';

describe('hasUnbalancedFence', () => {
  it('accepts closed fences of either kind', () => {
    expect(hasUnbalancedFence('```js\nconst a = 1;\n```')).toBe(false);
    expect(hasUnbalancedFence('~~~\ncode\n~~~\n\ntext')).toBe(false);
    expect(hasUnbalancedFence('````md\n```\ninner\n```\n````')).toBe(false);
    expect(hasUnbalancedFence('> ```\n> quoted code\n> ```')).toBe(false);
    expect(hasUnbalancedFence('* item\n\n  ```\n  code\n  ```')).toBe(false);
  });

  it('flags a fence that is never closed', () => {
    expect(hasUnbalancedFence('```ts\nconst a = 1;')).toBe(true);
    // A shorter or different fence does not close it.
    expect(hasUnbalancedFence('````\ncode\n```')).toBe(true);
    expect(hasUnbalancedFence('```\ncode\n~~~')).toBe(true);
    // Text after a closing fence makes it an opener.
    expect(hasUnbalancedFence('```\ncode\n``` not closed')).toBe(true);
  });

  it('flags the back half of a cut code block, whose closing fence reads as an opener', () => {
    expect(hasUnbalancedFence('  return 1;\n}\n```\n\nAfter the code.')).toBe(true);
  });

  it('does not take inline code for a fence', () => {
    expect(hasUnbalancedFence('Use ```inline``` code here.')).toBe(false);
    expect(hasUnbalancedFence('``` not a fence ` with a backtick\nafter')).toBe(false);
  });
});

describe('orphanTableRows', () => {
  const table = '| a | b |\n|---|:-:|\n| 1 | 2 |\n| 3 | 4 |';

  it('counts nothing for whole tables', () => {
    expect(orphanTableRows(table)).toBe(0);
    expect(orphanTableRows(`Intro.\n\n${table}\n\nOutro.\n\n${table}`)).toBe(0);
    expect(orphanTableRows('a | b\n--- | ---\n1 | 2\n3 | 4')).toBe(0);
    expect(orphanTableRows('| only | header |\n|---|---|')).toBe(0);
  });

  it('counts rows without their header', () => {
    expect(orphanTableRows('| 5 | 6 |\n| 7 | 8 |\n| 9 | 10 |')).toBe(3);
    expect(orphanTableRows('Some text.\n\n| 5 | 6 |')).toBe(1);
  });

  it('counts a header row cut off from its delimiter row', () => {
    expect(orphanTableRows('Text before.\n\n| a | b |')).toBe(1);
  });

  it('ignores pipes in prose and tables inside code', () => {
    expect(orphanTableRows('Pipe `a | b` into c, or x | y.')).toBe(0);
    expect(orphanTableRows('```\n| 1 | 2 |\n| 3 | 4 |\n```')).toBe(0);
  });
});

describe('isWordBoundary', () => {
  const text = 'The quick brown fox, e.g. a v1.2.0 release.';

  it('is true between words and at the ends', () => {
    expect(isWordBoundary(text, 0)).toBe(true);
    expect(isWordBoundary(text, text.length)).toBe(true);
    expect(isWordBoundary(text, text.indexOf(' quick'))).toBe(true);
    expect(isWordBoundary(text, text.indexOf('quick'))).toBe(true);
    expect(isWordBoundary(text, text.indexOf(','))).toBe(true);
  });

  it('is false inside a word', () => {
    expect(isWordBoundary(text, text.indexOf('quick') + 2)).toBe(false);
    expect(isWordBoundary(text, text.indexOf('fox') + 1)).toBe(false);
  });

  it('finds word boundaries in text without spaces', () => {
    const japanese = '吾輩は猫である。名前はまだ無い。';
    const offsets = Array.from({ length: japanese.length + 1 }, (_, index) => index);
    const boundaries = offsets.filter((offset) => isWordBoundary(japanese, offset));
    // Some offsets are boundaries and some are not: the segmenter sees words, not characters.
    expect(boundaries.length).toBeGreaterThan(2);
    expect(boundaries.length).toBeLessThan(offsets.length);
    expect(isWordBoundary(japanese, japanese.indexOf('。') + 1)).toBe(true);
  });

  it('does not call a cut between spaces or punctuation mid-word', () => {
    expect(isWordBoundary('a   b', 2)).toBe(true);
    expect(isWordBoundary('end.)', 4)).toBe(true);
  });
});

describe('cutsWord', () => {
  const source = 'Alpha beta gamma delta.';

  it('checks both edges of a chunk', () => {
    expect(cutsWord(source, 0, 10)).toBe(false);
    expect(cutsWord(source, 6, 16)).toBe(false);
    expect(cutsWord(source, 0, 8)).toBe(true);
    expect(cutsWord(source, 8, 16)).toBe(true);
  });
});
