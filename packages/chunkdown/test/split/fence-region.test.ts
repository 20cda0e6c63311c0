import type { Nodes } from 'mdast';
import { describe, expect, test } from 'vitest';
import { fenceRegionUnit } from '../../src/split/fence-region.js';
import type { Unit } from '../../src/split/types.js';
import type { ChunkdownOptions } from '../../src/types.js';
import { scanFences } from '../../src/util/fence-lines.js';
import { leavesText, stage } from '../helpers/stages.js';

/** An MDX code example in an HTML block: CommonMark reads its lines as indented code. */
const example = (name: string) => [
  `    \`\`\`js displayName="${name}"`,
  ...Array.from(
    { length: 14 },
    (_, index) => `    const ${name.toLowerCase()}${index} = await run(${index});`,
  ),
  '    ```',
  '',
];

/**
 * An HTML block that opens the first example's fence (a blank line inside the example ends the
 * block), then the rest of the examples in one indented code block.
 */
function region(names: readonly string[]): string {
  const [first = '', ...rest] = names;
  const opening = example(first);
  return [
    '<section>',
    '  <div>',
    ...opening.slice(0, 8),
    '',
    ...opening.slice(8),
    ...rest.flatMap(example),
    '  </div>',
    '</section>',
  ].join('\n');
}

/** The unit of the region's first two blocks (the HTML and the indented code). */
function regionUnit(markdown: string, options: ChunkdownOptions): Unit {
  const { tree, document, state } = stage(markdown, options);
  const nodes = tree.children.slice(0, 2) as Nodes[];
  expect(nodes.map((node) => node.type)).toEqual(['html', 'code']);
  const members = nodes.map((node) => state.block(node, [], document));
  return fenceRegionUnit(nodes, members, [], document, state, markdown);
}

const six = ['Server', 'Tests', 'Streams', 'Threads', 'Workers', 'Timers'];

describe('fenceRegionUnit', () => {
  test('holds its blocks: their size, content and leaves', () => {
    const markdown = region(['Server', 'Tests']);
    const { tree, document, state } = stage(markdown, { chunkSize: 100 });
    const nodes = tree.children.slice(0, 2) as Nodes[];
    const members = nodes.map((node) => state.block(node, [], document));
    const unit = fenceRegionUnit(nodes, members, [], document, state, markdown);
    expect(unit.size).toBe(members[0]!.size + members[1]!.size);
    expect(unit.content).toBe(true);
    expect(unit.leaves().map((leaf) => leaf.node)).toEqual(nodes);
  });

  test('is kept whole up to four chunks at their maximum, and at least 2000', () => {
    const small = regionUnit(region(['Server', 'Tests']), { chunkSize: 100 });
    expect(small.split()).toEqual({ reason: 'never-split', nodeType: 'html' });
    // Six examples: more than 2000, but less than four chunks of 1000.
    expect(regionUnit(region(six), { chunkSize: 1000 }).split()).toEqual({
      reason: 'never-split',
      nodeType: 'html',
    });
  });

  test('a larger one is cut after the code lines where the fence closes, each piece whole', () => {
    const markdown = region(six);
    const unit = regionUnit(markdown, { chunkSize: 100 });
    expect(unit.size).toBeGreaterThan(2000);
    const pieces = unit.split() as Unit[];
    expect(pieces).toHaveLength(six.length);
    const texts = pieces.map((piece) => leavesText(piece.leaves()));
    expect(texts[0]).toMatch(/^<section>\n {2}<div>\n {4}```js displayName="Server"\n/);
    texts.slice(1).forEach((text, index) => {
      expect(text.startsWith(`\`\`\`js displayName="${six[index + 1]}"\n`)).toBe(true);
    });
    for (const text of texts) expect(text.endsWith('```')).toBe(true);
    // Read line by line, no piece leaves a fence open.
    for (const text of texts) expect(scanFences(text)).toBeUndefined();
    for (const piece of pieces) {
      expect(piece.split()).toEqual({ reason: 'never-split', nodeType: 'html' });
    }
    // Nothing is lost but the blank lines between the examples.
    const sizes = pieces.reduce((sum, piece) => sum + piece.size, 0);
    expect(sizes).toBeLessThanOrEqual(unit.size);
    expect(sizes).toBeGreaterThan(unit.size - six.length * 2);
  });
});
