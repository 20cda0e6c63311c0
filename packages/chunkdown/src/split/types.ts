import type { Nodes, Parent } from 'mdast';
import type { ResolvedOptions, RuleKey } from '../options.js';
import type { Measure } from '../tree/measure.js';
import type { Provenance } from '../tree/provenance.js';
import type { Records } from '../tree/records.js';
import type { Section } from '../tree/sections.js';
import type { OverflowReason } from '../types.js';

/**
 * A piece of the tree that goes into a chunk as it is: a whole node, or a slice of a literal
 * node's text (`from`/`to` ≥ 0). `path` holds the containers from the root's child down to the
 * leaf's parent, so a chunk can be rebuilt around its leaves.
 */
export interface Leaf {
  path: readonly Parent[];
  node: Nodes;
  /** Start of the slice in the node's text, or -1 for the whole node. */
  from: number;
  /** End of the slice in the node's text, or -1 for the whole node. */
  to: number;
  /** Innermost section the leaf belongs to. */
  section: Section;
  /** Whether the slice was cut out of a word (between graphemes), because the word did not fit. */
  wordCut?: boolean;
}

/** Why a unit cannot be split further. */
export interface Atomic {
  reason: OverflowReason;
  nodeType: string;
}

/** What the packer sees: a unit of the document with its size, placed whole or split. */
export interface Unit {
  /** `section` units start a new chunk when they do not fit; `heading` units stay with what follows. */
  kind: 'section' | 'heading' | 'break' | 'block';
  /** Content size in the size unit (an upper bound of what the unit adds to a chunk). */
  size: number;
  /** Size of the separator after the unit, counted only when the next unit joins its chunk. */
  trail?: number;
  /** Whether the unit holds content other than headings and breaks. */
  content: boolean;
  /** A short paragraph ending with `:` that introduces what follows: it stays with it, like a heading. */
  leadIn?: boolean;
  /**
   * A record of a record list (a release, an API entry, a ticket): when it must be split, its
   * pieces share chunks with nothing else.
   */
  record?: boolean;
  /**
   * The boundary level the unit was cut out of its parent at (`levels.ts`), for a piece of text,
   * code or HTML; absent for whole nodes and sections.
   */
  level?: number;
  /** The leaves of the unit, when it is placed whole. */
  leaves(): Leaf[];
  /** The next-smaller units, or why the unit cannot be split. */
  split(): Unit[] | Atomic;
}

/** Shared state of one split, passed to every node splitter. */
export interface SplitState {
  options: ResolvedOptions;
  measure: Measure;
  /** Where the nodes the splitters make come from (key rows of table pieces). */
  provenance: Provenance;
  /** Rules may be relaxed to fit `maxRawSize`: keep a node whole only while it is ≤ this. */
  keepWholeLimit: number;
  /** Whether a word of this size may be cut at grapheme boundaries. */
  cutsWord(size: number): boolean;
  /** Units for one block node, dispatched by type. */
  block(node: Nodes, path: readonly Parent[], section: Section): Unit;
  /** Units for a run of block nodes (thematic breaks become boundaries). */
  blocks(nodes: readonly Nodes[], path: readonly Parent[], section: Section): Unit[];
  /** Whether a node is kept whole by its rule. */
  keepsWhole(key: RuleKey, node: Nodes): boolean;
  /** The records of the document, if it is a record list. */
  records: Records | undefined;
}

/** A splitter for one node type. */
export type NodeSplitter = (
  node: Nodes,
  path: readonly Parent[],
  section: Section,
  state: SplitState,
) => Unit;
