import type { Blockquote, Html, Nodes, Paragraph } from 'mdast';
import { describe, expect, test } from 'vitest';
import type { Unit } from '../../src/split/types.js';
import { containerUnit, nodeUnit, withTrailer } from '../../src/split/unit.js';
import { emptySection, stage } from '../helpers/stages.js';
import { block, group, names } from '../helpers/units.js';

const section = emptySection();
const paragraph: Paragraph = { type: 'paragraph', children: [{ type: 'text', value: 'text' }] };

/** The names of the leaves of each unit. */
const named = (units: Unit[]) =>
  names(units.map((unit) => ({ leaves: unit.leaves(), size: 0, overflow: null })));

describe('nodeUnit', () => {
  test('is one whole leaf of content, split as it says', () => {
    const parts = [block('a', 1)];
    const unit = nodeUnit(paragraph, [], section, 4, () => parts);
    expect([unit.kind, unit.size, unit.content]).toEqual(['block', 4, true]);
    expect(unit.leaves()).toEqual([{ path: [], node: paragraph, from: -1, to: -1, section }]);
    expect(unit.split()).toBe(parts);
  });
});

describe('withTrailer', () => {
  const closing: Html = { type: 'html', value: '</details>' };
  const trailer = nodeUnit(closing, [], section, 10, () => ({
    reason: 'never-split',
    nodeType: 'html',
  }));

  test('is placed with the unit, the separator between them counted', () => {
    const joined = withTrailer(block('a', 5, { trail: 2 }), trailer);
    expect(joined.size).toBe(17);
    expect(joined.leaves().map((leaf) => leaf.node.type)).toEqual(['text', 'html']);
  });

  test('goes with the last piece when the unit is split', () => {
    const joined = withTrailer(group('block', [block('a', 5), block('b', 5)]), trailer);
    const pieces = joined.split() as Unit[];
    expect(named(pieces)).toEqual([['a'], ['b', '---']]);
    expect(pieces[1]?.leaves()[1]?.node).toBe(closing);
  });

  test('a unit that cannot be split stays so', () => {
    expect(withTrailer(block('a', 5), trailer).split()).toEqual({
      reason: 'never-split',
      nodeType: 'paragraph',
    });
  });
});

describe('containerUnit', () => {
  test('is measured once, split into its children unless its rule keeps it whole', () => {
    const { document, state, measure } = stage('> one\n>\n> two', { chunkSize: 100 });
    const quote = document.blocks[0] as Blockquote;
    const children = () => state.blocks(quote.children as Nodes[], [quote], document);
    const open = containerUnit(quote, [], document, state, undefined, children);
    expect(open.size).toBe(measure.size(quote));
    expect(open.size).toBe(6);
    expect((open.split() as Unit[]).length).toBe(2);
    const whole = containerUnit(
      quote,
      [],
      document,
      state,
      { reason: 'never-split', nodeType: 'blockquote' },
      children,
    );
    expect(whole.split()).toEqual({ reason: 'never-split', nodeType: 'blockquote' });
  });
});
