/**
 * The stages of the pipeline up to the one a module test is about, run on a small document as
 * `pipeline.ts` runs them, so that a test can call one stage directly on what the stages before
 * it give (and build the rest by hand).
 */
import type { Nodes, Root } from 'mdast';
import { toString as nodeText } from 'mdast-util-to-string';
import { createItemIndexes } from '../../src/chunk/assemble.js';
import type { Resplitter } from '../../src/chunk/cap.js';
import type { FinishContext } from '../../src/chunk/finish.js';
import { createSerializer } from '../../src/chunk/serialize.js';
import { type ResolvedOptions, resolveOptions } from '../../src/options.js';
import { type Draft, pack } from '../../src/pack/pack.js';
import { parse } from '../../src/parse/parse.js';
import { createSplitState } from '../../src/split/blocks.js';
import { sectionUnit } from '../../src/split/section.js';
import type { Leaf, SplitState, Unit } from '../../src/split/types.js';
import { createMeasure, createRawMeasure, type Measure } from '../../src/tree/measure.js';
import { normalize } from '../../src/tree/normalize.js';
import { createProvenance, type Provenance } from '../../src/tree/provenance.js';
import { findRecords, type Records } from '../../src/tree/records.js';
import { buildSections, type Section } from '../../src/tree/sections.js';
import { createSourceMap, type SourceMap } from '../../src/tree/source-map.js';
import type { ChunkdownOptions } from '../../src/types.js';
import { literalText } from '../../src/util/literal.js';

/** What the stages before packing make of a document. */
export interface Staged {
  markdown: string;
  options: ResolvedOptions;
  tree: Root;
  measure: Measure;
  provenance: Provenance;
  sourceMap: SourceMap;
  records: Records;
  /** The section tree to split. */
  document: Section;
  state: SplitState;
  /** The document's unit. */
  root: Unit;
}

/**
 * Parse, normalize, measure and section a document, and make its split state and unit.
 *
 * @param markdown
 *   The document (no front matter).
 * @param options
 *   Options as `chunkdown` takes them.
 * @returns
 *   What each stage made.
 */
export function stage(markdown: string, options: ChunkdownOptions): Staged {
  const resolved = resolveOptions(options);
  const { tree } = normalize(parse(markdown), resolved);
  const measure = createMeasure(resolved.lengthFunction, resolved.countsCharacters);
  const sourceMap = createSourceMap(markdown);
  sourceMap.locate(tree);
  const provenance = createProvenance();
  const records = findRecords(buildSections(tree, markdown), tree, measure);
  const state = createSplitState({
    options: resolved,
    measure,
    provenance,
    source: markdown,
    records,
  });
  return {
    markdown,
    options: resolved,
    tree,
    measure,
    provenance,
    sourceMap,
    records,
    document: records.document,
    state,
    root: sectionUnit(records.document, state),
  };
}

/**
 * The drafts `pack` makes of a staged document, as `splitDocument` packs it.
 *
 * @param staged
 *   The staged document.
 * @returns
 *   Drafts in order.
 */
export function packed(staged: Staged): Draft[] {
  const { options } = staged;
  return pack(staged.root, {
    chunkSize: options.chunkSize,
    maxSize: options.maxSize,
    strict: false,
  });
}

/**
 * The re-splitter of the raw size cap, as `splitDocument` makes it: the chunk's tree regrouped
 * into sections, sizes estimated on the markdown, rules relaxed to the budget, packed under a
 * hard limit.
 *
 * @param staged
 *   The staged document.
 * @returns
 *   The re-splitter.
 */
export function resplitterOf(staged: Staged): Resplitter {
  const { options, provenance } = staged;
  const rawMeasure = createRawMeasure(options.lengthFunction);
  return (root, budget, margin) => {
    const relaxed: ResolvedOptions = {
      ...options,
      chunkSize: budget,
      maxSize: budget,
      maxOverflowRatio: 1,
    };
    const state = createSplitState({
      options: relaxed,
      measure: rawMeasure,
      provenance,
      relaxTo: budget,
    });
    return pack(sectionUnit(buildSections(root), state), {
      chunkSize: budget,
      maxSize: budget,
      strict: true,
      margin,
    });
  };
}

/**
 * The context `finishDrafts` needs, as `splitDocument` makes it, with a re-splitter given.
 *
 * @param staged
 *   The staged document.
 * @param splitAgain
 *   What the cap calls to re-split a chunk (by default the pipeline's).
 * @returns
 *   The context (no `context` header).
 */
export function finishContext(
  staged: Staged,
  splitAgain: Resplitter = resplitterOf(staged),
): FinishContext {
  const { markdown, options, sourceMap, provenance } = staged;
  return {
    source: markdown,
    options,
    splitAgain,
    sourceMap,
    provenance,
    serializer: createSerializer(sourceMap, markdown, provenance),
    definitions: undefined,
    itemIndexes: createItemIndexes(),
    header: undefined,
  };
}

/**
 * The rendered text of a leaf: the slice it holds of a literal, or the whole node's text.
 *
 * @param leaf
 *   A leaf.
 * @returns
 *   Its text.
 */
export function leafText(leaf: Leaf): string {
  if (leaf.from >= 0) return (literalText(leaf.node) ?? '').slice(leaf.from, leaf.to);
  return nodeText(leaf.node as Nodes);
}

/**
 * The rendered text of leaves, joined.
 *
 * @param leaves
 *   Leaves in order.
 * @returns
 *   Their text.
 */
export function leavesText(leaves: readonly Leaf[]): string {
  return leaves.map(leafText).join('');
}

/** A section with nothing in it, for leaves and units made by hand. */
export function emptySection(): Section {
  return { depth: 0, heading: undefined, lead: [], blocks: [], subsections: [], trail: [] };
}
