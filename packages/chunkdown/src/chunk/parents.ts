import type { Chunk, ChunkParent } from '../types.js';
import { fnv1a } from '../util/fnv.js';
import { sha256Hex } from '../util/hash.js';
import { idLength } from './id.js';

/**
 * Section parents (option `parents`): embed the chunk, return its parent.
 *
 * A parent is a run of whole, consecutive chunks, and every chunk belongs to exactly one. The
 * parents are found top down over the section tree: a section (heading included) whose chunks
 * hold at most `maxSize` of content is one parent; a larger one gives each subsection its own
 * parents, and the chunks that belong to no subsection (its introduction, or chunks that hold
 * the end of one subsection and the start of the next) are cut into runs of at most `maxSize`
 * where the splitter would cut: at the strongest boundary (before a heading, the higher the
 * rank the stronger; among equals the highest hash of the text there) that leaves at least
 * {@link MIN_PART} of `maxSize` on both sides, each side again until it fits. Which boundary is
 * cut depends on the text near it and on the section, so an edit elsewhere leaves a parent as
 * it was (and its id with it).
 */
const MIN_PART = 0.3;

/** A section's extent in the split text: from its heading to the next heading of its rank or higher. */
export interface SectionSpan {
  /** Offset of the heading (0 for the document). */
  start: number;
  /** Offset where the section ends (exclusive). */
  end: number;
  /** 0 for the document, else the heading's rank. */
  depth: number;
  subsections: SectionSpan[];
}

/** A node with a source position. */
interface Positioned {
  position?: { start: { offset?: number | undefined } } | undefined;
}

/** A section as the section tree gives it (`tree/sections.ts`): only what spans need. */
interface SectionLike {
  depth: number;
  heading: Positioned | undefined;
  /** Markup before the heading that leads into it: the span starts there. */
  lead?: readonly Positioned[];
  /** Its content before its first subsection. */
  blocks: readonly unknown[];
  subsections: readonly SectionLike[];
}

/**
 * The spans of a document's sections, from its section tree.
 *
 * A section whose heading has no source offset (a heading a transform made) is not a span of
 * its own: its subsections and content count for the section around it. A section with no
 * content before its first subsection (`# Server` right above `## Factory`) lends its heading to
 * that subsection, whose span starts at it: the splitter keeps such a heading with what follows,
 * so the chunk that holds it belongs to the subsection.
 *
 * @param document
 *   The document section (depth 0).
 * @param length
 *   Length of the split text.
 * @returns
 *   The document's span, its sections nested in it.
 */
export function sectionSpans(document: SectionLike, length: number): SectionSpan {
  const root: SectionSpan = { start: 0, end: length, depth: 0, subsections: [] };
  spansOf(document.subsections, root, false);
  return root;
}

/**
 * Add the spans of `sections` to `parent`, each ending where the next begins; with `lend`, the
 * first starts at the parent's heading (the parent has no content of its own before it).
 */
function spansOf(sections: readonly SectionLike[], parent: SectionSpan, lend: boolean): void {
  const spans: Array<{ span: SectionSpan; section: SectionLike }> = [];
  for (const section of sections) {
    const heading = section.heading?.position?.start.offset;
    const offset =
      heading === undefined ? undefined : (section.lead?.[0]?.position?.start.offset ?? heading);
    if (offset === undefined || offset < parent.start || offset >= parent.end) {
      // No place of its own: its subsections are the parent's.
      spansOf(section.subsections, parent, false);
      continue;
    }
    spans.push({
      span: { start: offset, end: parent.end, depth: section.depth, subsections: [] },
      section,
    });
  }
  spans.sort((a, b) => a.span.start - b.span.start);
  foldEmptySections(spans);
  const first = spans[0];
  if (lend && first && parent.subsections.length === 0) first.span.start = parent.start;
  for (let index = 0; index < spans.length; index++) {
    const { span, section } = spans[index] as (typeof spans)[number];
    const next = spans[index + 1];
    if (next) span.end = next.span.start;
    parent.subsections.push(span);
    spansOf(section.subsections, span, section.blocks.length === 0);
  }
}

/**
 * Fold each section with nothing under it (`## Old name` right above `## New name`, or a last
 * `## See also` with nothing after it) into the span of the section after it, or, for the last,
 * the section before it: the splitter keeps such a heading with the content next to it, so the
 * chunk that holds it lies in that section, which would otherwise not hold it whole.
 */
function foldEmptySections(spans: Array<{ span: SectionSpan; section: SectionLike }>): void {
  const empty = ({ section }: { section: SectionLike }) =>
    section.blocks.length === 0 && section.subsections.length === 0;
  for (let index = spans.length - 1; index >= 0; index--) {
    const each = spans[index] as (typeof spans)[number];
    if (!empty(each) || spans.length === 1) continue;
    const next = spans[index + 1];
    if (next) next.span.start = each.span.start;
    spans.splice(index, 1);
  }
}

/** What {@link attachParents} returns: the chunks with their `parentId`, and the parents. */
export interface Parented {
  chunks: Chunk[];
  parents: ChunkParent[];
}

/**
 * Give every chunk of a document its parent.
 *
 * @param chunks
 *   The document's final chunks (sealed: ids numbered, offsets into the input).
 * @param document
 *   The document's section spans (offsets into the split text), or `undefined` when it was not
 *   split structurally (then the whole document is one section).
 * @param maxSize
 *   The largest content size of a parent (`parents.maxSize`).
 * @param shift
 *   How far the chunks' offsets are from the spans' (a byte order mark before the split text).
 * @returns
 *   New chunks, each with `parentId`, and the parents in document order.
 */
export function attachParents(
  chunks: readonly Chunk[],
  document: SectionSpan | undefined,
  maxSize: number,
  shift: number,
): Parented {
  const root = document ?? { start: 0, end: Number.POSITIVE_INFINITY, depth: 0, subsections: [] };
  const runs: Array<[number, number]> = [];
  const state: GroupState = { chunks, maxSize, shift, runs };
  if (chunks.length > 0) group(root, 0, chunks.length, state);
  const parents: ChunkParent[] = [];
  const parentIds: string[] = new Array(chunks.length);
  const seen = new Map<string, number>();
  for (const [from, to] of runs) {
    const parent = createParent(chunks.slice(from, to));
    const count = (seen.get(parent.id) ?? 0) + 1;
    seen.set(parent.id, count);
    if (count > 1) parent.id = `${parent.id}-${count}`;
    parents.push(parent);
    for (let index = from; index < to; index++) parentIds[index] = parent.id;
  }
  return {
    chunks: chunks.map((chunk, index) => ({ ...chunk, parentId: parentIds[index] as string })),
    parents,
  };
}

/**
 * The stable id of a parent: the first 16 hex digits of the SHA-256 of `JSON.stringify(['parent',
 * path, text])` in UTF-8, `path` being its breadcrumbs as `[depth, text]` pairs. The leading
 * `'parent'` keeps it apart from every chunk id (`id.ts`), also when a parent is one chunk.
 *
 * @param parent
 *   Its breadcrumbs and text.
 * @returns
 *   16 lowercase hex digits.
 */
export function parentId(parent: Pick<ChunkParent, 'breadcrumbs' | 'text'>): string {
  const path = parent.breadcrumbs.map((crumb) => [crumb.depth, crumb.text]);
  return sha256Hex(JSON.stringify(['parent', path, parent.text])).slice(0, idLength);
}

/** The parent of a run of chunks (id not yet numbered for repeats). */
function createParent(run: readonly Chunk[]): ChunkParent {
  const first = run[0] as Chunk;
  const text = run.map((chunk) => chunk.text).join('\n\n');
  const breadcrumbs = first.breadcrumbs.map((crumb) => ({ ...crumb }));
  let end = first.end;
  let contentSize = 0;
  for (const chunk of run) {
    end = Math.max(end, chunk.end);
    contentSize += chunk.contentSize;
  }
  return {
    id: parentId({ breadcrumbs, text }),
    text,
    breadcrumbs,
    start: first.start,
    end,
    contentSize,
  };
}

interface GroupState {
  chunks: readonly Chunk[];
  maxSize: number;
  shift: number;
  /** The parents found so far, as chunk index ranges, in order. */
  runs: Array<[number, number]>;
}

/** Content size of chunks `from..to − 1`. */
function sizeOf(chunks: readonly Chunk[], from: number, to: number): number {
  let size = 0;
  for (let index = from; index < to; index++) size += (chunks[index] as Chunk).contentSize;
  return size;
}

/**
 * Find the parents of chunks `from..to − 1`, which all lie in `section`: the section when they
 * fit, else its subsections' parents and runs of the chunks that lie in none of them.
 */
function group(section: SectionSpan, from: number, to: number, state: GroupState): void {
  const { chunks, maxSize, shift } = state;
  if (sizeOf(chunks, from, to) <= maxSize || to - from === 1) {
    state.runs.push([from, to]);
    return;
  }
  const subsections = section.subsections;
  let next = 0;
  let index = from;
  let loose = from;
  while (index < to) {
    const chunk = chunks[index] as Chunk;
    const start = chunk.start - shift;
    while (next < subsections.length && (subsections[next] as SectionSpan).end <= start) next++;
    const sub = subsections[next];
    const inside = (each: Chunk) =>
      sub !== undefined && each.start - shift >= sub.start && each.end - shift <= sub.end;
    if (!inside(chunk)) {
      index++;
      continue;
    }
    // Chunks index.. lie in this subsection: the loose chunks before them are cut into runs.
    if (loose < index) cutRun(loose, index, state);
    let last = index + 1;
    while (last < to && inside(chunks[last] as Chunk)) last++;
    group(sub as SectionSpan, index, last, state);
    index = last;
    loose = last;
  }
  if (loose < to) cutRun(loose, to, state);
}

/**
 * Cut chunks `from..to − 1` into runs of at most `maxSize` (a run of one chunk may be larger), at
 * the strongest boundary that leaves {@link MIN_PART} of `maxSize` on both sides (any boundary
 * when none does), each side again until it fits.
 */
function cutRun(from: number, to: number, state: GroupState): void {
  const { chunks, maxSize } = state;
  const total = sizeOf(chunks, from, to);
  if (total <= maxSize || to - from === 1) {
    state.runs.push([from, to]);
    return;
  }
  let best = -1;
  let bestScore = Number.NEGATIVE_INFINITY;
  let fallback = -1;
  let fallbackScore = Number.NEGATIVE_INFINITY;
  let left = 0;
  for (let cut = from + 1; cut < to; cut++) {
    left += (chunks[cut - 1] as Chunk).contentSize;
    const right = total - left;
    const score = boundaryScore(chunks[cut - 1] as Chunk, chunks[cut] as Chunk);
    if (score > fallbackScore) {
      fallbackScore = score;
      fallback = cut;
    }
    if (left >= MIN_PART * maxSize && right >= MIN_PART * maxSize && score > bestScore) {
      bestScore = score;
      best = cut;
    }
  }
  const cut = best === -1 ? fallback : best;
  cutRun(from, cut, state);
  cutRun(cut, to, state);
}

const headingStart = /^(#{1,6})[ \t]/;

/**
 * How strongly a run of chunks is cut between two of them: before a heading by its rank (a
 * chapter before a subsection), else 0, plus a hash of the text on both sides (below 1), so that
 * among equals the choice depends on the text there only.
 */
function boundaryScore(before: Chunk, after: Chunk): number {
  const heading = headingStart.exec(after.text);
  const strength = heading ? 7 - (heading[1] as string).length : 0;
  const near = before.text.slice(-32) + after.text.slice(0, 32);
  return strength + fnv1a(near) / 2 ** 32;
}
