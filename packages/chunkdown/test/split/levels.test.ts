import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  BLOCK,
  boundaryLevels,
  CLAUSE,
  GRAPHEME,
  HYPHEN,
  ITEM,
  LINE,
  PHRASE,
  SENTENCE,
  TOKEN,
  WORD,
} from '../../src/split/levels.js';

describe('boundary levels', () => {
  test('the ranks are the places of their levels, strongest first', () => {
    const ranks = [BLOCK, ITEM, LINE, SENTENCE, CLAUSE, PHRASE, WORD, HYPHEN, GRAPHEME];
    expect(ranks).toEqual(
      ['block', 'item', 'line', 'sentence', 'clause', 'phrase', 'word', 'hyphen', 'grapheme'].map(
        (level) => boundaryLevels.indexOf(level as never),
      ),
    );
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(new Set(ranks).size).toBe(ranks.length);
    // An overlap inside a token of code starts at the weakest place after words.
    expect(TOKEN).toBeGreaterThan(WORD);
  });

  test('are the boundary levels of docs/method.md, in order', () => {
    const method = readFileSync(new URL('../../../../docs/method.md', import.meta.url), 'utf8');
    const list = method.slice(method.indexOf('The boundaries, strongest first'));
    const items = [...list.matchAll(/^(\d+)\. (.+)$/gm)].slice(0, boundaryLevels.length);
    expect(items.map((item) => Number(item[1]))).toEqual(
      boundaryLevels.map((_, index) => index + 1),
    );
    items.forEach((item, index) => {
      const name = (boundaryLevels[index] as string).replace('-', ' ');
      expect(item[2], name).toContain(name);
    });
  });
});
