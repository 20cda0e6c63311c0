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
