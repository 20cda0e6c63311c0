import type { Code, Link, Nodes } from 'mdast';
import { describe, expect, test } from 'vitest';
import { resolveOptions } from '../../src/options.js';
import { createSplitState } from '../../src/split/blocks.js';
import { createMeasure } from '../../src/tree/measure.js';
import { createProvenance } from '../../src/tree/provenance.js';
import type { ChunkdownOptions } from '../../src/types.js';
import { emptySection, leavesText, stage } from '../helpers/stages.js';

/** A split state of the options, with or without a relaxed limit. */
function stateOf(options: ChunkdownOptions, relaxTo?: number) {
  const resolved = resolveOptions(options);
  return createSplitState({
    options: resolved,
    measure: createMeasure(resolved.lengthFunction, true),
    provenance: createProvenance(),
    relaxTo,
  });
}

const code = (value: string): Code => ({ type: 'code', lang: null, meta: null, value });
const link: Link = {
  type: 'link',
  url: 'https://example.com',
  children: [{ type: 'text', value: 'a link of thirty characters...' }],
};

describe('createSplitState', () => {
  test('a node is kept whole while its rule says so', () => {
    const state = stateOf({
      chunkSize: 100,
      rules: { code: { split: { rule: 'size-split', size: 10 } } },
    });
    expect(state.keepsWhole('code', code('12345'))).toBe(true);
    expect(state.keepsWhole('code', code('1234567890a'))).toBe(false);
    expect(stateOf({ chunkSize: 100 }).keepsWhole('code', code('1'))).toBe(false);
  });

  test('relaxed to fit the raw cap, rules give way, except for links, images and headings', () => {
    const state = stateOf({ chunkSize: 100, rules: { code: { split: 'never-split' } } }, 20);
    expect(state.keepWholeLimit).toBe(20);
    expect(state.keepsWhole('code', code('short'))).toBe(true);
    expect(state.keepsWhole('code', code('x'.repeat(21)))).toBe(false);
    expect(state.keepsWhole('link', link)).toBe(true);
  });

  test('a word is cut only when the word rule allows it, or under a relaxed limit past it', () => {
    expect(stateOf({ chunkSize: 100 }).cutsWord(1000)).toBe(false);
    expect(stateOf({ chunkSize: 100, rules: { word: { split: 'allow-split' } } }).cutsWord(1)).toBe(
      true,
    );
    const relaxed = stateOf({ chunkSize: 100 }, 10);
    expect(relaxed.cutsWord(10)).toBe(false);
    expect(relaxed.cutsWord(11)).toBe(true);
  });

  test('a node type without a splitter is kept whole, and says which type', () => {
    const state = stateOf({ chunkSize: 10 });
    const node = { type: 'math', value: 'x'.repeat(50) } as unknown as Nodes;
    const unit = state.block(node, [], emptySection());
    expect(unit.size).toBe(50);
    expect(unit.split()).toEqual({ reason: 'never-split', nodeType: 'math' });
  });

  test('a closing tag alone goes with the unit before it, in its last piece', () => {
    const { document, state } = stage('<details>\n\nInside. And more.\n\n</details>', {
      chunkSize: 100,
    });
    const units = state.blocks(document.blocks as Nodes[], [], document);
    expect(units.map((unit) => leavesText(unit.leaves()))).toEqual([
      '<details>',
      'Inside. And more.</details>',
    ]);
    const pieces = units[1]?.split();
    expect(Array.isArray(pieces) && pieces.map((piece) => leavesText(piece.leaves()))).toEqual([
      'Inside. ',
      'And more.</details>',
    ]);
  });

  test('blocks a fence read line by line holds together are one unit, with the source', () => {
    // CommonMark: an HTML block, then indented code that holds the closing fence.
    const markdown = '<div>\n  ```js\n\n    const a = 1;\n    ```\n\nAfter the example.';
    const { document, state, tree } = stage(markdown, { chunkSize: 100 });
    expect(tree.children.map((node) => node.type)).toEqual(['html', 'code', 'paragraph']);
    const units = state.blocks(document.blocks as Nodes[], [], document);
    expect(units.map((unit) => leavesText(unit.leaves()))).toEqual([
      '<div>\n  ```jsconst a = 1;\n```',
      'After the example.',
    ]);
    // Without the source (nodes rebuilt for the raw cap), each block is a unit.
    const bare = stateOf({ chunkSize: 100 });
    expect(bare.blocks(document.blocks as Nodes[], [], document)).toHaveLength(3);
  });
});
