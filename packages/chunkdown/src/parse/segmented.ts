import type { Root, RootContent } from 'mdast';
import type { Point, Position } from 'unist';
import { fnv1a } from '../util/fnv.js';
import { lineEnd, lineIndex, lineStarts } from '../util/line-starts.js';
import { firstIndexAtLeast } from '../util/sorted.js';
import {
  guessLabels,
  type KnownLabels,
  type LabelRecord,
  type LabelUse,
  wrongAnswers,
} from './labels.js';
import { type DeepLine, deepLines, flattenDeepBlocks, plainTextBlock } from './nesting.js';
import {
  blockEnd,
  blockOpenedBy,
  type Closer,
  cutCandidates,
  openBlockAtEnd,
  opensHtmlToBlank,
} from './segment-cuts.js';

/** How a document is parsed in segments. */
export interface SegmentSettings {
  /** Size (in UTF-16 code units) segments aim at: each ends at the first cut past it. */
  size: number;
  /** Nesting past which a top-level block is plain text (`nesting.ts`). */
  maxNesting: number;
  /** Estimated container depth past which lines are not parsed (`nesting.ts`). */
  maxSourceNesting: number;
}

/** The parse of one segment: its tree (positions relative to the segment) and its labels. */
export interface SegmentParse {
  tree: Root;
  /** What the parse did with labels, or `undefined` when it read nothing (an empty text). */
  labels: LabelRecord | undefined;
  /**
   * Where the tree's positions count from, once it is placed in a document ({@link placeParse}):
   * `update` hands a segment's parse to the next split of an edited document, placed elsewhere.
   * Absent: from the segment's start.
   */
  placed?: Placement;
}

/** An offset and the 0-based line it is on. */
export interface Placement {
  offset: number;
  line: number;
}

/**
 * Parse one segment's text with some labels made known (a fresh parser every call). The text is
 * the segment's own: offsets and lines in its tree count from its start.
 */
export type SegmentParser = (text: string, known: KnownLabels, start: number) => SegmentParse;

/** A parsed stretch of the document: its parse (positions still relative to `start`) and labels. */
interface ParsedPart {
  start: number;
  end: number;
  parse: SegmentParse;
  /** What the first parse did with labels (a parse again with the document's labels keeps them). */
  labels: LabelRecord | undefined;
  /** What parsed it, when not the segment parser (a stretch read without what failed). */
  parser?: SegmentParser;
}

/** A stretch of the document split as plain text (too deeply nested to parse). */
interface PlainPart {
  start: number;
  end: number;
}

type Part = ParsedPart | PlainPart;

/** A document's lines, cuts (`segment-cuts.ts`) and deep lines (`nesting.ts`), worked out once. */
export interface DocumentLines {
  starts: number[];
  cuts: number[];
  /** Lines that may nest deeper than the nesting limit, with their estimated depth. */
  deep: DeepLine[];
}

/**
 * The lines, cuts and deep lines of a document.
 *
 * @param markdown
 *   The document.
 * @param maxNesting
 *   Lines estimated deeper than this are listed in `deep`.
 * @returns
 *   What it found.
 */
export function documentLines(markdown: string, maxNesting: number): DocumentLines {
  const starts = lineStarts(markdown);
  const cuts = cutCandidates(markdown, starts);
  return { starts, cuts, deep: deepLines(markdown, starts, cuts, maxNesting) };
}

/**
 * The segments a document is parsed in when nothing needs merging: from each cut to the first cut
 * at least `size` further on. What the parse asks for first, so it can be done ahead (in worker
 * threads) and looked up.
 *
 * @param markdown
 *   The document.
 * @param lines
 *   Its lines and cuts.
 * @param size
 *   The size segments aim at.
 * @returns
 *   `[start, end)` offsets, covering the document in order.
 */
export function plannedSegments(
  markdown: string,
  lines: DocumentLines,
  size: number,
): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (let start = 0; start < markdown.length; ) {
    const end = segmentEnd(markdown, lines.cuts, start, start, size);
    spans.push([start, end]);
    start = end;
  }
  return spans;
}

/** One in this many cuts ends a segment by its content (see {@link segmentEnd}). */
const CONTENT_CUT = 32;
/** Characters of a cut's line that decide whether it ends a segment. */
const HASHED = 32;

/**
 * Where a segment that starts at `start` ends: at the first cut at least half of `size` past its
 * start (and at least at `minimum`) whose line's first characters hash to a multiple of
 * {@link CONTENT_CUT}, else at the first cut twice `size` past its start, else at the end. Which
 * cuts end segments so depends on the text at them, not on where the document's segments began:
 * an edit changes the segment it is in (and seldom the one after), and every other segment is
 * the same text as before, which `update` parses no more.
 *
 * @param markdown
 *   The document.
 * @param cuts
 *   Its cuts.
 * @param start
 *   Where the segment starts.
 * @param minimum
 *   The least offset it may end at.
 * @param size
 *   The size segments aim at.
 * @returns
 *   The end offset.
 */
export function segmentEnd(
  markdown: string,
  cuts: readonly number[],
  start: number,
  minimum: number,
  size: number,
): number {
  const from = Math.max(start + Math.max(1, Math.floor(size / 2)), minimum);
  const limit = start + 2 * size;
  for (let index = firstIndexAtLeast(cuts, from); index < cuts.length; index++) {
    const cut = cuts[index] as number;
    if (cut >= limit || lineHash(markdown, cut) % CONTENT_CUT === 0) return cut;
  }
  return markdown.length;
}

/** FNV-1a of the first {@link HASHED} characters at `at`. */
function lineHash(markdown: string, at: number): number {
  return fnv1a(markdown, at, at + HASHED);
}

/**
 * Parse a document in segments, each on its own, into the tree the whole document parses to.
 *
 * 1. Segments end at cuts (`segment-cuts.ts`) chosen by their text (`segmentEnd`): about `size`
 *    long, the same cuts whatever was edited before them. A segment whose tree ends inside a
 *    block (a root-level fenced code or HTML block of kinds 1–5, or one open in a container) is
 *    parsed again, longer: up to a cut past the block's closing line, and at least twice as long.
 * 2. Labels: every segment is parsed with the labels the document seems to define made known, and
 *    records what it asked (`labels.ts`). Once all are parsed, a segment told something about a
 *    label that the definitions of all segments contradict is parsed again with those labels.
 * 3. Lines that may nest deeper than `maxSourceNesting` (`nesting.ts`) are not parsed: the
 *    top-level block they are in, from its start (the last top-level node of a parse up to the
 *    first such line) to the next cut past them (and past any fenced code or HTML block open
 *    there), becomes one plain-text block.
 * 4. Top-level nodes nested deeper than `maxNesting` become plain-text blocks; positions are
 *    shifted into the document (offsets and lines; a segment starts at column 1).
 *
 * @param markdown
 *   The document (no byte order mark).
 * @param settings
 *   Segment size and nesting limits.
 * @param parseSegment
 *   Parses one segment.
 * @param lines
 *   The document's lines and cuts, when already worked out.
 * @returns
 *   The tree.
 */
export function parseInSegments(
  markdown: string,
  settings: SegmentSettings,
  parseSegment: SegmentParser,
  lines: DocumentLines = documentLines(markdown, settings.maxNesting),
  recovery?: SegmentRecovery,
): Root {
  const { starts, cuts } = lines;
  const length = markdown.length;
  // Lines too deep to parse, and (to find where their block starts) lines that may be too deep.
  const nested = lines.deep.map((line) => line.start);
  const unparsed = lines.deep
    .filter((line) => line.depth > settings.maxSourceNesting)
    .map((line) => line.start);
  const guessed = guessLabels(markdown);
  const parseSpan = (start: number, end: number, known: KnownLabels) =>
    parseSegment(markdown.slice(start, end), known, start);
  // Stretches to read with the recovery's parser, in order, none before `pos`: a segment ends
  // where the next one starts.
  const fallbacks: Array<[number, number]> = [];
  // After a failure, segments are shorter (halved each failure, doubled back each success), so
  // that a stretch with many blocks that fail costs linear work, not a segment's parse for each.
  let shrunk: number | undefined;

  const parts: Part[] = [];
  let pos = 0;
  let atLeast = 0;
  while (pos < length) {
    const fallback = fallbacks[0];
    if (recovery && fallback && fallback[0] === pos) {
      fallbacks.shift();
      const [start, end] = fallback;
      const parse = recovery.fallback(markdown.slice(start, end), guessed, start);
      parts.push({ start, end, parse, labels: parse.labels, parser: recovery.fallback });
      pos = end;
      continue;
    }
    // A segment before a stretch to fall back on ends where that stretch starts.
    const capped = fallback !== undefined;
    const end = fallback
      ? fallback[0]
      : pos + (shrunk ?? settings.size) >= length
        ? length
        : shrunk === undefined || atLeast > pos + shrunk
          ? segmentEnd(markdown, cuts, pos, atLeast, settings.size)
          : cutAtLeast(cuts, pos + shrunk, length);
    atLeast = 0;
    const flagged = firstAtLeast(unparsed, pos);
    if (flagged !== undefined && flagged < end) {
      // Parse up to where the block may start to nest too deep: its last top-level node is the
      // start of the block the too deep lines are in.
      const probeEnd = firstAtLeast(nested, lastAtMost(cuts, flagged, pos)) as number;
      const probe = probeEnd > pos ? parseSpan(pos, probeEnd, guessed) : undefined;
      const open =
        probe && openBlockAtEnd(probe.tree, markdown.slice(pos, probeEnd), placedAt(probe));
      if (open?.closes) {
        // The lines are inside a fenced code or HTML block: they nest nothing.
        const close = blockEnd(markdown, starts, probeEnd, open.closes);
        dropBefore(unparsed, close);
        dropBefore(nested, close);
        atLeast = close;
        continue;
      }
      const blockStart = deepBlockStart(markdown, pos, probeEnd, probe);
      if (blockStart > pos) {
        const before = parseSpan(pos, blockStart, guessed);
        parts.push({ start: pos, end: blockStart, ...contentOf(before) });
      }
      const plainEnd = plainBlockEnd(markdown, lines, blockStart, flagged);
      parts.push({ start: blockStart, end: plainEnd });
      pos = plainEnd;
      continue;
    }
    let parsed: SegmentParse;
    try {
      parsed = parseSpan(pos, end, guessed);
    } catch (error) {
      const failure = recovery?.locate(error, markdown.slice(pos, end));
      if (recovery && !failure) throw error;
      // A dialect's parse fails where a construct is left open at the segment's end (MDX): the
      // segment is read again longer, up to a few segments long.
      const growable =
        (failure === undefined || failure.open) &&
        !capped &&
        end < length &&
        end - pos < Math.max(FAILED_GROWTH * settings.size, MIN_FAILED_GROWTH);
      if (growable) {
        atLeast = Math.max(end + 1, end + (end - pos));
        continue;
      }
      if (!recovery || !failure) throw error;
      // Else the block that holds the failure is read without what failed, and only that block.
      const [from, to] =
        failure.at === undefined
          ? firstFailingBlock(cuts, pos, end, parseSpan, guessed)
          : blockAround(cuts, pos, end, pos + failure.at);
      recovery.fellBack(from, to, error, pos);
      fallbacks.unshift([from, to]);
      shrunk = Math.max(MIN_SHRUNK, Math.floor((end - pos) / 2));
      continue;
    }
    const open =
      end < length
        ? openBlockAtEnd(parsed.tree, markdown.slice(pos, end), placedAt(parsed))
        : undefined;
    if (open && fallback) {
      // A block open where the stretch to fall back on starts: that stretch starts here.
      fallback[0] = pos;
      continue;
    }
    if (open) {
      // The segment ends inside a block: parse it again up to a cut past the block's closing
      // line (a root-level fence or HTML block), or one cut further (a block open inside a
      // container, which the whole document ends at the cut); and at least twice as long, so a
      // run of such cuts costs linear time. Nothing of this parse is kept: where a container
      // before the open block ends depends on the lines after it.
      const past = open.closes ? blockEnd(markdown, starts, end, open.closes) : end + 1;
      atLeast = Math.max(past, end + (end - pos));
      continue;
    }
    parts.push({ start: pos, end, ...contentOf(parsed) });
    pos = end;
    if (shrunk !== undefined && !capped)
      shrunk = shrunk * 2 >= settings.size ? undefined : shrunk * 2;
  }

  reparseForLabels(parts, parseSpan, markdown);
  return stitch(parts, markdown, starts, settings.maxNesting);
}

/**
 * How a segment whose parse fails is read instead: the block that holds the failure (a
 * dialect's construct that does not parse, such as MDX with a stray `{`) is read without what
 * failed, and the rest of the document as before. Without one, a failure that growing the
 * segment does not mend is thrown.
 */
export interface SegmentRecovery {
  /**
   * Where a parse of `text` failed: the offset in it (`undefined`: not known), and whether more
   * text after it could make it parse (a construct left open at its end). `undefined`: not a
   * failure to recover from (it is thrown on).
   */
  locate(error: unknown, text: string): SegmentFailure | undefined;
  /** Parses a stretch without what failed. */
  fallback: SegmentParser;
  /**
   * Told of each stretch read with {@link SegmentRecovery.fallback}: `[start, end)`, what the
   * parse threw, and where the text it failed on starts (when the error's place counts from it).
   */
  fellBack(start: number, end: number, error: unknown, segmentStart?: number): void;
}

/** Where a segment's parse failed (see {@link SegmentRecovery.locate}). */
export interface SegmentFailure {
  /** The offset in the segment's text, when the error says. */
  at: number | undefined;
  /** Whether more text after the segment could make it parse. */
  open: boolean;
}

/**
 * The stretch between the cuts around `at`, inside `[pos, end)`: the block (or the construct a
 * dialect spans over blank lines) that holds it.
 */
function blockAround(
  cuts: readonly number[],
  pos: number,
  end: number,
  at: number,
): [number, number] {
  const inside = Math.min(Math.max(at, pos), end - 1);
  const from = lastAtMost(cuts, inside, pos);
  const after = firstAtLeast(cuts, inside + 1);
  return [from, after === undefined || after > end ? end : after];
}

/**
 * The first block of `[pos, end)` whose parse fails on its own, for a failure that does not say
 * where it is (an expression left open to the end); the whole stretch when every block parses.
 * Each block is parsed once: linear in the stretch.
 */
function firstFailingBlock(
  cuts: readonly number[],
  pos: number,
  end: number,
  parseSpan: (start: number, end: number, known: KnownLabels) => SegmentParse,
  known: KnownLabels,
): [number, number] {
  let from = pos;
  for (let index = firstIndexAtLeast(cuts, pos + 1); from < end; index++) {
    const cut = cuts[index];
    const to = cut === undefined || cut > end ? end : cut;
    try {
      parseSpan(from, to, known);
    } catch {
      return [from, to];
    }
    from = to;
  }
  return [pos, end];
}

/**
 * How many segments long a segment whose parse fails with a construct left open at its end may
 * grow (and at least how long, in characters): past that, the construct is read without what
 * failed (or the failure thrown, without a recovery).
 */
const FAILED_GROWTH = 8;
const MIN_FAILED_GROWTH = 64 * 1024;

/** The shortest a segment gets after failures (see `shrunk` in {@link parseInSegments}). */
const MIN_SHRUNK = 256;

/**
 * Where the block that nests too deep starts, from the parse of `[pos, probeEnd)`: at its last
 * top-level node when the too deep lines may continue it (a container, or a paragraph, table,
 * code or HTML block with no blank line after it); else at `probeEnd`, the first line that may
 * nest too deep (what comes between is blank: anything else would be in the parse).
 */
function deepBlockStart(
  markdown: string,
  pos: number,
  probeEnd: number,
  probe: SegmentParse | undefined,
): number {
  const last = probe?.tree.children[probe.tree.children.length - 1];
  const base = probe ? placedAt(probe) : 0;
  const start =
    last?.position?.start.offset === undefined ? undefined : last.position.start.offset - base;
  const end =
    last?.position?.end.offset === undefined ? undefined : last.position.end.offset - base;
  // Nothing before it but blank lines.
  if (!last || start === undefined || end === undefined) return probeEnd;
  const blankAfter = /\r?\n[ \t]*(?:\r?\n|\r)|\r[ \t]*(?:\r?\n|\r)/.test(
    markdown.slice(pos + end, probeEnd),
  );
  const continued = containers.has(last.type) || (!blankAfter && continuable.has(last.type));
  return continued ? lineStartBefore(markdown, pos + start) : probeEnd;
}

/** The offset a segment's parse counts its positions from (where it was last placed). */
function placedAt(parse: SegmentParse): number {
  return parse.placed?.offset ?? 0;
}

/** Top-level nodes a line after a blank line may still belong to. */
const containers = new Set(['list', 'blockquote', 'footnoteDefinition']);

/** Top-level nodes the next line may belong to (a paragraph, a table, indented code, HTML). */
const continuable = new Set(['paragraph', 'table', 'code', 'html']);

/** The first of increasing offsets at or after `offset`. */
function firstAtLeast(offsets: readonly number[], offset: number): number | undefined {
  return offsets[firstIndexAtLeast(offsets, offset)];
}

/** The last of increasing offsets at or before `offset`, but not before `floor`. */
function lastAtMost(offsets: readonly number[], offset: number, floor: number): number {
  const index = firstIndexAtLeast(offsets, offset + 1) - 1;
  return index >= 0 ? Math.max(floor, offsets[index] as number) : floor;
}

/** Remove the offsets before `offset` from increasing offsets. */
function dropBefore(offsets: number[], offset: number): void {
  offsets.splice(0, firstIndexAtLeast(offsets, offset));
}

/** The first cut at or after `offset`, or `end`. */
function cutAtLeast(cuts: readonly number[], offset: number, end: number): number {
  return offset >= end ? end : (firstAtLeast(cuts, offset) ?? end);
}

function contentOf(parse: SegmentParse): Pick<ParsedPart, 'parse' | 'labels'> {
  return { parse, labels: parse.labels };
}

/** The start of the line that holds `offset` in a text. */
function lineStartBefore(text: string, offset: number): number {
  let start = offset;
  while (start > 0 && text.charCodeAt(start - 1) !== 10 && text.charCodeAt(start - 1) !== 13)
    start--;
  return start;
}

/**
 * Where a plain-text block that holds the line at `flagged` ends: at the first cut after that
 * line, or, when a line in the block could open a root-level fenced code or HTML block (kinds 1–5)
 * that is still open there, at the first cut after that block's closing line. The block's lines
 * are read as lines at the root (what they are inside its containers is not known: it is not
 * parsed), with HTML blocks that a blank line ends, so a fence line inside one opens nothing.
 */
function plainBlockEnd(
  markdown: string,
  lines: DocumentLines,
  start: number,
  flagged: number,
): number {
  const { starts, cuts } = lines;
  let end = cutAtLeast(cuts, flagged + 1, markdown.length);
  let closes: Closer | undefined;
  // Inside an HTML block that a blank line ends, a fence line is HTML.
  let html = false;
  let afterBlank = true;
  for (let line = lineIndex(starts, start); line < starts.length; line++) {
    const lineStart = starts[line] as number;
    if (lineStart >= end && !closes) break;
    const contentEnd = lineEnd(markdown, starts, line);
    const blank = /^[ \t]*$/.test(markdown.slice(lineStart, contentEnd));
    if (closes) {
      if (closes(markdown, lineStart, contentEnd)) {
        closes = undefined;
        const next = line + 1 < starts.length ? (starts[line + 1] as number) : markdown.length;
        if (next > end) end = cutAtLeast(cuts, next, markdown.length);
      }
    } else if (blank) html = false;
    else if (!html) {
      closes = blockOpenedBy(markdown, lineStart, contentEnd);
      html = !closes && opensHtmlToBlank(markdown, lineStart, contentEnd, afterBlank);
    }
    afterBlank = blank;
  }
  return closes ? markdown.length : end;
}

/**
 * Parse again, with the labels the whole document defines made known, every part that asked
 * about a label and got an answer those definitions contradict.
 */
function reparseForLabels(
  parts: Part[],
  parseSpan: (start: number, end: number, known: KnownLabels) => SegmentParse,
  markdown: string,
): void {
  const definitions = new Set<string>();
  const footnotes = new Set<string>();
  // A block split as plain text is not parsed: a definition inside it defines nothing.
  for (const part of parts) {
    if (!('parse' in part) || !part.labels) continue;
    addAll(definitions, part.labels.definitions);
    addAll(footnotes, part.labels.footnotes);
  }
  const document: KnownLabels = { definitions, footnotes };
  for (const part of parts) {
    if (!('parse' in part) || !part.labels || !wrongAnswers(part.labels, document)) continue;
    // What the part defines is known from the first pass (footnotes made known would hide it).
    part.parse = part.parser
      ? part.parser(markdown.slice(part.start, part.end), document, part.start)
      : parseSpan(part.start, part.end, document);
  }
}

function addAll(into: Set<string>, use: LabelUse): void {
  for (const label of use.defined) into.add(label);
}

/** Join the parts into one tree, with positions in the document. */
function stitch(
  parts: readonly Part[],
  markdown: string,
  starts: readonly number[],
  maxNesting: number,
): Root {
  const children: RootContent[] = [];
  for (const part of parts) {
    if ('parse' in part) {
      placeParse(part.parse, { offset: part.start, line: lineIndex(starts, part.start) });
      for (const child of part.parse.tree.children) children.push(child);
    } else {
      const end = trimEndOfBlock(markdown, part.start, part.end);
      children.push(
        plainTextBlock(markdown.slice(part.start, end), {
          start: pointAt(starts, part.start),
          end: pointAt(starts, end),
        }),
      );
    }
  }
  flattenDeepBlocks(children, markdown, maxNesting);
  return {
    type: 'root',
    children,
    position: { start: pointAt(starts, 0), end: pointAt(starts, markdown.length) },
  };
}

/** The end of a block's source without the blank lines and line endings after it. */
function trimEndOfBlock(markdown: string, start: number, end: number): number {
  let at = end;
  while (at > start) {
    const code = markdown.charCodeAt(at - 1);
    if (code !== 10 && code !== 13 && code !== 32 && code !== 9) break;
    at--;
  }
  return at;
}

/** The point (1-based line and column, offset) of an offset. */
function pointAt(starts: readonly number[], offset: number): Point {
  const line = lineIndex(starts, offset);
  return { line: line + 1, column: offset - (starts[line] as number) + 1, offset };
}

/**
 * Place a segment's parse at an offset of a document: its positions move from where they count
 * from now (`parse.placed`) to count from there. Segments start at line starts, so columns stay.
 *
 * @param parse
 *   A segment's parse (its tree is changed).
 * @param at
 *   Where its segment starts in the document (`{ offset: 0, line: 0 }`: back to its own start).
 */
export function placeParse(parse: SegmentParse, at: Placement): void {
  const from = parse.placed ?? { offset: 0, line: 0 };
  const offset = at.offset - from.offset;
  const lines = at.line - from.line;
  if (offset !== 0 || lines !== 0) {
    for (const child of parse.tree.children) shiftPositions(child, offset, lines);
  }
  parse.placed = at;
}

/**
 * Move a subtree's positions by `offset` characters and `lines` lines (columns stay). The points
 * change in place: what shares a node's position (the copies `normalize` keeps for `update`, a
 * link made of a reference) moves with it. No two nodes of a parse share a point (the parser
 * makes each; `segmented.test.ts` checks it), so each moves once.
 */
function shiftPositions(node: RootContent, offset: number, lines: number): void {
  type Positioned = { position?: Position | undefined; children?: unknown; attributes?: unknown };
  const stack: Positioned[] = [node];
  while (stack.length > 0) {
    const current = stack.pop() as Positioned;
    const position = current.position;
    if (position) {
      shiftPoint(position.start, offset, lines);
      shiftPoint(position.end, offset, lines);
    }
    if (Array.isArray(current.children)) {
      for (const child of current.children) stack.push(child);
    }
    // The attributes of an MDX JSX element have positions too.
    if (Array.isArray(current.attributes)) {
      for (const attribute of current.attributes) stack.push(attribute);
    }
  }
}

function shiftPoint(point: Point, offset: number, lines: number): void {
  point.line += lines;
  if (point.offset !== undefined) point.offset += offset;
}
