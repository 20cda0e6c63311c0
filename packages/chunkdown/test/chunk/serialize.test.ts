import { describe, expect, test } from 'vitest';
import { assemble, createItemIndexes } from '../../src/chunk/assemble.js';
import { createSerializer } from '../../src/chunk/serialize.js';
import { packed, stage } from '../helpers/stages.js';

/** The document serialized whole, as one chunk. */
function written(markdown: string): string {
  const staged = stage(markdown, { chunkSize: 10_000 });
  const [draft] = packed(staged);
  const root = assemble(draft!.leaves, {
    provenance: staged.provenance,
    itemIndexes: createItemIndexes(),
  });
  return createSerializer(staged.sourceMap, markdown, staged.provenance).stringify(root);
}

describe('createSerializer', () => {
  test('normalizes markers: * bullets and emphasis, ** strong, *** breaks, ATX headings', () => {
    expect(written('Some __bold__ and _italic_ text\n\n- a\n- b\n\n___\n\nSetext\n======')).toBe(
      'Some **bold** and *italic* text\n\n* a\n* b\n\n***\n\n# Setext',
    );
  });

  test('adds no escape the source did not need, keeps those it did', () => {
    const plain = 'Compute 2 * 3 * 4 and a_b_c, see [1] or 50% off & <not a tag.';
    expect(written(plain)).toBe(plain);
    expect(written('Literal \\*stars\\* here.')).toBe('Literal \\*stars\\* here.');
  });

  test('fences code with the shortest fence its lines cannot close, keeping the language', () => {
    expect(written('~~~js\nconst a = 1;\n~~~')).toBe('```js\nconst a = 1;\n```');
    expect(written('`````md\n```\ninner\n```\n`````')).toBe('````md\n```\ninner\n```\n````');
  });

  test('writes a literal autolink as it was written', () => {
    expect(written('Visit https://example.com/path or www.example.com today.')).toBe(
      'Visit https://example.com/path or www.example.com today.',
    );
  });

  test('writes tables unpadded', () => {
    expect(written('| a | longer |\n|:--|--:|\n| 1 | 2 |')).toBe(
      '| a | longer |\n| :- | -: |\n| 1 | 2 |',
    );
  });
});
