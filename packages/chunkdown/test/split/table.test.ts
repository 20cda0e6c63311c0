import type { Table, TableRow } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';
import { describe, expect, test } from 'vitest';
import { tableUnit } from '../../src/split/table.js';
import type { Unit } from '../../src/split/types.js';
import { leavesText, stage } from '../helpers/stages.js';

/** The unit of a document's table, with the split's provenance. */
function tableOf(markdown: string, chunkSize: number) {
  const { document, state, provenance } = stage(markdown, { chunkSize });
  const node = document.blocks[0] as Table;
  return { node, provenance, unit: tableUnit(node, [], document, state, undefined) };
}

/** The column groups of the first row of a document's table, split at `chunkSize`. */
function columnGroupsOf(markdown: string, chunkSize: number) {
  const { unit, provenance } = tableOf(markdown, chunkSize);
  const [row] = unit.split() as Unit[];
  return { groups: row!.split() as Unit[], provenance };
}

/** The header table a column group is under. */
function headingTable(group: Unit): Table {
  const [leaf] = group.leaves();
  return leaf!.path[leaf!.path.length - 1] as Table;
}

/** The texts of the header cells a column group is under. */
const headerTexts = (group: Unit) =>
  headingTable(group).children[0]!.children.map((cell) => textOf(cell));

const wide =
  '| Key | A | B | C |\n| - | - | - | - |\n| k1 | alpha alpha alpha | beta beta beta | gamma gamma |\n| k2 | short | s | s |';

describe('tableUnit', () => {
  test('its size leaves out the header row, and it splits into its other rows', () => {
    const { unit } = tableOf(wide, 100);
    expect(unit.size).toBe(
      'k1alpha alpha alphabeta beta betagamma gamma'.length + 'k2shortss'.length,
    );
    const rows = unit.split() as Unit[];
    expect(rows.map((row) => leavesText(row.leaves()))).toEqual([
      'k1alpha alpha alphabeta beta betagamma gamma',
      'k2shortss',
    ]);
  });

  test('a table of a header row only, or under its rule, stays whole', () => {
    expect(tableOf('| a | b |\n| - | - |', 1).unit.split()).toEqual({
      reason: 'never-split',
      nodeType: 'table',
    });
    const { document, state } = stage(wide, { chunkSize: 10 });
    const whole = tableUnit(document.blocks[0] as Table, [], document, state, {
      reason: 'never-split',
      nodeType: 'table',
    });
    expect(whole.split()).toEqual({ reason: 'never-split', nodeType: 'table' });
  });

  test('a row too wide splits into column groups that repeat the key cell under their headers', () => {
    const { groups, provenance } = columnGroupsOf(wide, 30);
    expect(groups.map((group) => leavesText(group.leaves()))).toEqual([
      'k1alpha alpha alpha',
      'k1beta beta betagamma gamma',
    ]);
    expect(groups.map(headerTexts)).toEqual([
      ['Key', 'A'],
      ['Key', 'B', 'C'],
    ]);
    // The key cell of the later groups is repeated context.
    const rows = groups.map((group) => group.leaves()[0]!.node as TableRow);
    expect(rows.map((each) => provenance.repeatedKeyRows.has(each))).toEqual([false, true]);
  });

  test('cells past the header stay with the last column group, under no header of their own', () => {
    // GFM renders no cell past the header's width (fastify's Errors.md has a row of eight cells
    // under four): a group of its own would head them with an empty cell the source never had.
    const extra =
      '| Key | A | B |\n| - | - | - |\n| k1 | alpha alpha alpha | beta beta beta | extra one | extra two |';
    const { groups } = columnGroupsOf(extra, 30);
    expect(groups.map((group) => leavesText(group.leaves()))).toEqual([
      'k1alpha alpha alpha',
      'k1beta beta betaextra oneextra two',
    ]);
    for (const group of groups) {
      const table = headingTable(group);
      expect(table.align).toHaveLength(table.children[0]!.children.length);
    }
    expect(groups.map(headerTexts)).toEqual([
      ['Key', 'A'],
      ['Key', 'B'],
    ]);
  });

  test('header cells the row has no cell for head the last column group, so no text is lost', () => {
    // An all-contributors table (envinfo's README): seven people in the header row, five in the
    // row under it. Their names were in no group's header.
    const short =
      '| Key | A | B | C | D |\n| - | - | - | - | - |\n| k1 | alpha alpha alpha | beta beta beta |';
    const { groups } = columnGroupsOf(short, 30);
    expect(groups.map(headerTexts)).toEqual([
      ['Key', 'A'],
      ['Key', 'B', 'C', 'D'],
    ]);
    expect(groups.map((group) => leavesText(group.leaves()))).toEqual([
      'k1alpha alpha alpha',
      'k1beta beta beta',
    ]);
    // The one cell of the last group still splits when it is too long.
    const long = '| Key | A | B |\n| - | - | - |\n| k | One sentence here. Another one there. |';
    const [last] = columnGroupsOf(long, 20).groups.slice(-1);
    expect(Array.isArray(last!.split())).toBe(true);
  });

  test('a cell too long for a chunk is split at its sentences, each piece after the key cell', () => {
    const markdown =
      '| Key | Text |\n| - | - |\n| k | One sentence here. Two sentence there. Three more. |';
    const { groups, provenance } = columnGroupsOf(markdown, 25);
    const [group] = groups;
    const pieces = group!.split() as Unit[];
    expect(pieces.map((piece) => leavesText(piece.leaves()))).toEqual([
      'One sentence here. ',
      'Two sentence there. ',
      'Three more.',
    ]);
    const [leaf] = pieces[0]!.leaves();
    const pieceRow = leaf!.path.find((parent) => parent.type === 'tableRow') as TableRow;
    expect(pieceRow.children.map((cell) => textOf(cell))).toEqual(['k']);
    expect(provenance.keyRows.has(pieceRow)).toBe(true);
  });
});
