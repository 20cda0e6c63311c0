import type { Root } from 'mdast';
import { createHeader, documentTitle } from './chunk/context.js';
import { type FinishContext, finishDrafts } from './chunk/finish.js';
import { createSerializer } from './chunk/serialize.js';
import type { ResolvedOptions } from './options.js';
import { mergeSmall } from './pack/merge-small.js';
import { addOverlap, type OverlappedDraft } from './pack/overlap.js';
import { pack } from './pack/pack.js';
import { takeFrontmatter } from './parse/frontmatter.js';
import { parse } from './parse/parse.js';
import { createSplitState, sectionUnit } from './split/blocks.js';
import { createMeasure, createRawMeasure } from './tree/measure.js';
import { normalize } from './tree/normalize.js';
import { createProvenance } from './tree/provenance.js';
import { findRecords } from './tree/records.js';
import { buildSections } from './tree/sections.js';
import { createSourceMap } from './tree/source-map.js';
import type { Chunk, SplitResult } from './types.js';

/**
 * Split a document: parse → normalize (front matter, references, transforms) → sections and
 * record lists → split and pack → merge small chunks → overlap → rebuild and serialize each
 * chunk → enforce the raw size cap → metadata.
 *
 * @param markdown
 *   The document.
 * @param options
 *   Resolved options.
 * @param parseBody
 *   Parses the document with its front matter blanked (the CLI passes a tree it parsed ahead on
 *   worker threads).
 * @returns
 *   Chunks and front matter.
 */
export function splitDocument(
  markdown: string,
  options: ResolvedOptions,
  parseBody: (body: string) => Root = parse,
): SplitResult {
  const { frontmatter, body } = takeFrontmatter(markdown);
  const parsed = parseBody(body);
  const { tree, definitions } = normalize(parsed, options);
  const preserve =
    options.rules.link.style === 'preserve' || options.rules.image.style === 'preserve';
  const measure = createMeasure(options.lengthFunction, options.countsCharacters);
  const sourceMap = createSourceMap(markdown);
  sourceMap.locate(tree);
  const provenance = createProvenance();
  const context: FinishContext = {
    source: markdown,
    options,
    rawMeasure: createRawMeasure(options.lengthFunction),
    sourceMap,
    provenance,
    serializer: createSerializer(sourceMap, markdown, provenance),
    definitions: preserve ? definitions : undefined,
    header: options.context
      ? createHeader(documentTitle(frontmatter, tree), options.lengthFunction, options.maxRawSize)
      : undefined,
  };

  const records = findRecords(buildSections(tree, markdown), tree, measure);
  const state = createSplitState({ options, measure, provenance, source: markdown, records });
  let drafts = pack(sectionUnit(records.document, state), {
    chunkSize: options.chunkSize,
    maxSize: options.maxSize,
    strict: false,
  });
  if (options.minChunkSize > 0) drafts = mergeSmall(drafts, options.minChunkSize, options.maxSize);
  const overlapped: OverlappedDraft[] =
    options.overlap > 0
      ? addOverlap(drafts, options.overlap, state)
      : drafts.map((draft) => ({ ...draft, overlap: 0 }));
  const chunks = finishDrafts(overlapped, context);
  orderRanges(chunks, options.overlap > 0);
  return { chunks, frontmatter, kind: records.kind };
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
