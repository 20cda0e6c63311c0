import type { Nodes, Root } from 'mdast';
import { toString as nodeText } from 'mdast-util-to-string';
import type { ResolvedOptions } from '../options.js';
import type { OverlappedDraft } from '../pack/overlap.js';
import type { Draft } from '../pack/pack.js';
import { isPlainText } from '../parse/nesting.js';
import type { Leaf } from '../split/types.js';
import type { SourceMap } from '../tree/source-map.js';
import type { Breadcrumb, Chunk, Container } from '../types.js';
import { headingText } from '../util/heading-text.js';
import { literalText } from '../util/literal.js';
import {
  type AssembleContext,
  assemble,
  carriedFootnotes,
  onlyRepeatedMarkers,
  withShortRepeatedMarkers,
} from './assemble.js';
import { hardCut, type Rendered, type Resplitter, resplit } from './cap.js';
import { createChunk } from './chunk.js';
import { contentSize as contentSizeOf, tableHeaders } from './content.js';
import { embedText, type HeaderFunction, headerCapShare, headerGap } from './context.js';
import { breadcrumbs, containersOf, sourceRange } from './locate.js';
import type { RenderMemo, RenderSummary } from './render-memo.js';
import type { Serializer } from './serialize.js';

/** What turning drafts into chunks needs from the split. */
export interface FinishContext extends AssembleContext {
  /** The document, as given. */
  source: string;
  options: ResolvedOptions;
  /** Splits a chunk over the raw size cap again (the pipeline's earlier stages, `cap.ts`). */
  splitAgain: Resplitter;
  sourceMap: SourceMap;
  serializer: Serializer;
  /** Makes each chunk's `context` header; `undefined` without `context`. */
  header: HeaderFunction | undefined;
  /** Renderings of an earlier split to reuse, and where this split's are kept (`update`). */
  memo?: RenderMemo | undefined;
}

/** Where a chunk sits: its breadcrumbs, its source range and the containers it is in. */
export interface Place {
  crumbs: Breadcrumb[];
  range: [number, number];
  containers: Container[];
}

/** A draft on its way to becoming chunks. */
interface Job {
  draft: OverlappedDraft;
  /** The place of the chunk it was re-split from, for a piece of a re-split. */
  outer: Place | undefined;
  /** How many re-splits made it. */
  round: number;
  /** Its tree and text, when they are known already. */
  rendered?: Rendered | undefined;
  /**
   * Set when its text cannot be re-split within what its `context` header leaves of the cap:
   * it is then tried without the header, as without `context`.
   */
  headerless?: boolean;
}

/**
 * Turn drafts into chunks: rebuild and serialize each one; a chunk over `maxRawSize` first drops
 * its overlap, then is re-split (its pieces go back to the front of the queue, in order), and
 * only what cannot be re-split is cut as text. With `context`, the cap holds for `embedText`
 * (the header, a blank line, then the text): the text is re-split within what the header leaves
 * (at least three quarters of the cap, see `createHeader`). Where that cannot be done without
 * cutting a construct as text (a fence with its info string under a tiny cap), the chunk goes
 * without its header rather than be cut: `context` never breaks what it would keep whole.
 *
 * @param drafts
 *   Packed drafts, in order.
 * @param context
 *   The split's context.
 * @returns
 *   Chunks, in order.
 */
export function finishDrafts(drafts: readonly OverlappedDraft[], context: FinishContext): Chunk[] {
  const chunks: Chunk[] = [];
  const render = (draft: Draft): Rendered => renderDraft(draft, context);
  const { maxRawSize: cap, lengthFunction, rawLength, reserve } = context.options;
  // A stack of jobs, the next one on top: pieces of a re-split take the place of their chunk.
  const stack: Job[] = [];
  for (let index = drafts.length - 1; index >= 0; index--) {
    stack.push({ draft: drafts[index] as OverlappedDraft, outer: undefined, round: 0 });
  }
  /** A job's place and `context` header, and whether it fits the cap with its header. */
  const sized = (
    job: Job,
    rendered: Rendered,
    place = placeOf(job, context),
    leading: () => Breadcrumb | undefined = () => leadingHeading(rendered.root),
  ) => {
    const header = job.headerless
      ? ''
      : context.header?.(place.crumbs, leading(), place.containers);
    const fits =
      cap === undefined ||
      (header ? rawLength(embedText(header, rendered.text)) : rendered.rawSize) <= cap;
    return { place, header, fits };
  };
  // The last chunk pushed from a job, while a heading-only piece after it may still join it.
  let last: { job: Job; rendered: Rendered } | undefined;
  for (let job = stack.pop(); job; job = stack.pop()) {
    // A piece of a re-split that is only the marker of the alert around it holds nothing of the
    // source: the pieces after it repeat the marker.
    if (job.outer !== undefined && onlyRepeatedMarkers(job.draft.leaves)) continue;
    // A draft of the packer (no piece of a re-split) may be rendered as an earlier split did.
    const memo = job.outer === undefined && !job.rendered ? context.memo : undefined;
    const known = memo ? placeOf(job, context) : undefined;
    const key = memo && known ? memo.key(job.draft, known.range) : undefined;
    const reused = key === undefined ? undefined : memo?.get(key);
    const rendered =
      job.rendered ?? (reused ? lazily(job.draft, reused, render) : render(job.draft));
    if (rendered.text.length === 0) continue;
    const { place, header, fits } = sized(
      job,
      rendered,
      known,
      reused ? () => reused.leading : undefined,
    );
    if (cap === undefined || fits) {
      if (cap !== undefined && job.outer !== undefined && onlyHeadings(job.draft)) {
        // A piece of a re-split that is only headings (the content after them did not fit the
        // cap with them) joins the piece after it if the cap allows, else the one before.
        const joined = joinHeadings(
          job,
          stack[stack.length - 1],
          last,
          render,
          (each, out) => sized(each, out).fits,
        );
        if (joined === 'next') continue;
        if (joined) {
          chunks.pop();
          const at = sized(joined.job, joined.rendered);
          const summary = summarize(joined.rendered, context);
          chunks.push(toChunk(joined.job, summary, at.place, context, at.header));
          last = undefined;
          continue;
        }
        // Empty headings (`##` alone) that fit nowhere else hold nothing to embed: no chunk.
        if (onlyEmptyHeadings(job.draft)) continue;
      }
      const summary = reused ?? summarize(rendered, context);
      if (memo && key !== undefined) memo.set(key, summary);
      chunks.push(toChunk(job, summary, place, context, header));
      last = { job, rendered };
      continue;
    }
    const { draft } = job;
    if (draft.overlap > 0) {
      // Overlap counts in the cap: drop it before cutting the chunk itself.
      const leaves = draft.leaves.slice(draft.overlap);
      stack.push({ ...job, draft: { ...draft, leaves, overlap: 0 }, rendered: undefined });
      continue;
    }
    // The header is bounded to a share of the cap (see `createHeader`), so room is left; each
    // piece is then checked again with its own header. What the model adds to every chunk (a
    // prefix, special tokens) is reserved too.
    const room = Math.max(1, cap - reserve - (header ? lengthFunction(header + headerGap) : 0));
    // Alert markers put back that would take more than a quarter of a piece (as a header may)
    // repeat only the alert's type (the title is in the alert's first chunk), so pieces keep
    // room for their content.
    const short = withShortRepeatedMarkers(
      rendered.root,
      context.provenance,
      (marker) => lengthFunction(marker) > headerCapShare * room,
    );
    const pieces = resplit(
      short === rendered.root ? rendered : { ...rendered, root: short },
      room,
      job.round,
      context.splitAgain,
      render,
      context.options.lengthFunction,
    );
    if (pieces) {
      for (let index = pieces.length - 1; index >= 0; index--) {
        const piece = pieces[index] as { draft: Draft; rendered: Rendered | undefined };
        stack.push({
          draft: { ...piece.draft, overlap: 0 },
          outer: place,
          round: job.round + 1,
          rendered: piece.rendered,
        });
      }
      continue;
    }
    if (header) {
      // No structural re-split leaves room for the header: try the chunk without it.
      stack.push({ ...job, rendered, headerless: true });
      continue;
    }
    // Cut as text anyway (it alone exceeds the cap): then with its header, if it has one.
    const cutHeader = job.headerless
      ? context.header?.(place.crumbs, leadingHeading(rendered.root), place.containers)
      : header;
    chunks.push(...cutChunks(rendered, place, cap, context, cutHeader, fallbackOf(draft.leaves)));
    last = undefined;
  }
  return chunks;
}

/** Whether a draft holds nothing but headings. */
function onlyHeadings(draft: Draft): boolean {
  return draft.leaves.length > 0 && draft.leaves.every((leaf) => leaf.node.type === 'heading');
}

/** Whether a draft holds nothing but headings without text (`##`). */
function onlyEmptyHeadings(draft: Draft): boolean {
  return draft.leaves.every(
    (leaf) => leaf.node.type === 'heading' && nodeText(leaf.node).trim() === '',
  );
}

/**
 * Join a heading-only piece of a re-split to a neighbouring piece of the same re-split: to the
 * next one (on top of `stack`, replaced by the joined job: `'next'`), else to the chunk before it
 * (the joined job and its rendering, to replace that chunk), when the cap allows.
 */
function joinHeadings(
  job: Job,
  next: Job | undefined,
  last: { job: Job; rendered: Rendered } | undefined,
  render: (draft: Draft) => Rendered,
  fits: (job: Job, rendered: Rendered) => boolean,
): 'next' | { job: Job; rendered: Rendered } | undefined {
  if (next && next.outer === job.outer && next.draft.overlap === 0) {
    const draft = { ...next.draft, leaves: [...job.draft.leaves, ...next.draft.leaves] };
    const rendered = render(draft);
    // A next piece over the cap on its own is split again or cut as text: the headings go at
    // the start of its first piece, as they would with a unit the packer could not split.
    const over = () => {
      const alone = next.rendered ?? render(next.draft);
      next.rendered = alone;
      return !fits(next, alone);
    };
    if (fits({ ...next, draft }, rendered) || over()) {
      // `next` is on top of the stack: it becomes the joined job.
      next.draft = draft;
      next.rendered = rendered;
      return 'next';
    }
  }
  if (last) {
    const joined: Job = {
      ...last.job,
      // Pieces of two re-splits: the joined chunk is placed by its leaves alone.
      outer: last.job.outer === job.outer ? job.outer : undefined,
      draft: { ...last.job.draft, leaves: [...last.job.draft.leaves, ...job.draft.leaves] },
      rendered: undefined,
    };
    const rendered = render(joined.draft);
    if (fits(joined, rendered)) return { job: joined, rendered };
  }
  return undefined;
}

/** Rebuild a draft's tree and serialize it. */
function renderDraft(draft: Draft, context: FinishContext): Rendered {
  const root: Root = assemble(draft.leaves, context);
  const text = context.serializer.stringify(root);
  return { draft, root, text, rawSize: context.options.rawLength(text) };
}

/** The breadcrumbs and source range of a job: its leaves', inside the chunk it came from. */
function placeOf(job: Job, context: FinishContext): Place {
  const { draft, outer } = job;
  let range = sourceRange(draft.leaves, context.sourceMap, context.provenance) ??
    outer?.range ?? [0, 0];
  if (outer) range = clamp(range, outer.range);
  let crumbs = breadcrumbs(draft.leaves);
  if (outer) crumbs = joinCrumbs(outer.crumbs, crumbs);
  return { crumbs, range, containers: containersOf(draft.leaves.slice(draft.overlap)) };
}

/**
 * A rendering known from an earlier split: its tree is built only if it is asked for (a chunk
 * over the raw cap is re-split from it).
 */
function lazily(
  draft: Draft,
  summary: RenderSummary,
  render: (draft: Draft) => Rendered,
): Rendered {
  let root: Root | undefined;
  return {
    draft,
    text: summary.text,
    rawSize: summary.rawSize,
    get root() {
      root ??= render(draft).root;
      return root;
    },
  };
}

/** What a chunk takes from its rendering. */
function summarize(rendered: Rendered, context: FinishContext): RenderSummary {
  return {
    text: rendered.text,
    rawSize: rendered.rawSize,
    contentSize: contentSizeOf(rendered.root, context.provenance, context.options.lengthFunction),
    tableHeaders: tableHeaders(rendered.root, context.provenance),
    leading: leadingHeading(rendered.root),
    footnotes: carriedFootnotes(rendered.root),
  };
}

/** The heading a chunk starts with, if it starts with one. */
function leadingHeading(root: Root): Breadcrumb | undefined {
  const first = root.children[0];
  return first?.type === 'heading' ? { text: headingText(first), depth: first.depth } : undefined;
}

/** The chunk of a draft that fits. */
function toChunk(
  job: Job,
  summary: RenderSummary,
  place: Place,
  context: FinishContext,
  header: string | undefined,
): Chunk {
  const { options } = context;
  const { draft } = job;
  const { contentSize } = summary;
  return createChunk({
    id: context.memo?.id(summary, place.crumbs, header),
    text: summary.text,
    breadcrumbs: place.crumbs,
    start: place.range[0],
    end: place.range[1],
    contentSize,
    rawSize: summary.rawSize,
    header,
    // A copy: a summary may serve the next split too.
    tableHeaders: [...summary.tableHeaders],
    containers: place.containers,
    overflow:
      contentSize > options.maxSize
        ? (draft.overflow ??
          (draft.overlap
            ? { reason: 'overlap', nodeType: 'root', size: contentSize }
            : { reason: 'estimate', nodeType: 'root', size: contentSize }))
        : null,
    // Under the raw cap, a word too big for any piece is cut between graphemes, display math
    // at its line ends.
    cut: job.outer !== undefined && (endsInWord(draft.leaves) || draft.leaves.some(isMathPiece)),
    fallback: fallbackOf(draft.leaves),
    // A copy: a summary may serve the next split too.
    footnotes: summary.footnotes.map((footnote) => ({ ...footnote })),
  });
}

/** `'plain-text'` when a chunk holds a block split as plain text (nested too deep). */
function fallbackOf(leaves: readonly Leaf[]): Chunk['fallback'] {
  return leaves.some((leaf) => isPlainText(leaf.node)) ? 'plain-text' : null;
}

/**
 * Chunks of the text of a construct that alone exceeds the cap, cut as text. Each piece's range is
 * where its text is in the source: exact where the chunk's text is its source as written (raw
 * HTML, a code line, a long URL at the top level); elsewhere (container prefixes, escapes the
 * source has or the text gains) the text is aligned with its source character by character
 * (`alignWithSource`), so a piece never ends before its last character. With a `context` header,
 * each piece is measured with the header before it, so `embedText` stays within the cap.
 */
function cutChunks(
  rendered: Rendered,
  place: Place,
  cap: number,
  context: FinishContext,
  header: string | undefined,
  fallback: Chunk['fallback'],
): Chunk[] {
  const { text } = rendered;
  const { lengthFunction, rawLength } = context.options;
  // A link cut as text: the piece that ends inside its URL must not read as a shorter link.
  const finish = holdsLink(rendered.root) ? withoutCutAutolink : (piece: string) => piece;
  const measure = header
    ? (piece: string) => rawLength(embedText(header, finish(piece)))
    : (piece: string) => rawLength(finish(piece));
  const [start, end] = place.range;
  const source = context.source.slice(start, end);
  const at = source === text ? (offset: number) => offset : alignWithSource(text, source);
  return hardCut(text, cap, measure).map((piece) => {
    const last = piece.start + piece.text.length - 1;
    const cutText = last + 1 < text.length ? finish(piece.text) : piece.text;
    const written =
      (piece.before ? `${piece.before}\n` : '') + cutText + (piece.after ? `\n${piece.after}` : '');
    // A last character the source does not have (markup, a URL) maps to where the source
    // stands, which may be its end: the piece ends there, not past it.
    const to = Math.min(source.length, Math.max(at(piece.start), at(last) + 1));
    return createChunk({
      text: written,
      breadcrumbs: place.crumbs,
      start: start + at(piece.start),
      end: start + to,
      contentSize: lengthFunction(written),
      rawSize: rawLength(written),
      header,
      cut: true,
      fallback,
      containers: place.containers,
    });
  });
}

/** Whether a chunk's tree holds a link or an image. */
function holdsLink(root: Root): boolean {
  const visit = (node: Nodes): boolean =>
    node.type === 'link' ||
    node.type === 'image' ||
    ('children' in node && (node.children as Nodes[]).some(visit));
  return visit(root);
}

/**
 * A piece of a link cut as text, with the URL it ends in made plain: `https://exa…` or `www.exa…`
 * cut short would read (GFM literal autolinks) as a link to another address, so its scheme's
 * colon (or the dot after `www`) is escaped (`https\://`): it renders as written, as text.
 *
 * @param piece
 *   The piece's text.
 * @returns
 *   The text to write.
 */
function withoutCutAutolink(piece: string): string {
  return piece.replace(
    /(https?|ftp)(:\/\/)(\S*)$|\b(www)(\.)(\S*)$/i,
    (_, scheme, colon, rest, www, dot, tail) =>
      scheme ? `${scheme}\\${colon}${rest}` : `${www}\\${dot}${tail}`,
  );
}

/** How far ahead in the source a word of the text is looked for before it is taken as added. */
const ALIGN_REACH = 256;

/**
 * Align a chunk's text with the source it was made from, word by word (runs of characters other
 * than whitespace): each word is found at its next occurrence in the source within a reach (the
 * source may hold container prefixes, indentation, escapes or markup the text writes otherwise),
 * and its characters map one to one; a word the source does not have near by (an escape the
 * serializer added, a `*` written for a `-`) maps to where the source stands.
 *
 * @param text
 *   The chunk's text.
 * @param source
 *   Its source range, as written.
 * @returns
 *   The offset in `source` of each offset of `text`.
 */
function alignWithSource(text: string, source: string): (offset: number) => number {
  const map = new Int32Array(text.length + 1);
  let cursor = 0;
  let at = 0;
  for (const word of text.matchAll(/\S+/g)) {
    const start = word.index;
    const near = source.slice(cursor, cursor + ALIGN_REACH + word[0].length).indexOf(word[0]);
    for (; at < start; at++) map[at] = cursor;
    if (near >= 0) {
      for (let k = 0; k < word[0].length; k++) map[start + k] = cursor + near + k;
      cursor += near + word[0].length;
    } else {
      // Written otherwise (an escape more or less): its characters one by one, each looked for
      // a few characters on.
      for (let k = 0; k < word[0].length; k++) {
        const char = word[0].charCodeAt(k);
        let probe = cursor;
        while (probe < source.length && probe - cursor < 4 && source.charCodeAt(probe) !== char)
          probe++;
        if (probe < source.length && source.charCodeAt(probe) === char) {
          map[start + k] = probe;
          cursor = probe + 1;
        } else map[start + k] = cursor;
      }
    }
    at = start + word[0].length;
  }
  for (; at <= text.length; at++) map[at] = cursor;
  return (offset) => map[Math.max(0, Math.min(offset, text.length))] as number;
}

/** Whether a leaf is a piece of display math (only the raw cap cuts it by default). */
function isMathPiece(leaf: Leaf): boolean {
  return leaf.node.type === 'math' && leaf.from >= 0;
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
