import type { Html } from 'mdast';
import { describe, expect, test } from 'vitest';
import {
  closesElement,
  holdsFenceLine,
  htmlTailStarts,
  htmlUnit,
  opensElement,
  safeCuts,
  withoutMarkupPieces,
} from '../../src/split/html.js';
import { ITEM } from '../../src/split/levels.js';
import type { Unit } from '../../src/split/types.js';
import { leavesText, stage } from '../helpers/stages.js';

const html = (value: string): Html => ({ type: 'html', value });

/** The line of `value` that starts at `at`. */
const lineAt = (value: string, at: number) => value.slice(at).split('\n')[0];

describe('safeCuts', () => {
  const value = '<div>\n<p>one</p>\n\n<p>two</p>\n</div>\n<section>\n<b>x</b>\n</section>';

  test('cuts before lines that start an HTML block alone, with no blank line before the next cut', () => {
    // `<p>two</p>` (after the blank line) and `<section>`; not `<p>one</p>`, which a blank line
    // follows before the next cut, nor the closing tags, nor the `<b>` line (no block tag).
    expect(safeCuts(value).map((at) => lineAt(value, at))).toEqual(['<p>two</p>', '<section>']);
  });

  test('with closing tags, where an overlap may start', () => {
    expect(safeCuts(value, true).map((at) => lineAt(value, at))).toEqual([
      '<p>two</p>',
      '</div>',
      '<section>',
      '</section>',
    ]);
  });

  test('never on the first line, and none in HTML of one line', () => {
    expect(safeCuts('<div>a</div>')).toEqual([]);
  });
});

describe('withoutMarkupPieces', () => {
  /** The pieces `cuts` make of `value`. */
  const piecesOf = (value: string, cuts: number[]) =>
    [0, ...cuts].map((at, index) => value.slice(at, cuts[index] ?? value.length));

  test('a piece of tags alone goes with the piece it opens, or the piece it closes', () => {
    const value =
      '<div>\n<p>one</p>\n<div class="quote">\n<p>two</p>\n</div>\n</div>\n<p>three</p>';
    const all = safeCuts(value, true);
    expect(piecesOf(value, withoutMarkupPieces(value, all, 100))).toEqual([
      '<div>\n<p>one</p>\n',
      '<div class="quote">\n<p>two</p>\n</div>\n</div>\n',
      '<p>three</p>',
    ]);
  });

  test('a last piece of tags goes with the one before it; a block of tags alone keeps its cuts', () => {
    const value = '<section>\n<p>one</p>\n</section>';
    expect(withoutMarkupPieces(value, safeCuts(value, true), 100)).toEqual([]);
    const badges = '<p>\n<a href="x"><img src="a.svg"></a>\n</p>\n<p>\n<img src="b.svg">\n</p>';
    const cuts = safeCuts(badges);
    expect(cuts.length).toBeGreaterThan(0);
    expect(withoutMarkupPieces(badges, cuts, 100)).toEqual(cuts);
  });
  test('markup longer than the limit keeps its cuts', () => {
    const badge = (n: number) =>
      `<p>\n<a href="https://example.com/${n}"><img src="${n}.svg"></a>\n</p>`;
    const value = `${[1, 2, 3, 4].map(badge).join('\n')}\n<p>Thanks to every sponsor.</p>`;
    const cuts = safeCuts(value);
    expect(cuts).toHaveLength(4);
    // The four badges (252 characters) are more than 100: they keep their cuts.
    expect(withoutMarkupPieces(value, cuts, 100)).toEqual(cuts);
    // Up to 300, they go with the line they lead into.
    expect(withoutMarkupPieces(value, cuts, 300)).toEqual([]);
  });
});

describe('htmlTailStarts', () => {
  test('are the safe cuts inside the part, from the end backwards, at the item level', () => {
    const value = '<div>\n<p>one</p>\n</div>\n<section>\n<b>x</b>\n</section>';
    const starts = [...htmlTailStarts(value, 10, value.length)];
    expect(starts.map((start) => start.rank)).toEqual(starts.map(() => ITEM));
    const offsets = starts.map((start) => start.at);
    expect(offsets).toEqual([...offsets].sort((a, b) => b - a));
    expect(offsets.every((at) => at > 10 && at < value.length)).toBe(true);
    expect(offsets.map((at) => lineAt(value, at))).toContain('<section>');
  });
});

describe('elements written as separate blocks', () => {
  test('an opening tag alone opens an element; a void or a complete element does not', () => {
    expect(opensElement(html('<Listing file-name="a.rs">'))).toBe(true);
    expect(opensElement(html('<details>'))).toBe(true);
    expect(opensElement(html('<br>'))).toBe(false);
    expect(opensElement(html('<div>x</div>'))).toBe(false);
    expect(opensElement(html('<Tabs />'))).toBe(false);
  });

  test('a closing tag alone closes one', () => {
    expect(closesElement(html('</Listing>'))).toBe(true);
    expect(closesElement(html('  </details>\n'))).toBe(true);
    expect(closesElement(html('</a> and text'))).toBe(false);
  });

  test('holdsFenceLine finds a fence line in a part of the HTML', () => {
    const value = '<div>\n```js\n</div>';
    expect(holdsFenceLine(value, 0, value.length)).toBe(true);
    expect(holdsFenceLine(value, 0, 5)).toBe(false);
    expect(holdsFenceLine('<div>\n  ~~~\n</div>', 0, 17)).toBe(true);
  });
});

describe('htmlUnit', () => {
  const rows = Array.from(
    { length: 6 },
    (_, index) => `<div class="row">row ${index} of many words</div>`,
  );
  const value = ['<section>', ...rows, '</section>'].join('\n');

  /** The unit of the document's raw HTML block. */
  const unitOf = (markdown: string, chunkSize: number, rule?: 'never-split'): Unit => {
    const { document, state } = stage(markdown, {
      chunkSize,
      ...(rule ? { rules: { html: { split: rule } } } : {}),
    });
    const node = document.blocks[0] as Html;
    return htmlUnit(
      node,
      [],
      document,
      state,
      state.keepsWhole('html', node) ? { reason: 'never-split', nodeType: 'html' } : undefined,
    );
  };

  test('is cut only before lines that start a block, and each piece is at least a quarter chunk', () => {
    const pieces = unitOf(value, 100).split() as Unit[];
    expect(pieces.length).toBeGreaterThan(1);
    const texts = pieces.map((piece) => leavesText(piece.leaves()));
    expect(texts.join('\n')).toBe(value);
    for (const text of texts.slice(1)) expect(text.startsWith('<div class="row">')).toBe(true);
    for (const text of texts.slice(0, -1)) expect(text.length).toBeGreaterThanOrEqual(25);
  });

  test('without a safe cut, or under its rule, it stays whole', () => {
    expect(unitOf('<p>one long line of html that goes on</p>', 10).split()).toEqual({
      reason: 'never-split',
      nodeType: 'html',
    });
    expect(unitOf(value, 100, 'never-split').split()).toEqual({
      reason: 'never-split',
      nodeType: 'html',
    });
  });
});
