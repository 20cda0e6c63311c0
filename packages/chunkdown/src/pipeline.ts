import type { Definition, Nodes, Root } from 'mdast';
import { assemble } from './assemble.js';
import { hardCut } from './cap.js';
import { contentText, tableHeaders } from './content.js';
import { takeFrontmatter } from './frontmatter.js';
import { literalText } from './literal.js';
import { breadcrumbs, sourceRange } from './locate.js';
import { createMeasure, createRawMeasure, type Measure } from './measure.js';
import { normalize } from './normalize.js';
import type { ResolvedOptions } from './options.js';
import { parse } from './parse.js';
import { createProvenance, type Provenance } from './provenance.js';
import { buildSections } from './sections.js';
import { createSerializer, type Serializer } from './serialize.js';
import { createSourceMap, type SourceMap } from './source-map.js';
import { createSplitState, sectionUnit } from './split/blocks.js';
import { mergeSmall } from './split/merge-small.js';
import { addOverlap, type OverlappedDraft } from './split/overlap.js';
import { type Draft, pack } from './split/pack.js';
import type { Leaf } from './split/types.js';
import type { Breadcrumb, Chunk, SplitResult } from './types.js';

/** Re-splitting for `maxRawSize` gives up on structure after this many rounds. */
const MAX_CAP_ROUNDS = 12;

interface Context {
  options: ResolvedOptions;
  /** Estimates of serialized sizes, for re-splitting chunks over the raw size cap. */
  rawMeasure: Measure;
  sourceMap: SourceMap;
  provenance: Provenance;
  serializer: Serializer;
  definitions: ReadonlyMap<string, Definition> | undefined;
}

/**
 * Split a document: parse → normalize (front matter, references, transforms) → sections →
 * split and pack → rebuild and serialize each chunk → enforce the raw size cap → metadata.
 *
 * @param markdown
 *   The document.
 * @param options
 *   Resolved options.
 * @returns
 *   Chunks and front matter.
 */
export function splitDocument(markdown: string, options: ResolvedOptions): SplitResult {
  const { frontmatter, body } = takeFrontmatter(markdown);
  const parsed = parse(body);
  const { tree, definitions } = normalize(parsed, options);
  const preserve =
    options.rules.link.style === 'preserve' || options.rules.image.style === 'preserve';
  const measure = createMeasure(options.lengthFunction, options.countsCharacters);
  const sourceMap = createSourceMap(markdown);
  sourceMap.locate(tree);
  const provenance = createProvenance();
  const context: Context = {
    options,
    rawMeasure: createRawMeasure(options.lengthFunction),
    sourceMap,
    provenance,
    serializer: createSerializer(sourceMap, markdown, provenance),
    definitions: preserve ? definitions : undefined,
  };

  const state = createSplitState(options, measure, provenance);
  let drafts = pack(sectionUnit(buildSections(tree), state), options.chunkSize, options.maxSize);
  if (options.minChunkSize > 0) drafts = mergeSmall(drafts, options.minChunkSize, options.maxSize);
  const overlapped: OverlappedDraft[] =
    options.overlap > 0
      ? addOverlap(drafts, options.overlap, state)
      : drafts.map((draft) => ({ ...draft, overlap: 0 }));
  const chunks: Chunk[] = [];
  for (const draft of overlapped) finish(draft, context, chunks, undefined, 0);
  orderRanges(chunks, options.overlap > 0);
  return { chunks, frontmatter };
}

/** Rebuild, serialize and describe a draft; re-split it when it is over the raw size cap. */
function finish(
  draft: Draft & { overlap?: number },
  context: Context,
  chunks: Chunk[],
  outer: { crumbs: Breadcrumb[]; range: [number, number] } | undefined,
  round: number,
): void {
  const { options, serializer, sourceMap, provenance } = context;
  const root = assemble(draft.leaves, provenance, context.definitions);
  const text = serializer.stringify(root);
  if (text.length === 0) return;
  const rawSize = options.lengthFunction(text);
  let range = sourceRange(draft.leaves, sourceMap, provenance) ?? outer?.range ?? [0, 0];
  if (outer) range = clamp(range, outer.range);
  let crumbs = breadcrumbs(draft.leaves);
  if (outer) crumbs = joinCrumbs(outer.crumbs, crumbs);

  if (options.maxRawSize !== undefined && rawSize > options.maxRawSize) {
    if (draft.overlap) {
      // Overlap counts in the cap: drop it before cutting the chunk itself.
      finish(
        { ...draft, leaves: draft.leaves.slice(draft.overlap), overlap: 0 },
        context,
        chunks,
        outer,
        round,
      );
      return;
    }
    capDraft(root, text, rawSize, context, chunks, { crumbs, range }, round);
    return;
  }

  const contentSize = options.lengthFunction(contentText(root, provenance));
  chunks.push({
    text,
    breadcrumbs: crumbs,
    start: range[0],
    end: range[1],
    contentSize,
    rawSize,
    tableHeaders: tableHeaders(root, provenance),
    overflow:
      contentSize > options.maxSize
        ? (draft.overflow ??
          (draft.overlap
            ? { reason: 'overlap', nodeType: 'root', size: contentSize }
            : { reason: 'estimate', nodeType: 'root', size: contentSize }))
        : null,
    // Under the raw cap, a word too big for any piece is cut between graphemes.
    cut: outer !== undefined && endsInWord(draft.leaves),
    fallback: null,
  });
}

/**
 * A chunk over `maxRawSize` is re-split structurally, with sizes estimated on the markdown (text
 * and markup) and every rule relaxed to that budget except for links and images (their URL is
 * repeated in every piece), so fences reopen and table headers repeat; a piece still over the cap
 * is re-split with a budget scaled by how far over it is; only what cannot be split further is cut
 * as text.
 */
function capDraft(
  root: Root,
  text: string,
  rawSize: number,
  context: Context,
  chunks: Chunk[],
  outer: { crumbs: Breadcrumb[]; range: [number, number] },
  round: number,
): void {
  const { options } = context;
  const cap = options.maxRawSize as number;
  // Definitions kept for references are added back to each piece that needs them.
  const flow: Root = {
    ...root,
    children: root.children.filter((node) => node.type !== 'definition'),
  };
  const sections = buildSections(flow);
  let budget = cap * 0.95;
  for (
    let attempt = 0;
    round < MAX_CAP_ROUNDS && attempt < MAX_CAP_ROUNDS && budget >= 1;
    attempt++
  ) {
    const size = Math.floor(budget);
    const relaxed: ResolvedOptions = {
      ...options,
      chunkSize: size,
      maxSize: size,
      maxOverflowRatio: 1,
    };
    const state = createSplitState(relaxed, context.rawMeasure, context.provenance, size);
    const drafts = pack(sectionUnit(sections, state), size, size, true);
    if (
      drafts.length > 1 ||
      (drafts.length === 1 && smaller(drafts[0] as Draft, rawSize, context))
    ) {
      for (const draft of drafts) finish(draft, context, chunks, outer, round + 1);
      return;
    }
    // One piece as big as before: the estimate missed markup added per piece (a fence, a
    // header); aim lower.
    budget = Math.min(budget * 0.9, (budget * cap) / rawSize);
  }
  const pieces = hardCut(text, cap, options.lengthFunction);
  const [start, end] = outer.range;
  const total = pieces.reduce((sum, piece) => sum + piece.length, 0) || 1;
  let consumed = 0;
  for (const piece of pieces) {
    const pieceStart = start + Math.round(((end - start) * consumed) / total);
    consumed += piece.length;
    const pieceEnd = start + Math.round(((end - start) * consumed) / total);
    chunks.push({
      text: piece,
      breadcrumbs: outer.crumbs,
      start: pieceStart,
      end: pieceEnd,
      contentSize: options.lengthFunction(piece),
      rawSize: options.lengthFunction(piece),
      tableHeaders: [],
      overflow: null,
      cut: true,
      fallback: null,
    });
  }
}

/** Whether a chunk starts or ends inside a word, where a re-split cut it between graphemes. */
function endsInWord(leaves: readonly Leaf[]): boolean {
  const first = leaves[0];
  const last = leaves[leaves.length - 1];
  return (
    (first?.wordCut === true && insideWord(first.node, first.from)) ||
    (last?.wordCut === true && insideWord(last.node, last.to))
  );
}

/** Whether `at` in a node's text falls between two characters that are not whitespace. */
function insideWord(node: Nodes, at: number): boolean {
  const text = literalText(node);
  if (text === undefined || at <= 0 || at >= text.length) return false;
  return /\S/.test(text.charAt(at - 1)) && /\S/.test(text.charAt(at));
}

/**
 * Whether a draft serializes smaller than `rawSize`: a re-split can leave one piece that is still
 * smaller than the chunk it came from (blank lines at the start of a code piece go when the
 * lines around them are packed apart).
 */
function smaller(draft: Draft, rawSize: number, context: Context): boolean {
  const text = context.serializer.stringify(
    assemble(draft.leaves, context.provenance, context.definitions),
  );
  return context.options.lengthFunction(text) < rawSize;
}

/**
 * Keep ranges in source order and apart (unless overlap asks for it). Pieces made only of repeated
 * context (a key cell repeated by a column group that the raw cap cut again) would otherwise point
 * back into text an earlier chunk covers.
 */
function orderRanges(chunks: Chunk[], overlap: boolean): void {
  let previousStart = 0;
  let previousEnd = 0;
  for (const chunk of chunks) {
    const floor = overlap ? previousStart : previousEnd;
    if (chunk.start < floor) chunk.start = floor;
    if (chunk.end < chunk.start) chunk.end = chunk.start;
    previousStart = chunk.start;
    previousEnd = Math.max(previousEnd, chunk.end);
  }
}

function clamp(range: [number, number], outer: [number, number]): [number, number] {
  const start = Math.min(Math.max(range[0], outer[0]), outer[1]);
  const end = Math.min(Math.max(range[1], start), outer[1]);
  return [start, end];
}

/** Breadcrumbs of a piece of a re-split chunk: the chunk's, then the headings inside it above the piece. */
function joinCrumbs(outer: Breadcrumb[], inner: Breadcrumb[]): Breadcrumb[] {
  const first = inner[0];
  if (!first) return outer;
  return [...outer.filter((crumb) => crumb.depth < first.depth), ...inner];
}
