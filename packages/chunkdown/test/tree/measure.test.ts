import type { Nodes, Root } from 'mdast';
import { describe, expect, test } from 'vitest';
import { parse } from '../../src/parse/parse.js';
import { createMeasure, createRawMeasure } from '../../src/tree/measure.js';
import { buildSections } from '../../src/tree/sections.js';

const characters = (text: string) => text.length;
const first = (markdown: string) => parse(markdown).children[0] as Nodes;

describe('createMeasure', () => {
  test('measures the rendered text: no URLs, markers or pipes; alt text and code count', () => {
    const measure = createMeasure(characters, true);
    expect(measure.size(first('**Bold** and [a link](https://example.com/long/url).'))).toBe(
      'Bold and a link.'.length,
    );
    expect(measure.size(first('![the alt](x.png)'))).toBe('the alt'.length);
    expect(measure.size(first('```js\nconst a = 1;\n```'))).toBe('const a = 1;'.length);
    expect(measure.size(first('<div>x</div>'))).toBe('<div>x</div>'.length);
  });

  test('a table’s header row is not counted', () => {
    const measure = createMeasure(characters, true);
    expect(measure.size(first('| Head | Er |\n| - | - |\n| a | bc |'))).toBe(3);
  });

  test('measures each node once, in the size unit given', () => {
    const calls: string[] = [];
    const measure = createMeasure((text) => {
      calls.push(text);
      return text.split(' ').length;
    }, false);
    const paragraph = first('one two three');
    expect(measure.size(paragraph)).toBe(3);
    expect(measure.size(paragraph)).toBe(3);
    expect(calls).toEqual(['one two three']);
    expect(measure.text('a b')).toBe(2);
    expect(measure.additive).toBe(false);
  });

  test('a section is its heading, its blocks and its subsections', () => {
    const measure = createMeasure(characters, true);
    const document = buildSections(parse('# A\n\ntext\n\n## B\n\nmore'));
    expect(measure.section(document)).toBe('Atext'.length + 'Bmore'.length);
    expect(measure.section(document.subsections[0]!.subsections[0]!)).toBe(5);
  });
});

describe('createRawMeasure', () => {
  const raw = createRawMeasure(characters);
  const serialized: Array<[string, number]> = [
    ['[a](https://x.dev)', 18],
    ['# Head', 6],
    ['```js\ncode\n```', 14],
    ['| a | b |\n| - | - |\n| 1 | 2 |', 29],
  ];

  test('estimates the markdown: text with its markup, URLs and fences, close to what is written', () => {
    for (const [markdown, length] of serialized) {
      const estimate = raw.size(first(markdown));
      expect(estimate, markdown).toBeGreaterThanOrEqual(length * 0.9);
      expect(estimate, markdown).toBeLessThanOrEqual(length * 1.3 + 4);
    }
    // Far above the content size of a link, whose URL the content does not count.
    expect(raw.size(first('[a](https://example.com/a/long/url)'))).toBeGreaterThan(30);
    expect(raw.additive).toBe(false);
  });

  test('a section’s estimate adds its parts', () => {
    const tree: Root = parse('# A\n\ntext');
    const document = buildSections(tree);
    expect(raw.section(document)).toBe(
      raw.size(tree.children[0] as Nodes) + raw.size(tree.children[1] as Nodes),
    );
  });
});
