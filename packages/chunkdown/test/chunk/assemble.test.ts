import type { Definition, List, Paragraph, Root, Table } from 'mdast';
import { describe, expect, test } from 'vitest';
import { assemble, createItemIndexes } from '../../src/chunk/assemble.js';
import { createSerializer } from '../../src/chunk/serialize.js';
import type { Draft } from '../../src/pack/pack.js';
import type { ChunkdownOptions } from '../../src/types.js';
import { packed, type Staged, stage } from '../helpers/stages.js';

/** Each draft of a document rebuilt, with the serialized markdown of each. */
function rebuilt(markdown: string, options: ChunkdownOptions) {
  const staged = stage(markdown, options);
  const drafts = packed(staged);
  const context = { provenance: staged.provenance, itemIndexes: createItemIndexes() };
  const roots = drafts.map((draft) => assemble(draft.leaves, context));
  const serializer = createSerializer(staged.sourceMap, markdown, staged.provenance);
  return { staged, drafts, roots, texts: roots.map((root) => serializer.stringify(root)) };
}

describe('assemble', () => {
  test('a piece of a table starts with a copy of the header row', () => {
    const { roots, texts, staged } = rebuilt(
      '| Key | Value |\n| - | - |\n| a | one |\n| b | two |\n| c | three |',
      { chunkSize: 10 },
    );
    expect(texts).toEqual([
      '| Key | Value |\n| - | - |\n| a | one |\n| b | two |',
      '| Key | Value |\n| - | - |\n| c | three |',
    ]);
    const original = staged.tree.children[0] as Table;
    for (const root of roots) {
      const table = root.children[0] as Table;
      expect(table).not.toBe(original);
      expect(table.children[0]).toBe(original.children[0]);
      expect(staged.provenance.copyOrigins.get(table)).toBe(original);
    }
  });

  test('a piece of an ordered list keeps its numbering', () => {
    const { roots, texts } = rebuilt(
      '3. three items here\n4. four items here\n5. five items here',
      {
        chunkSize: 20,
      },
    );
    expect(texts).toEqual(['3. three items here', '4. four items here', '5. five items here']);
    expect(roots.map((root) => (root.children[0] as List).start)).toEqual([3, 4, 5]);
  });

  test('a piece of an alert that does not start it gets its marker back, as context', () => {
    const { roots, texts, staged } = rebuilt(
      '> [!NOTE]\n> First paragraph of the note.\n>\n> Second paragraph of it.',
      { chunkSize: 30 },
    );
    expect(texts.every((text) => text.startsWith('> [!NOTE]\n'))).toBe(true);
    const quote = roots[2]!.children[0] as { children: Paragraph[] };
    const marker = quote.children[0]!.children[0];
    expect(staged.provenance.syntheticNodes.has(marker!)).toBe(true);
  });

  test('formatting cut in two is re-wrapped on both sides; slices of one text are joined', () => {
    const { texts } = rebuilt('Some **bold words that run on and on** here.', { chunkSize: 12 });
    expect(texts.length).toBeGreaterThan(2);
    for (const text of texts.slice(0, -1)) expect(text.endsWith('**')).toBe(true);
    for (const text of texts.slice(1)) expect(text.startsWith('**')).toBe(true);
    // Two slices of one text in one chunk become one text node.
    const staged = stage('One two three four five six seven.', { chunkSize: 100 });
    const [paragraph] = staged.tree.children as Paragraph[];
    const text = paragraph!.children[0]!;
    const leaves = [
      { path: [paragraph!], node: text, from: 0, to: 4, section: staged.document },
      { path: [paragraph!], node: text, from: 4, to: 8, section: staged.document },
    ];
    const root = assemble(leaves, {
      provenance: staged.provenance,
      itemIndexes: createItemIndexes(),
    });
    expect((root.children[0] as Paragraph).children).toEqual([{ type: 'text', value: 'One two ' }]);
  });

  test('leaves are not changed, and whole nodes are shared with the parsed tree', () => {
    const { staged, drafts } = rebuilt('# A\n\nText here.\n\n- one\n- two', { chunkSize: 100 });
    const before = structuredClone(drafts[0]!.leaves.map((leaf) => [leaf.from, leaf.to]));
    const root = assemble(drafts[0]!.leaves, {
      provenance: staged.provenance,
      itemIndexes: createItemIndexes(),
    });
    expect(drafts[0]!.leaves.map((leaf) => [leaf.from, leaf.to])).toEqual(before);
    expect(root.children[0]).toBe(staged.tree.children[0]);
  });

  test('a chunk that keeps references carries the definitions it uses, once, in order', () => {
    const markdown =
      'Read [the guide][g] and [the api][a], then [the guide][g].\n\nOther.\n\n[g]: https://g.dev\n[a]: https://a.dev\n[x]: https://x.dev';
    const staged: Staged = stage(markdown, {
      chunkSize: 100,
      rules: { link: { style: 'preserve' } },
    });
    const definitions = new Map<string, Definition>([
      ['a', { type: 'definition', identifier: 'a', label: 'a', url: 'https://a.dev', title: null }],
      ['g', { type: 'definition', identifier: 'g', label: 'g', url: 'https://g.dev', title: null }],
      ['x', { type: 'definition', identifier: 'x', label: 'x', url: 'https://x.dev', title: null }],
    ]);
    const [draft] = packed(staged) as [Draft];
    const root: Root = assemble(draft.leaves, {
      provenance: staged.provenance,
      itemIndexes: createItemIndexes(),
      definitions,
    });
    expect(
      root.children.map((node) => (node.type === 'definition' ? node.identifier : node.type)),
    ).toEqual(['paragraph', 'paragraph', 'g', 'a']);
  });
});
