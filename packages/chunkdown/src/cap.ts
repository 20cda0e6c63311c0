import type { Root } from 'mdast';
import type { Measure } from './measure.js';
import type { ResolvedOptions } from './options.js';
import type { Provenance } from './provenance.js';
import { buildSections } from './sections.js';
import { createSplitState, sectionUnit } from './split/blocks.js';
import { type Draft, pack } from './split/pack.js';
import { segmentOffsets } from './split/segments.js';
import type { LengthFunction } from './types.js';

/** Re-splitting for `maxRawSize` gives up on structure after this many rounds. */
const MAX_CAP_ROUNDS = 12;

/** A draft rebuilt and serialized. */
export interface Rendered {
  draft: Draft;
  root: Root;
  text: string;
  /** Size of `text`, in the size unit. */
  rawSize: number;
}

/** What a re-split needs from the split. */
export interface ResplitContext {
  options: ResolvedOptions;
  /** Estimates of serialized sizes. */
  rawMeasure: Measure;
  provenance: Provenance;
}

/**
 * Re-split a chunk over `maxRawSize` structurally, with sizes estimated on the markdown (text and
 * markup) and every rule relaxed to that budget except for links and images (their URL is
 * repeated in every piece), so fences reopen and table headers repeat. When the only piece is as
 * big as the chunk (the estimate missed markup added per piece: a fence, a header), the budget is
 * lowered by how far over it was, and tried again.
 *
 * @param chunk
 *   The chunk over the cap.
 * @param cap
 *   `maxRawSize`.
 * @param round
 *   How many re-splits made the chunk.
 * @param context
 *   The split's options, raw measure and provenance.
 * @param render
 *   Rebuilds and serializes a draft.
 * @returns
 *   The pieces (each with its rendering when it was made already), or `undefined` when the
 *   chunk cannot be re-split and must be cut as text.
 */
export function resplit(
  chunk: Rendered,
  cap: number,
  round: number,
  context: ResplitContext,
  render: (draft: Draft) => Rendered,
): Array<{ draft: Draft; rendered: Rendered | undefined }> | undefined {
  const { options } = context;
  // Definitions kept for references are added back to each piece that needs them.
  const flow: Root = {
    ...chunk.root,
    children: chunk.root.children.filter((node) => node.type !== 'definition'),
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
    if (drafts.length > 1) return drafts.map((draft) => ({ draft, rendered: undefined }));
    const only = drafts[0];
    if (only) {
      // A re-split can leave one piece that is still smaller than the chunk it came from (blank
      // lines at the start of a code piece go when the lines around them are packed apart).
      const rendered = render(only);
      if (rendered.rawSize < chunk.rawSize) return [{ draft: only, rendered }];
    }
    budget = Math.min(budget * 0.9, (budget * cap) / chunk.rawSize);
  }
  return undefined;
}

/**
 * Cut text that alone exceeds the raw size cap into pieces within it: at the last whitespace in
 * the second half of each piece when there is one, else at a grapheme boundary, never inside a
 * surrogate pair. This is the last resort of `maxRawSize`, after structural re-splitting.
 *
 * @param text
 *   Serialized markdown over the cap.
 * @param cap
 *   The cap, in the size unit.
 * @param length
 *   The size unit.
 * @returns
 *   Pieces, each within the cap (a single code point larger than the cap stands alone).
 */
export function hardCut(text: string, cap: number, length: LengthFunction): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (rest.length > 0 && length(rest) > cap) {
    let cut = largestPrefix(rest, cap, length);
    cut = graphemeBoundary(rest, cut);
    const space = lastWhitespace(rest, Math.ceil(cut / 2), cut);
    if (space > 0) cut = space;
    const piece = rest.slice(0, cut).trimEnd();
    if (piece.length > 0) pieces.push(piece);
    rest = rest.slice(cut).trimStart();
  }
  if (rest.length > 0) pieces.push(rest);
  return pieces;
}

/** The longest prefix length (≥ 1 code point) whose size is within the cap. */
function largestPrefix(text: string, cap: number, length: LengthFunction): number {
  let low = 0;
  let high = Math.min(text.length, Math.max(1, cap));
  // Grow while the size unit allows more characters than the cap (tokens hold several).
  while (high < text.length && length(text.slice(0, high)) <= cap) {
    low = high;
    high = Math.min(text.length, high * 2);
  }
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (length(text.slice(0, middle)) <= cap) low = middle;
    else high = middle - 1;
  }
  if (low === 0) low = codePointLength(text, 0);
  return low;
}

/** Move a cut back to a grapheme boundary (and never inside a surrogate pair). */
function graphemeBoundary(text: string, cut: number): number {
  if (cut >= text.length) return text.length;
  const from = Math.max(0, cut - 32);
  let boundary = from;
  for (const index of segmentOffsets(
    text.slice(from, Math.min(text.length, cut + 32)),
    'grapheme',
  )) {
    if (from + index > cut) break;
    boundary = from + index;
  }
  if (boundary === 0) {
    // One grapheme larger than the cap: fall back to code points.
    const code = text.charCodeAt(cut - 1);
    return code >= 0xd800 && code <= 0xdbff ? Math.max(cut - 1, codePointLength(text, 0)) : cut;
  }
  return boundary;
}

function lastWhitespace(text: string, from: number, to: number): number {
  for (let index = to; index > from; index--) {
    const code = text.charCodeAt(index);
    if (code === 32 || code === 10 || code === 9 || code === 13) return index;
  }
  return -1;
}

function codePointLength(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return code >= 0xd800 && code <= 0xdbff && at + 1 < text.length ? 2 : 1;
}
