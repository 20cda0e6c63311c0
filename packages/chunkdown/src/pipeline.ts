import type { Root } from 'mdast';
import { createItemIndexes } from './chunk/assemble.js';
import type { Resplitter } from './chunk/cap.js';
import { createHeader, documentTitle } from './chunk/context.js';
import { type FinishContext, finishDrafts } from './chunk/finish.js';
import { type SectionSpan, sectionSpans } from './chunk/parents.js';
import {
  createRenderMemo,
  type ObjectIds,
  type RenderMemo,
  type RenderStore,
} from './chunk/render-memo.js';
import { createSerializer } from './chunk/serialize.js';
import type { ResolvedOptions } from './options.js';
import { mergeSmall } from './pack/merge-small.js';
import { addOverlap, type OverlappedDraft } from './pack/overlap.js';
import { pack } from './pack/pack.js';
import { planStyle } from './pack/plan.js';
import { markCellBreaks } from './parse/cell-breaks.js';
import { typeAlerts } from './parse/containers.js';
import { type Dialect, dialectsFor, readKey } from './parse/dialect.js';
import { takeFrontmatter } from './parse/frontmatter.js';
import { parse, parseSegment } from './parse/parse.js';
import { type DialectParse, dialectSegmentParser, parseDialects } from './parse/read-dialects.js';
import { reuseSegments, type SegmentStore } from './parse/segment-cache.js';
import type { SegmentParser } from './parse/segmented.js';
import { sourceText } from './parse/source-text.js';
import { createSplitState } from './split/blocks.js';
import { sectionUnit } from './split/section.js';
import { createMeasure, createRawMeasure, type Measure } from './tree/measure.js';
import { type NormalizeMemo, normalize } from './tree/normalize.js';
import { createProvenance, type Provenance } from './tree/provenance.js';
import { findRecords } from './tree/records.js';
import { buildSections } from './tree/sections.js';
import { createSourceMap, type SourceMapMemory } from './tree/source-map.js';
import type { SplitResult } from './types.js';

/** What a split leaves for the next split of an edited document (`update`) to reuse. */
export interface Work {
  /**
   * The parses of its segments (a document parsed in segments only), by the dialects each was
   * read with and its text.
   */
  segments: SegmentStore | undefined;
  /** Its chunks' renderings. */
  renders: RenderStore;
}

/**
 * Where segment parses may come from besides the parser: given what a parser reads with (`key`,
 * the dialects' names joined with commas, `''` for none) and the parser, one that serves parses
 * made elsewhere (the command line parses a large document's segments on worker threads first).
 */
export type SegmentSource = (key: string, parseSegment: SegmentParser) => SegmentParser;

/** What a splitter keeps from split to split: numbers and sizes of the nodes it saw. */
export interface SplitterMemory {
  ids: ObjectIds;
  /** Content sizes (`createMeasure`). */
  measure: Measure;
  /** Estimates of serialized sizes, for the raw cap (`createRawMeasure`). */
  rawMeasure: Measure;
  /** Top-level blocks normalized before. */
  normalized: NormalizeMemo;
  /** What source maps found of nodes seen before (`createSourceMap`). */
  sourceMaps: SourceMapMemory;
}

/** How one split is made: its parser, and what it may reuse of an earlier split. */
export interface SplitPlan {
  /**
   * Parses the document with its front matter blanked, when it is read with no dialect (the CLI
   * passes a tree it parsed ahead on worker threads).
   */
  parseBody?: ((body: string) => Root) | undefined;
  /** Where segment parses may come from, for a document read with dialects. */
  segmentSource?: SegmentSource | undefined;
  /** The splitter's memory (without it, every split starts afresh). */
  memory?: SplitterMemory | undefined;
  /** The work of an earlier split of this splitter to reuse. */
  previous?: Work | undefined;
}

/**
 * Split a document: parse → normalize (front matter, references, transforms) → sections and
 * record lists → split and pack → merge small chunks → overlap → rebuild and serialize each
 * chunk → enforce the raw size cap → metadata.
 *
 * @param markdown
 *   The document.
 * @param options
 *   Resolved options.
 * @param plan
 *   Its parser and what it may reuse.
 * @returns
 *   Chunks and front matter, the work to reuse, and (with `parents`) the section spans.
 */
export function splitDocument(
  markdown: string,
  options: ResolvedOptions,
  plan: SplitPlan = {},
): { result: SplitResult; work: Work; sections?: SectionSpan } {
  const { frontmatter, body } = takeFrontmatter(markdown);
  // Detection and the read share the body's lines and what the dialects' scans find in them.
  const source = sourceText(body);
  const dialects = options.syntax.length > 0 ? dialectsFor(options.syntax, source) : [];
  // Segments of the earlier split whose text is the same are not parsed again, when they were
  // read with the same dialects (which a document shows: an edit may change them).
  const segments = plan.memory ? reuseSegments(plan.previous?.segments) : undefined;
  const parserFor = (read: readonly Dialect[]): SegmentParser => {
    const key = readKey(read);
    const fresh = read.length > 0 ? dialectSegmentParser(read) : parseSegment;
    const served = plan.segmentSource?.(key, fresh) ?? fresh;
    return segments ? segments.parserFor(key, served) : served;
  };
  const read: DialectParse =
    dialects.length > 0
      ? parseDialects(source, dialects, parserFor)
      : {
          tree: plan.parseBody?.(body) ?? parse(body, {}, parserFor([])),
          syntax: [],
          diagnostics: [],
        };
  typeAlerts(read.tree);
  markCellBreaks(read.tree);
  const { tree, definitions } = normalize(read.tree, options, plan.memory?.normalized);
  const preserve =
    options.rules.link.style === 'preserve' || options.rules.image.style === 'preserve';
  const memory = plan.memory;
  const measure =
    memory?.measure ?? createMeasure(options.lengthFunction, options.countsCharacters);
  const sourceMap = createSourceMap(markdown, memory?.sourceMaps);
  sourceMap.locate(tree);
  const provenance = createProvenance();
  const memo: RenderMemo | undefined = memory
    ? createRenderMemo(
        plan.previous?.renders,
        memory.ids,
        markdown,
        preserve ? definitions : undefined,
      )
    : undefined;
  const context: FinishContext = {
    source: markdown,
    options,
    splitAgain: resplitter(
      options,
      memory?.rawMeasure ?? createRawMeasure(options.lengthFunction),
      provenance,
    ),
    sourceMap,
    provenance,
    serializer: createSerializer(
      sourceMap,
      markdown,
      provenance,
      dialects.flatMap((dialect) => (dialect.parser.verbatim ? [] : dialect.parser.toMarkdown)),
      dialects.flatMap((dialect) => (dialect.parser.verbatim ? dialect.parser.toMarkdown : [])),
    ),
    definitions: preserve ? definitions : undefined,
    itemIndexes: createItemIndexes(),
    header: options.context
      ? createHeader(documentTitle(frontmatter, tree), options.lengthFunction, options.rawBudget)
      : undefined,
    memo,
  };

  const records = findRecords(buildSections(tree, markdown), tree, measure);
  const state = createSplitState({ options, measure, provenance, source: markdown, records });
  let drafts = pack(sectionUnit(records.document, state), {
    chunkSize: options.chunkSize,
    maxSize: options.maxSize,
    strict: false,
    style: planStyle(options.chunkSize, options.maxSize, options.lengthFunction),
  });
  if (options.minChunkSize > 0) drafts = mergeSmall(drafts, options.minChunkSize, options.maxSize);
  const overlapped: OverlappedDraft[] =
    options.overlap > 0
      ? addOverlap(drafts, options.overlap, state)
      : drafts.map((draft) => ({ ...draft, overlap: 0 }));
  const result: SplitResult = {
    chunks: finishDrafts(overlapped, context),
    frontmatter,
    kind: records.kind,
    ...(options.syntax.length > 0 ? { syntax: read.syntax } : {}),
    ...(read.diagnostics.length > 0 ? { diagnostics: read.diagnostics } : {}),
  };
  const work: Work = {
    segments: segments?.store,
    renders: memo?.store ?? { signature: '', byKey: new Map() },
  };
  if (options.parents) {
    return { result, work, sections: sectionSpans(records.document, markdown.length) };
  }
  return { result, work };
}

/**
 * How a chunk over the raw size cap is split again: its tree regrouped into sections and split
 * with sizes estimated on the markdown, every rule relaxed to the budget (`cap.ts`), and packed
 * under a hard limit.
 *
 * @param options
 *   Resolved options.
 * @param rawMeasure
 *   Estimates of serialized sizes.
 * @param provenance
 *   The split's provenance.
 * @returns
 *   The re-splitter the cap calls.
 */
function resplitter(
  options: ResolvedOptions,
  rawMeasure: Measure,
  provenance: Provenance,
): Resplitter {
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
