import type { Parent, Table, TableCell, TableRow } from 'mdast';
import type { Section } from '../tree/sections.js';
import { phrasingUnit } from './phrasing.js';
import type { Atomic, SplitState, Unit } from './types.js';
import { nodeUnit } from './unit.js';

/**
 * A unit for a table: whole while it fits, else split between rows, and every piece repeats the
 * header row (the assembler adds it). A row too wide for any chunk is split into column groups
 * that repeat the first (key) column and the groups' headers; a cell too long for any chunk is
 * split at its sentences and words, each piece in its own row after the key cell.
 *
 * @param node
 *   The table.
 * @param path
 *   Its ancestors.
 * @param section
 *   Its section.
 * @param state
 *   Split state.
 * @param whole
 *   Why the table must stay whole, if its rule says so.
 * @returns
 *   The unit.
 */
export function tableUnit(
  node: Table,
  path: readonly Parent[],
  section: Section,
  state: SplitState,
  whole: Atomic | undefined,
): Unit {
  return nodeUnit(node, path, section, state.measure.size(node), () => {
    if (whole) return whole;
    if (node.children.length < 2) return { reason: 'never-split', nodeType: 'table' };
    const rowPath = [...path, node];
    return node.children.slice(1).map((row) => rowUnit(row, node, rowPath, path, section, state));
  });
}

function rowUnit(
  row: TableRow,
  table: Table,
  rowPath: readonly Parent[],
  tablePath: readonly Parent[],
  section: Section,
  state: SplitState,
): Unit {
  return nodeUnit(row, rowPath, section, state.measure.size(row), () =>
    columnGroups(row, table, tablePath, section, state),
  );
}

/** Split a row into groups of columns, each repeating the key column, that fit the chunk size. */
function columnGroups(
  row: TableRow,
  table: Table,
  tablePath: readonly Parent[],
  section: Section,
  state: SplitState,
): Unit[] | Atomic {
  const cells = row.children;
  const key = cells[0];
  if (!key || cells.length < 2) {
    return key
      ? cellPieces(key, [], table, tablePath, row, section, state)
      : { reason: 'never-split', nodeType: 'tableRow' };
  }
  const { measure, options } = state;
  // A key cell that takes more than half a chunk is not worth repeating: then every cell,
  // the key included, goes into groups of its own.
  const repeatKey = measure.size(key) <= options.chunkSize / 2;
  const keySize = repeatKey ? measure.size(key) : 0;
  const budget = Math.max(options.chunkSize - keySize, 1);
  const groups: number[][] = [];
  let current: number[] = [];
  let currentSize = 0;
  // The key cell of a column group is a copy: it goes as a column of its own only once.
  const keyIsColumn = !repeatKey && !repeatsKey(row, state);
  // Columns after the row's last cell under a header go with the last group: header cells the
  // row has no cell for (GFM fills them in empty), whose text would be lost in no group, and
  // cells past the header's width (GFM renders none), which in a group of their own would be
  // headed by an empty cell the source never had.
  const width = (table.children[0] as TableRow).children.length;
  const headed = Math.min(cells.length, width);
  for (let index = keyIsColumn ? 0 : 1; index < headed; index++) {
    const size = measure.size(cells[index] as TableCell);
    if (current.length > 0 && currentSize + size > budget) {
      groups.push(current);
      current = [];
      currentSize = 0;
    }
    current.push(index);
    currentSize += size;
  }
  groups.push(current);
  if (groups.length === 1 && (groups[0] as number[]).length > 1) {
    // The row is wide but every column fits one group: split it one column per group.
    groups.splice(0, 1, ...(groups[0] as number[]).map((index) => [index]));
  }
  for (let index = Math.max(headed, 1); index < Math.max(cells.length, width); index++) {
    (groups[groups.length - 1] as number[]).push(index);
  }

  const prefix = repeatKey ? [key] : [];
  return groups.map((columns, groupIndex): Unit => {
    const virtualTable = subTable(table, repeatKey ? [0, ...columns] : columns);
    const groupCells = columns.flatMap((index) => cells[index] ?? []);
    // The group's source is its own cells (the first group's starts at the key cell, where the
    // row starts); in later groups the key cell is repeated context.
    const first = (groupIndex === 0 && repeatKey ? key : groupCells[0])?.position;
    const last = groupCells[groupCells.length - 1]?.position;
    const groupRow: TableRow = {
      type: 'tableRow',
      children: [...prefix, ...groupCells],
      ...(first && last ? { position: { start: first.start, end: last.end } } : {}),
    };
    if (repeatKey && groupIndex > 0) state.provenance.repeatedKeyRows.add(groupRow);
    const groupPath = [...tablePath, virtualTable];
    const size = groupRow.children.reduce((sum, cell) => sum + measure.size(cell), 0);
    return {
      kind: 'block',
      size,
      content: true,
      leaves: () => [{ path: groupPath, node: groupRow, from: -1, to: -1, section }],
      split: () => {
        // (A header cell the row has no cell for leaves the one cell there is to split.)
        const only = groupCells.length === 1 ? columns[0] : undefined;
        if (only === undefined) return { reason: 'never-split', nodeType: 'tableRow' };
        const pieces = cellPieces(
          cells[only] as TableCell,
          prefix,
          virtualTable,
          tablePath,
          row,
          section,
          state,
        );
        if (prefix.length === 0 || state.keepWholeLimit === Number.POSITIVE_INFINITY) return pieces;
        const bare = bareRowPath(subTable(table, columns), tablePath, row, state);
        let units: Unit[];
        if (Array.isArray(pieces)) {
          units = withoutKeyWhereTooBig(pieces, prefix, virtualTable, bare, tablePath, state);
          if (units.every((unit, index) => unit === pieces[index])) return pieces;
        } else {
          // A cell that cannot be cut (one link) goes without the key when it fits alone.
          const cell = cells[only] as TableCell;
          if (measure.size(cell) > (state.options.rawBudget ?? state.keepWholeLimit)) return pieces;
          units = [wholeCellUnit(cell, bare, section, state, pieces)];
        }
        // The first group holds the key cell's own text (unless the row repeats it from another
        // group): without the key, it goes first alone.
        if (groupIndex > 0 || repeatsKey(row, state)) return units;
        const keyPath = bareRowPath(subTable(table, [0]), tablePath, row, state);
        const keyUnit = wholeCellUnit(key, keyPath, section, state, {
          reason: 'never-split',
          nodeType: 'tableCell',
        });
        return [keyUnit, ...units];
      },
    };
  });
}

/** Units for the pieces of one long cell, each to sit in a row after the `prefix` cells. */
function cellPieces(
  cell: TableCell,
  prefix: TableCell[],
  table: Table,
  tablePath: readonly Parent[],
  row: TableRow,
  section: Section,
  state: SplitState,
): Unit[] | Atomic {
  const pieceRow: TableRow = {
    type: 'tableRow',
    children: prefix,
    ...(cell.position
      ? { position: cell.position }
      : row.position
        ? { position: row.position }
        : {}),
  };
  state.provenance.keyRows.add(pieceRow);
  const unit = phrasingUnit(cell, [...tablePath, table, pieceRow], section, state);
  const pieces = unit.split();
  return Array.isArray(pieces) ? pieces : { reason: pieces.reason, nodeType: pieces.nodeType };
}

/** Whether a row's first cell repeats the key cell of a row split into column groups. */
function repeatsKey(row: TableRow, state: SplitState): boolean {
  const { repeatedKeyRows, copyOrigins } = state.provenance;
  for (let current: TableRow | undefined = row; current; ) {
    if (repeatedKeyRows.has(current)) return true;
    current = copyOrigins.get(current) as TableRow | undefined;
  }
  return false;
}

/** A unit placing one whole cell in the row at the end of `path`. */
function wholeCellUnit(
  cell: TableCell,
  path: Parent[],
  section: Section,
  state: SplitState,
  atomic: Atomic,
): Unit {
  return {
    kind: 'block',
    size: state.measure.size(cell),
    content: true,
    leaves: () => [{ path, node: cell, from: -1, to: -1, section }],
    split: () => atomic,
  };
}

/** The path of a row of one column group without its key cell, under the raw size cap. */
function bareRowPath(
  bareTable: Table,
  tablePath: readonly Parent[],
  row: TableRow,
  state: SplitState,
): Parent[] {
  const bareRow: TableRow = {
    type: 'tableRow',
    children: [],
    ...(row.position ? { position: row.position } : {}),
  };
  state.provenance.keyRows.add(bareRow);
  return [...tablePath, bareTable, bareRow];
}

/**
 * Under the raw size cap, a piece that cannot be cut further (a link) and does not fit with the
 * key cell before it goes in a row of its own column without the key: the link stays whole
 * instead of being cut as text.
 */
function withoutKeyWhereTooBig(
  pieces: Unit[],
  prefix: TableCell[],
  keyedTable: Table,
  bare: Parent[],
  tablePath: readonly Parent[],
  state: SplitState,
): Unit[] {
  // What the piece measures with the markup around it (its header row, the delimiter row, the
  // pipes of its row), with and without the key, against the cap itself.
  const cap = state.options.rawBudget ?? state.keepWholeLimit;
  const wrapper = (table: Table) => {
    const header = table.children[0] as TableRow;
    return state.measure.size(header) + 4 * header.children.length + 6;
  };
  const keyed =
    prefix.reduce((sum, cell) => sum + state.measure.size(cell), 0) + wrapper(keyedTable);
  const alone = wrapper(bare[bare.length - 2] as Table);
  const at = tablePath.length;
  return pieces.map((piece) => {
    if (piece.size + keyed <= cap || piece.size + alone > cap) return piece;
    // A piece that can still be cut fits with the key once cut.
    if (Array.isArray(piece.split())) return piece;
    return {
      ...piece,
      leaves: () =>
        piece.leaves().map((leaf) => ({ ...leaf, path: [...bare, ...leaf.path.slice(at + 2)] })),
    };
  });
}

/**
 * A table holding only the given columns of the header, to head a column group (columns past the
 * header's width have no header cell: their cells stay unrendered, as in the source).
 */
function subTable(table: Table, columns: number[]): Table {
  const header = table.children[0] as TableRow;
  const headed = columns.filter((index) => index < header.children.length);
  return {
    type: 'table',
    align: headed.map((index) => table.align?.[index] ?? null),
    children: [
      { type: 'tableRow', children: headed.map((index) => header.children[index] as TableCell) },
    ],
  };
}
