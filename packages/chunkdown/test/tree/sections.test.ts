import { toString as textOf } from 'mdast-util-to-string';
import { describe, expect, test } from 'vitest';
import { parse } from '../../src/parse/parse.js';
import { buildSections, type Section } from '../../src/tree/sections.js';

/** A section tree as nested lists: each section's heading, its block types and subsections. */
function outlineOf(section: Section): unknown {
  return [
    section.heading ? `${section.depth} ${textOf(section.heading)}` : 'document',
    section.blocks.map((node) => node.type),
    ...section.subsections.map(outlineOf),
  ];
}

describe('buildSections', () => {
  test('a heading owns everything up to the next heading of the same or higher rank', () => {
    const markdown = 'Intro.\n\n# A\n\nText.\n\n### A1\n\n- item\n\n## A2\n\n# B\n\n> quote';
    expect(outlineOf(buildSections(parse(markdown), markdown))).toEqual([
      'document',
      ['paragraph'],
      ['1 A', ['paragraph'], ['3 A1', ['list']], ['2 A2', []]],
      ['1 B', ['blockquote']],
    ]);
  });

  test('each section knows the headings above it, its own last', () => {
    const document = buildSections(parse('# A\n\n## B\n\n### C\n\n## D'));
    const c = document.subsections[0]!.subsections[0]!.subsections[0]!;
    expect(c.trail.map((heading) => textOf(heading))).toEqual(['A', 'B', 'C']);
    const d = document.subsections[0]!.subsections[1]!;
    expect(d.trail.map((heading) => textOf(heading))).toEqual(['A', 'D']);
    expect(document.trail).toEqual([]);
  });

  test('a heading that a fence read line by line holds is content of the section before it', () => {
    // A Jekyll example: the opening fence went into an HTML block, so CommonMark sees a heading.
    const markdown = [
      '## Example',
      '',
      '<div markdown="1">',
      '```markdown',
      '',
      '# Inside the example',
      '',
      '```',
      '</div>',
    ].join('\n');
    const tree = parse(markdown);
    expect(tree.children.map((node) => node.type)).toContain('heading');
    expect(outlineOf(buildSections(tree, markdown))).toEqual([
      'document',
      [],
      ['2 Example', ['html', 'heading', 'code']],
    ]);
    // Without the source, every root heading starts a section.
    expect(buildSections(tree).subsections).toHaveLength(2);
  });

  test('the tree is regrouped, not changed', () => {
    const tree = parse('# A\n\ntext');
    const before = structuredClone(tree);
    buildSections(tree, '# A\n\ntext');
    expect(tree).toEqual(before);
  });
});
