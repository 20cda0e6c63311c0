import type { Root } from 'mdast';
import { describe, expect, test } from 'vitest';
import { hardCut, type Rendered, type Resplitter, resplit } from '../../src/chunk/cap.js';
import type { Draft } from '../../src/pack/pack.js';
import type { LengthFunction } from '../../src/types.js';
import { scanFences } from '../../src/util/fence-lines.js';

const characters: LengthFunction = (text) => text.length;

/** Cut, and check what every cut promises: within the cap, trimmed, found at its offset. */
function cut(text: string, cap: number, length = characters) {
  const pieces = hardCut(text, cap, length);
  for (const piece of pieces) {
    expect(text.slice(piece.start, piece.start + piece.text.length)).toBe(piece.text);
    expect(piece.text).toBe(piece.text.trim());
  }
  return pieces;
}

describe('hardCut', () => {
  test('cuts at the last whitespace in the second half of each piece, within the cap', () => {
    const text = 'alpha beta gamma delta epsilon zeta eta theta iota kappa';
    const pieces = cut(text, 20);
    expect(pieces.map((piece) => piece.text)).toEqual([
      'alpha beta gamma',
      'delta epsilon zeta',
      'eta theta iota kappa',
    ]);
    expect(pieces.every((piece) => piece.text.length <= 20)).toBe(true);
  });

  test('aims at even pieces, so the last one is no fragment', () => {
    const pieces = cut('a'.repeat(250), 100);
    expect(pieces.map((piece) => piece.text.length)).toEqual([84, 84, 82]);
  });

  test('never splits a surrogate pair or a grapheme, and a code point over the cap stands alone', () => {
    const emoji = '😀'.repeat(20);
    const pieces = cut(emoji, 5);
    expect(pieces.every((piece) => piece.text.length <= 5)).toBe(true);
    expect(pieces.map((piece) => piece.text).join('')).toBe(emoji);
    for (const piece of pieces) expect(piece.text.length % 2).toBe(0);
    expect(cut('😀😀', 1).map((piece) => piece.text)).toEqual(['😀', '😀']);
    const accented = 'e\u0301'.repeat(10);
    for (const piece of cut(accented, 5)) expect(piece.text.startsWith('\u0301')).toBe(false);
  });

  test('measures in the size unit: pieces of at most three words', () => {
    const words: LengthFunction = (text) => text.split(/\s+/).filter(Boolean).length;
    const text = Array.from({ length: 10 }, (_, index) => `w${index}`).join(' ');
    const pieces = cut(text, 3, words);
    expect(pieces.every((piece) => words(piece.text) <= 3)).toBe(true);
    expect(pieces.map((piece) => piece.text).join(' ')).toBe(text);
  });

  test('cuts at a line end in the second half before any other whitespace', () => {
    const text = 'first line of words\nsecond line here and more words go on';
    expect(cut(text, 40).map((piece) => piece.text)).toEqual([
      'first line of words',
      'second line here and more words go on',
    ]);
  });

  test('closes and reopens fenced code that a piece ends or starts inside of', () => {
    // Raw HTML kept whole (a comment around an example) is cut as text under the cap: each piece
    // must still read with its fences balanced.
    const code = Array.from({ length: 8 }, (_, index) => `const v${index} = compute(${index});`);
    const text = `<!--\nHidden example:\n\n\`\`\`js\n${code.join('\n')}\n\`\`\`\n\nAfter it.\n-->`;
    const pieces = cut(text, 120);
    expect(pieces.length).toBeGreaterThan(1);
    const written = pieces.map(
      (piece) =>
        (piece.before ? `${piece.before}\n` : '') +
        piece.text +
        (piece.after ? `\n${piece.after}` : ''),
    );
    for (const piece of written) {
      expect(piece.length).toBeLessThanOrEqual(120);
      expect(scanFences(piece)).toBeUndefined();
    }
    expect(pieces[0]?.after).toBe('```');
    expect(pieces[1]?.before).toBe('```js');
    // Every line is cut at its end: no piece starts inside a line of the text.
    for (const piece of pieces)
      expect(piece.start === 0 || text[piece.start - 1] === '\n').toBe(true);
  });

  test('text within the cap is one piece', () => {
    expect(cut('short text', 50)).toEqual([{ text: 'short text', start: 0 }]);
  });
});

describe('resplit', () => {
  const root: Root = {
    type: 'root',
    children: [
      { type: 'paragraph', children: [{ type: 'text', value: 'Text.' }] },
      { type: 'definition', identifier: 'a', label: 'a', url: 'https://a.dev', title: null },
    ],
  };
  const draft = (size: number): Draft => ({ leaves: [], size, overflow: null });
  const chunk: Rendered = { draft: draft(100), root, text: 'x'.repeat(100), rawSize: 100 };
  const render =
    (rawSize: number) =>
    (piece: Draft): Rendered => ({
      draft: piece,
      root,
      text: 'x'.repeat(rawSize),
      rawSize,
    });

  test('splits the chunk again within 95 % of the cap, without its definitions', () => {
    const calls: Array<[Root, number, number]> = [];
    const splitAgain: Resplitter = (tree, budget, margin) => {
      calls.push([tree, budget, margin]);
      return [draft(40), draft(40)];
    };
    const pieces = resplit(chunk, 60, 0, splitAgain, render(40), (text) => text.length);
    expect(pieces).toEqual([
      { draft: draft(40), rendered: undefined },
      { draft: draft(40), rendered: undefined },
    ]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.[1]).toBe(57);
    // Headings alone may use the cap itself on the first attempt.
    expect(calls[0]?.[2]).toBe(60);
    expect(calls[0]?.[0].children.map((node) => node.type)).toEqual(['paragraph']);
  });

  test('one piece smaller than the chunk is kept, rendered', () => {
    const one = draft(50);
    const pieces = resplit(
      chunk,
      60,
      0,
      () => [one],
      render(55),
      (text) => text.length,
    );
    expect(pieces).toEqual([{ draft: one, rendered: render(55)(one) }]);
  });

  test('while the only piece is as big as the chunk, the budget goes down; then it gives up', () => {
    const budgets: number[] = [];
    const pieces = resplit(
      chunk,
      60,
      0,
      (_, budget) => {
        budgets.push(budget);
        return [draft(100)];
      },
      render(100),
      (text) => text.length,
    );
    expect(pieces).toBeUndefined();
    expect(budgets.length).toBeGreaterThan(1);
    for (let index = 1; index < budgets.length; index++) {
      expect(budgets[index]).toBeLessThan(budgets[index - 1] as number);
    }
  });

  test('after twelve rounds of re-splits, structure is given up at once', () => {
    let called = false;
    const splitAgain: Resplitter = () => {
      called = true;
      return [draft(1), draft(1)];
    };
    expect(resplit(chunk, 60, 12, splitAgain, render(1), (text) => text.length)).toBeUndefined();
    expect(called).toBe(false);
  });
});
