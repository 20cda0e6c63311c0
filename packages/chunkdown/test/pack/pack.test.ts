import type { Break, Text } from 'mdast';
import { describe, expect, test } from 'vitest';
import { type Limits, pack } from '../../src/pack/pack.js';
import { LINE, WORD } from '../../src/split/levels.js';
import type { Unit } from '../../src/split/types.js';
import { emptySection } from '../helpers/stages.js';
import { block, group, heading, names, rule } from '../helpers/units.js';

const limits: Limits = { chunkSize: 100, maxSize: 100, strict: false };

/** Pack units as the parts of a document. */
const packUnits = (units: readonly Unit[], given: Partial<Limits> = {}) =>
  pack(group('section', units), { ...limits, ...given });

describe('pack', () => {
  test('a document that fits is one chunk, with its size', () => {
    const drafts = packUnits([block('a', 30), block('b', 30)]);
    expect(names(drafts)).toEqual([['a', 'b']]);
    expect(drafts[0]?.size).toBe(60);
    expect(drafts[0]?.overflow).toBeNull();
  });

  test('a unit that does not fit is split into its parts, none over the chunk size', () => {
    const drafts = packUnits([block('a', 60), block('b', 60), block('c', 60)]);
    expect(names(drafts)).toEqual([['a'], ['b'], ['c']]);
    expect(drafts.every((draft) => draft.size <= 100)).toBe(true);
  });

  test('sections that do not fit together each start a chunk', () => {
    const one = group('section', [heading('One'), block('a', 40), block('b', 40)]);
    const two = group('section', [heading('Two'), block('c', 40), block('d', 40)]);
    expect(names(packUnits([one, two]))).toEqual([
      ['One', 'a', 'b'],
      ['Two', 'c', 'd'],
    ]);
  });

  test('a heading stays with the start of its content, never at the end of a chunk', () => {
    expect(names(packUnits([block('a', 60), heading('H'), block('b', 60)]))).toEqual([
      ['a'],
      ['H', 'b'],
    ]);
    // It would fit after `a`, but what follows it would not.
    expect(names(packUnits([block('a', 90), heading('H'), block('b', 8)]))).toEqual([
      ['a'],
      ['H', 'b'],
    ]);
  });

  test('a heading before a unit too big for it takes the unit’s first part along', () => {
    const section = [heading('H', 10), group('block', [block('p1', 60), block('p2', 60)])];
    expect(names(packUnits(section))).toEqual([['H', 'p1'], ['p2']]);
  });

  test('an empty section leads into the section after it, which stays whole', () => {
    // The chunk may end before `More`, not after it: a heading with nothing under it goes with
    // what follows. Planned to end after it, the chunk kept it, and D was cut to join it.
    const sections = [
      group('section', [heading('A'), block('a', 60)]),
      group('section', [heading('More')]),
      group('section', [heading('D'), block('d1', 30), block('d2', 30)]),
    ];
    expect(names(packUnits(sections))).toEqual([
      ['A', 'a'],
      ['More', 'D', 'd1', 'd2'],
    ]);
  });

  test('a heading takes no words of a unit that fits: the unit joins it whole, over the limit', () => {
    // A code line of 70 fits any chunk, but not after a heading of 40: cut at its words, the
    // heading would keep `let area =` and the next chunk the rest of the line.
    const words = [block('let', 3, { level: WORD }), block('area', 67, { level: WORD })];
    const line = block('line', 70, { split: () => words });
    const drafts = packUnits([heading('H', 40), line, block('after', 20)]);
    expect(names(drafts)).toEqual([['H', 'line'], ['after']]);
    expect(drafts[0]?.overflow).toEqual({ reason: 'heading', nodeType: 'heading', size: 110 });
    // Cut at its lines (or sentences), a unit still gives the heading its first part.
    const lines = [block('l1', 40, { level: LINE }), block('l2', 40, { level: LINE })];
    const code = block('code', 80, { split: () => lines });
    expect(names(packUnits([heading('H', 40), code]))).toEqual([['H', 'l1'], ['l2']]);
  });

  test('a lead-in paragraph (ending with a colon) stays with what follows', () => {
    const units = [block('a', 70), block('Install it:', 10, { leadIn: true }), block('b', 50)];
    expect(names(packUnits(units))).toEqual([['a'], ['Install it:', 'b']]);
  });

  test('thematic breaks never sit at the edge of a chunk, and stay inside one', () => {
    const drafts = packUnits([rule(), block('a', 60), rule(), block('b', 60), rule()]);
    expect(names(drafts)).toEqual([['a'], ['b']]);
    expect(names(packUnits([block('a', 20), rule(), block('b', 20)]))).toEqual([['a', '---', 'b']]);
  });

  test('headings with nothing after them at the end of a document join the chunk before', () => {
    expect(names(packUnits([block('a', 60), block('b', 60), heading('H')]))).toEqual([
      ['a'],
      ['b', 'H'],
    ]);
    // A document of headings only is one chunk of them.
    expect(names(packUnits([heading('A'), heading('B')]))).toEqual([['A', 'B']]);
  });

  test('a unit up to the maximum stays whole without overflow; past it, it says why', () => {
    const within = packUnits([block('a', 30), block('big', 120), block('c', 30)], {
      maxSize: 150,
    });
    expect(names(within)).toEqual([['a'], ['big'], ['c']]);
    expect(within.map((draft) => draft.overflow)).toEqual([null, null, null]);
    const over = packUnits([block('a', 30), block('big', 300), block('c', 30)]);
    expect(names(over)).toEqual([['a'], ['big'], ['c']]);
    expect(over[1]?.overflow).toEqual({ reason: 'never-split', nodeType: 'paragraph', size: 300 });
  });

  test('the pieces of a record share chunks with nothing else', () => {
    const release = (record: boolean) =>
      group('block', [block('r1', 60), block('r2', 60)], record ? { record: true } : {});
    // A start under a tenth of the chunk takes the first piece of a unit along; a record's not.
    // (`y`, under a tenth of the chunk at the run's end, is never cut from what comes before.)
    expect(names(packUnits([block('x', 5), release(false), block('y', 8)]))).toEqual([
      ['x', 'r1'],
      ['r2', 'y'],
    ]);
    expect(names(packUnits([block('x', 5), release(true), block('y', 8)]))).toEqual([
      ['x'],
      ['r1'],
      ['r2'],
      ['y'],
    ]);
  });

  test('under a hard limit a heading lets go of a unit that cannot join it; else it overflows', () => {
    const units = [heading('H', 10), block('big', 95)];
    expect(names(packUnits(units, { strict: true }))).toEqual([['H'], ['big']]);
    const loose = packUnits(units);
    expect(names(loose)).toEqual([['H', 'big']]);
    expect(loose[0]?.overflow).toEqual({ reason: 'heading', nodeType: 'heading', size: 105 });
  });

  test('a chunk ends without the whitespace and hard breaks its last piece carries', () => {
    const section = emptySection();
    const tail: Text = { type: 'text', value: 'tail   ' };
    const hardBreak: Break = { type: 'break' };
    const ending = block('x', 4, {
      leaves: () => [
        { path: [], node: tail, from: -1, to: -1, section },
        { path: [], node: hardBreak, from: -1, to: -1, section },
      ],
    });
    const [draft] = packUnits([block('a', 20), ending]);
    expect(draft?.leaves.map((leaf) => [leaf.node.type, leaf.from, leaf.to])).toEqual([
      ['text', -1, -1],
      ['text', 0, 4],
    ]);
    // The unit's leaf itself is not changed.
    expect(ending.leaves()[0]?.from).toBe(-1);
  });

  test('an empty document gives no chunks', () => {
    expect(packUnits([])).toEqual([]);
  });
});
