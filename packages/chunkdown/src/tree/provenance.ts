import type { Nodes, Parent, TableRow } from 'mdast';

/** Where a sliced node came from: the parsed node and the offset of the slice in its text. */
export interface SliceOrigin {
  node: Nodes;
  from: number;
}

/**
 * What one split knows about the nodes it made, which the tree alone does not say: the stages
 * that make nodes (the table splitter, the assembler) record it here, and the stages that read a
 * chunk back (the assembler, the serializer, the locator) look it up. One per split, passed
 * explicitly; nothing is kept between splits.
 */
export interface Provenance {
  /** Origins of the nodes made by slicing the text of a parsed node. */
  readonly sliceOrigins: WeakMap<Nodes, SliceOrigin>;
  /** The parsed container each copied container was made from. */
  readonly copyOrigins: WeakMap<Parent, Parent>;
  /** Nodes added as context (an alert marker), which are not content of the chunk. */
  readonly syntheticNodes: WeakSet<Nodes>;
  /** Rows built to carry a key cell in front of the pieces of one long cell. */
  readonly keyRows: WeakSet<TableRow>;
  /** Rows made for a column group after the first: their first cell repeats the row's key cell. */
  readonly repeatedKeyRows: WeakSet<TableRow>;
}

/**
 * Start the provenance of one split.
 *
 * @returns
 *   Empty records.
 */
export function createProvenance(): Provenance {
  return {
    sliceOrigins: new WeakMap(),
    copyOrigins: new WeakMap(),
    syntheticNodes: new WeakSet(),
    keyRows: new WeakSet(),
    repeatedKeyRows: new WeakSet(),
  };
}
