import type { Root, Text } from 'mdast';
import { describe, expect, test } from 'vitest';
import { contentText, tableHeaders } from '../../src/chunk/content.js';
import { parse } from '../../src/parse/parse.js';
import { createProvenance } from '../../src/tree/provenance.js';

describe('contentText', () => {
  test('the rendered text, without the header rows of tables', () => {
    const root = parse(
      '**Bold** [link](https://x.dev) ![alt](a.png)\n\n| H1 | H2 |\n| - | - |\n| a | b |',
    );
    expect(contentText(root, createProvenance())).toBe('Bold link altab');
  });

  test('without the context the assembler added', () => {
    const provenance = createProvenance();
    const marker: Text = { type: 'text', value: '[!NOTE]\n' };
    provenance.syntheticNodes.add(marker);
    const root: Root = {
      type: 'root',
      children: [{ type: 'paragraph', children: [marker, { type: 'text', value: 'Note.' }] }],
    };
    expect(contentText(root, provenance)).toBe('Note.');
  });
});

describe('tableHeaders', () => {
  test('the column headers of every table, in order, without repeats', () => {
    const root = parse(
      '| Key | Value |\n| - | - |\n| a | b |\n\nText.\n\n| Value | **Note** |\n| - | - |\n| c | d |',
    );
    expect(tableHeaders(root, createProvenance())).toEqual(['Key', 'Value', 'Note']);
    expect(tableHeaders(parse('No tables.'), createProvenance())).toEqual([]);
  });
});
