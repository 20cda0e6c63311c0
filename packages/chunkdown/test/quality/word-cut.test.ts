import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cutsWord, isWordBoundary } from '../../src/quality/word-cut.js';

describe('word cuts', () => {
  it('finds offsets inside a word, also in text without spaces', () => {
    const text = 'Split here, then there.';
    expect(isWordBoundary(text, 0)).toBe(true);
    expect(isWordBoundary(text, 5)).toBe(true);
    expect(isWordBoundary(text, 3)).toBe(false);
    expect(isWordBoundary(text, text.length)).toBe(true);
    expect(cutsWord(text, 0, 11)).toBe(false);
    expect(cutsWord(text, 2, 11)).toBe(true);
    expect(cutsWord(text, 0, 9)).toBe(true);
    const japanese = '東京都に住んでいます';
    expect(isWordBoundary(japanese, 3)).toBe(true);
    expect(isWordBoundary(japanese, 1)).toBe(false);
  });
});

describe('isWordBoundary next to spaces', () => {
  // Whitespace is answered without the segmenter: the answer must be the segmenter's.
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
  const bySegmenter = (text: string, offset: number) => {
    if (offset <= 0 || offset >= text.length) return true;
    const segment = segmenter.segment(text).containing(offset);
    return !segment || segment.index === offset || !segment.isWordLike;
  };

  it('agrees with Intl.Segmenter at every offset of text with spaces, marks and scripts', () => {
    const pieces = [
      'a',
      'Z',
      '9',
      ' ',
      '  ',
      '\t',
      '\n',
      '\r\n',
      "'",
      '.',
      ',',
      '-',
      '\u0301',
      '\u200d',
      '日本',
      'ไทย',
      '😀',
      '_',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 24 }), (parts) => {
        const text = parts.join('');
        for (let offset = 0; offset <= text.length; offset++) {
          expect(isWordBoundary(text, offset)).toBe(bySegmenter(text, offset));
        }
      }),
      { numRuns: 400 },
    );
  });
});
