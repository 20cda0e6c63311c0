import type { Nodes } from 'mdast';
import type { Leaf, Unit } from '../split/types.js';
import { fnv1a } from '../util/fnv.js';
import { phrasingRoots } from '../util/phrasing.js';

/**
 * Where a run of units is cut into chunks, decided so that an edit moves few boundaries.
 *
 * A stretch of whole blocks or sections is first cut where a content-defined chunker would cut
 * (see {@link localMaxima}): at every boundary whose score (strength, then the hash of the text
 * there) is the highest within {@link MIN_PART} of `chunkSize` on both sides, and that lies at
 * least {@link EDGE} of `chunkSize` from the run's ends. Whether a boundary is such a cut depends
 * only on the text near it, so an edit moves only the cuts near it, and chunks are seldom nearly
 * full (a sentence added to a full chunk must move a boundary, whatever the plan).
 *
 * A piece still larger than `chunkSize` is cut at its strongest boundary (before a section or
 * heading, then a thematic break, then any other unit; among equals, the highest hash), among
 * the boundaries that leave at least {@link MIN_PART} of `chunkSize` on both sides (where none
 * does, among those that need no extra chunk); each side is cut again the same way until it fits. Filling chunks in order instead moves every later
 * boundary of the run when one sentence is added, and balancing k pieces moves all k − 1.
 *
 * Cutting top down can leave two small chunks side by side (the last of one part and the first
 * of the next); neighbours that together hold at most {@link JOIN_BELOW} of `chunkSize` join,
 * across the weakest boundary first (never across a content-defined cut). Some runs are filled
 * in order instead (see {@link fillsInOrder}).
 *
 * When chunks are roomy (see {@link isRoomy}), the window is {@link ROOMY_PART} of `chunkSize`
 * and the edge {@link ROOMY_EDGE}. When chunks are roomy or may overflow (`maxOverflowRatio`
 * above 1), the chunks on both sides of a content-defined cut whose score is lower than that of
 * the content-defined cuts on both sides of it join when they fit `chunkSize` together (see
 * {@link joinAtWeakCuts} and {@link planStyle}).
 */
const MIN_PART = 0.3;
/**
 * The window of the content-defined cuts when chunks are roomy. At 1500 characters (corpus-web,
 * 5 edits per document; issue 43) with the joins at weak cuts and a window of 0.4: median fill
 * 0.47 -> 0.64 and joinable neighbours 18 % -> 2–3 %, at 1.069 -> 1.062 and 1.039 -> 1.048
 * changed chunks per one-sentence edit on the two halves of the documents. A window of 0.5 with
 * {@link ROOMY_EDGE}: median fill 0.63–0.65 -> 0.65–0.67, p10 0.25–0.30 -> 0.33–0.38, joinable
 * 3.4–5.3 % -> 1.4–2.3 %, changed chunks per edit 1.056–1.058 -> 1.055–1.061 (the shared corpus,
 * corpus-web and the npm docs, 5 edits per document; 1.044 -> 1.060 on the shared corpus at 20).
 */
const ROOMY_PART = 0.5;
/**
 * How far from a run's ends a content-defined cut may lie when chunks are roomy, as a share of
 * `chunkSize` ({@link EDGE} otherwise): a sentence is at most a twelfth of a roomy chunk, so the
 * edge is a threshold an edit seldom crosses, and the first and last chunks of a run are seldom
 * small.
 */
const ROOMY_EDGE = 0.3;
/**
 * Chunks are roomy when `chunkSize` holds at least this many sentences of {@link SENTENCE}'s
 * size. A join or a full chunk is a threshold that an edit crosses with a chance of about the
 * edit's size over `chunkSize`: at 500 characters (six sentences) the joins at weak cuts raised
 * the median fill from 0.54 to 0.65 for 1.095 -> 1.112 changed chunks per edit, past the SPEC's
 * 1.10; at 1500 they cost nothing measurable.
 */
const ROOMY_SENTENCES = 12;
/** A sentence of documentation prose, of the usual length (about 80 characters). */
const SENTENCE = 'A one-sentence edit adds or removes about this much text in a paragraph of docs.';

/**
 * Whether chunks of `chunkSize` are roomy: large enough, in the size unit, for
 * {@link ROOMY_SENTENCES} sentences, so that the planner cuts with a wider window and joins at
 * weak content-defined cuts (see {@link planCuts}).
 *
 * @param chunkSize
 *   Target content size.
 * @param length
 *   The size unit.
 * @returns
 *   Whether chunks are roomy.
 */
export function isRoomy(chunkSize: number, length: (text: string) => number): boolean {
  return chunkSize >= ROOMY_SENTENCES * length(SENTENCE);
}

/** How the planner cuts a run (see {@link planStyle}). */
export interface PlanStyle {
  /** Whether chunks are roomy (see {@link isRoomy}): the wider window and edge. */
  roomy: boolean;
  /** Whether the chunks on both sides of a weak content-defined cut join when they fit. */
  joinsAtWeakCuts: boolean;
}

/**
 * How the planner cuts for a chunk size and a limit. Joining at weak cuts is a threshold that a
 * sentence added to the joined chunk crosses (it parts again, and both halves are new chunks).
 * Where chunks are roomy, that costs nothing measurable; where whole blocks may overflow
 * (`maxOverflowRatio` above 1), it stays within 1.10 changed chunks per edit. At 500 characters
 * and ratio 1 it does not (issue 43; corpus, corpus-web and the npm docs, 5 edits per document:
 * median fill 0.51–0.56 -> 0.62–0.65, joinable neighbours 11–19 % -> 4–7 %, changed chunks per
 * edit 1.081–1.094 -> 1.103–1.136; at ratio 1.5: 0.57–0.61 -> 0.68–0.71, 11–15 % -> 4–6 %,
 * 1.042–1.082 -> 1.068–1.091).
 *
 * @param chunkSize
 *   Target content size.
 * @param maxSize
 *   The most a chunk may hold to keep a unit whole (`chunkSize × maxOverflowRatio`).
 * @param length
 *   The size unit.
 * @returns
 *   The style.
 */
export function planStyle(
  chunkSize: number,
  maxSize: number,
  length: (text: string) => number,
): PlanStyle {
  const roomy = isRoomy(chunkSize, length);
  return { roomy, joinsAtWeakCuts: roomy || maxSize > chunkSize };
}
/**
 * How far from a run's ends a content-defined cut may lie, as a share of `chunkSize`: far enough
 * that no chunk is tiny. It is a threshold an edit crosses too (a boundary that a sentence added
 * before it moves past it becomes a cut); at 30 % (the window) it cost 0.008–0.020 changed chunks
 * per one-sentence edit at size 500 more than at 10 %, for 5–10 % fewer chunks (issue 26).
 */
const EDGE = 0.1;
/**
 * Joining is a threshold an edit crosses too (two neighbours that grow past it part, and the
 * weakest-first order of the joins after them can change): at 80 % it cost 0.005–0.022 changed
 * chunks per one-sentence edit at size 500 more than at 70 %, for 1.5 % fewer chunks (issue 26).
 */
const JOIN_BELOW = 0.7;
const MANY_EQUAL = 8;
/** What the open chunk holds below this share of `chunkSize` fills on with pieces filled in order. */
const CARRIED = 0.5;

/** What the open chunk already holds when a run is planned. */
export interface OpenState {
  /** Whether it holds anything. */
  placed: boolean;
  size: number;
  /** Separator after its last unit. */
  trail: number;
  /** Whether it may end before the run's first unit (it has content and does not lead in). */
  mayEnd: boolean;
}

/**
 * Plan the cuts of units `from..to`, each at most `chunkSize`, after what the open chunk holds.
 *
 * @param units
 *   The units being packed.
 * @param from
 *   First unit of the run.
 * @param to
 *   End of the run (exclusive).
 * @param open
 *   The open chunk.
 * @param chunkSize
 *   Target content size.
 * @param style
 *   How to cut (see {@link planStyle}); by default neither roomy nor joining at weak cuts.
 * @returns
 *   Indices of the units before which a chunk ends.
 */
export function planCuts(
  units: readonly Unit[],
  from: number,
  to: number,
  open: OpenState,
  chunkSize: number,
  style: PlanStyle = { roomy: false, joinsAtWeakCuts: false },
): Set<number> {
  const { roomy } = style;
  // Pieces: 0 is what the open chunk holds, k ≥ 1 is unit from + k − 1. Boundary k is before
  // piece k.
  const n = to - from + 1;
  const prefix = new Float64Array(n + 1);
  const trail = new Float64Array(n);
  const score = new Float64Array(n).fill(-1);
  prefix[1] = open.placed ? open.size + open.trail : 0;
  trail[0] = open.placed ? open.trail : 0;
  for (let k = 1; k < n; k++) {
    const unit = units[from + k - 1] as Unit;
    trail[k] = unit.trail ?? 0;
    prefix[k + 1] = (prefix[k] as number) + unit.size + (trail[k] as number);
    const previous = units[from + k - 2];
    // A chunk never ends after a unit that leads in; breaks are dropped at a chunk's edge.
    const mayEnd =
      k === 1
        ? open.placed && open.mayEnd
        : previous !== undefined && (previous.kind === 'break' || !leadsInto(previous));
    if (mayEnd)
      score[k] = cutStrength(unit) + boundaryHash(k > 1 ? previous : undefined, unit) / 2 ** 32;
  }
  /** Size of pieces a..b − 1. */
  const size = (a: number, b: number) =>
    (prefix[b] as number) - (prefix[a] as number) - (trail[b - 1] as number);

  const cuts: number[] = [];
  // A block's first leaf says what kind of piece the run is made of (sections, headings and
  // breaks have none that matters here).
  const head = units[from] as Unit;
  const lead = head.kind === 'block' ? head.leaves()[0] : undefined;
  const inOrder = fillsInOrder(lead);
  // The open chunk ends before the run when it may and it is over the limit already (a unit
  // kept whole), or when the run is filled in order and what is open is more than a small start
  // (such as the first sentence of the same paragraph, which the run takes along): then where
  // the run is cut does not depend on what came before it.
  const endsOpen =
    open.placed &&
    (score[1] as number) >= 0 &&
    (open.size > chunkSize ||
      (inOrder && open.size >= CARRIED * chunkSize && size(0, n) > chunkSize));
  if (endsOpen) cuts.push(1);
  const first = open.placed && !endsOpen ? 0 : 1;
  if (inOrder) {
    fill(first, n, chunkSize, score, size, cuts);
    return new Set(cuts.map((k) => from + k - 1));
  }
  // Content-defined cuts first (in a run of whole blocks or sections), then each piece that is
  // still too large is cut top down.
  const marked = isWholeBlock(head, lead)
    ? localMaxima(
        first,
        n,
        (roomy ? ROOMY_PART : MIN_PART) * chunkSize,
        (roomy ? ROOMY_EDGE : EDGE) * chunkSize,
        score,
        prefix,
        size,
      )
    : [];
  cuts.push(...marked);
  const stack: [number, number][] = [];
  for (let i = marked.length; i >= 0; i--) {
    stack.push([
      i === 0 ? first : (marked[i - 1] as number),
      i === marked.length ? n : (marked[i] as number),
    ]);
  }
  while (stack.length > 0) {
    const [a, b] = stack.pop() as [number, number];
    const total = size(a, b);
    if (total <= chunkSize) continue;
    const least = Math.min(MIN_PART * chunkSize, total / 2);
    // Among many equals, the left side takes ⌊k / 2⌋ of the k chunks the stretch needs.
    const pieces = Math.ceil(total / chunkSize);
    const middle = (total * Math.floor(pieces / 2)) / pieces;
    const cut = strongestCut(a, b, least, middle, chunkSize, score, size);
    if (cut < 0) continue;
    cuts.push(cut);
    stack.push([a, cut], [cut, b]);
  }
  cuts.sort((x, y) => x - y);
  // (The open chunk's end, when it ends before the run, is no cut between neighbours.)
  const kept = new Set(marked);
  if (endsOpen) kept.add(1);
  joinSmallNeighbours(cuts, first, n, score, size, JOIN_BELOW * chunkSize, kept);
  if (style.joinsAtWeakCuts) joinAtWeakCuts(cuts, first, n, score, size, chunkSize, kept);
  return new Set(cuts.map((k) => from + k - 1));
}

/**
 * The boundary to cut pieces a..b − 1 at: the strongest that leaves at least `least` on both
 * sides, else the strongest whose sides need no more chunks of `chunkSize` together than the
 * pieces do, else the one that makes the sides most even; -1 when no boundary may end a chunk.
 * Among equals the first is taken (which one is first does not change with sizes), unless there
 * are more than {@link MANY_EQUAL} (repeated rows or lines): then the one whose left side is
 * nearest `middle`, so that cutting stays O(n log n) and the pieces even.
 *
 * Which boundary the second rule picks changes only when a side crosses a multiple of
 * `chunkSize`; the most even one moves with every sentence added to a side. In a run of short
 * sections (a heading and a few lines each) where no boundary leaves `least` on both sides, a
 * sentence added to the first moved the most even cut and changed three chunks (issue 43: on
 * node_modules at 500, 1.097 -> 1.082 changed chunks per one-sentence edit with the second rule).
 */
function strongestCut(
  a: number,
  b: number,
  least: number,
  middle: number,
  chunkSize: number,
  score: Float64Array,
  size: (a: number, b: number) => number,
): number {
  let best = -1;
  let bestScore = -1;
  let equal = 0;
  let feasible = -1;
  let feasibleScore = -1;
  const need = Math.ceil(size(a, b) / chunkSize);
  let even = -1;
  let evenSpread = Number.POSITIVE_INFINITY;
  for (let k = a + 1; k < b; k++) {
    const s = score[k] as number;
    if (s < 0) continue;
    const left = size(a, k);
    const right = size(k, b);
    if (left >= least && right >= least) {
      if (s > bestScore) {
        best = k;
        bestScore = s;
        equal = 1;
      } else if (s === bestScore) equal++;
    }
    if (s > feasibleScore && Math.ceil(left / chunkSize) + Math.ceil(right / chunkSize) <= need) {
      feasible = k;
      feasibleScore = s;
    }
    const spread = Math.abs(left - right);
    if (spread < evenSpread) {
      even = k;
      evenSpread = spread;
    }
  }
  if (best < 0) return feasible >= 0 ? feasible : even;
  if (equal <= MANY_EQUAL) return best;
  let nearest = best;
  let distance = Number.POSITIVE_INFINITY;
  for (let k = best; k < b; k++) {
    if (score[k] !== bestScore) continue;
    const left = size(a, k);
    const right = size(k, b);
    if (left < least || right < least) continue;
    if (Math.abs(left - middle) < distance) {
      nearest = k;
      distance = Math.abs(left - middle);
    }
  }
  return nearest;
}

/**
 * The content-defined cuts of pieces first..n − 1: the boundaries that may end a chunk, at least
 * `edge` from the run's ends, whose score is higher than that of every such boundary within
 * `width` before them and at least that of every one within `width` after them. Like a
 * content-defined chunker's cut points (FastCDC, or the local maxima of AE and RAM), whether a
 * boundary is one depends on the text within `width` of it, not on where the run starts nor on
 * which cut was chosen first; cuts are at least `width` apart. Linear: the maxima of the windows
 * come from monotonic queues. In order.
 */
function localMaxima(
  first: number,
  n: number,
  width: number,
  edge: number,
  score: Float64Array,
  prefix: Float64Array,
  size: (a: number, b: number) => number,
): number[] {
  const candidates: number[] = [];
  for (let k = first + 1; k < n; k++) {
    if ((score[k] as number) < 0 || size(first, k) < edge || size(k, n) < edge) continue;
    candidates.push(k);
  }
  const count = candidates.length;
  if (count === 0) return [];
  const at = (i: number) => prefix[candidates[i] as number] as number;
  const scoreOf = (i: number) => score[candidates[i] as number] as number;
  // The highest score within `width` before each candidate (exclusive), left to right.
  const before = new Float64Array(count).fill(-1);
  const queue = new Int32Array(count);
  let head = 0;
  let tail = 0;
  for (let i = 0; i < count; i++) {
    while (head < tail && at(i) - at(queue[head] as number) >= width) head++;
    if (head < tail) before[i] = scoreOf(queue[head] as number);
    while (head < tail && scoreOf(queue[tail - 1] as number) <= scoreOf(i)) tail--;
    queue[tail++] = i;
  }
  // The same after each candidate, right to left; a candidate that beats both is a cut.
  const cuts: number[] = [];
  head = 0;
  tail = 0;
  for (let i = count - 1; i >= 0; i--) {
    while (head < tail && at(queue[head] as number) - at(i) >= width) head++;
    const after = head < tail ? scoreOf(queue[head] as number) : -1;
    if (scoreOf(i) > (before[i] as number) && scoreOf(i) >= after)
      cuts.push(candidates[i] as number);
    while (head < tail && scoreOf(queue[tail - 1] as number) <= scoreOf(i)) tail--;
    queue[tail++] = i;
  }
  return cuts.reverse();
}

/**
 * Whether a run is cut by filling chunks in order instead, from a chunk of its own: the pieces of
 * a paragraph (sentences, clauses, words: full chunks of running text retrieve better, and where
 * they are cut does not depend on what came before the paragraph), table rows and the pieces of
 * raw HTML (an overlap repeats them whole or not at all, so a piece holds as many as fit under its
 * repeated header row, and fewer pieces repeat nothing). `leaf` is the first leaf of the run's
 * first unit when that unit is a block.
 */
function fillsInOrder(leaf: Leaf | undefined): boolean {
  if (!leaf) return false;
  return (
    isParagraphPiece(leaf) ||
    leaf.node.type === 'tableRow' ||
    (leaf.node.type === 'html' && (leaf.from >= 0 || leaf.path.length > 0))
  );
}

/**
 * Whether a unit is a section, a heading, a break or a whole block outside running text (not a
 * piece of a paragraph, a heading or a cell, nor a slice of a literal): only runs of those get
 * content-defined cuts, which would leave fragments of running text. `leaf` is the unit's first
 * leaf.
 */
function isWholeBlock(unit: Unit, leaf: Leaf | undefined): boolean {
  if (unit.kind !== 'block') return true;
  return (
    leaf !== undefined &&
    leaf.from < 0 &&
    !leaf.path.some((parent) => phrasingRoots.has(parent.type))
  );
}

/**
 * Whether a unit (not a break) leads into what follows it, so that no chunk ends after it: a
 * heading, a lead-in paragraph, or an empty section (a heading with nothing under it), unless it
 * is a record (a release with no notes is whole: the next record owes it nothing). The packer
 * keeps such a unit open and the planner plans no cut after it, by this one rule.
 */
export function leadsInto(unit: Unit): boolean {
  return unit.record !== true && (!unit.content || unit.leadIn === true);
}

/** Whether a unit's first leaf is inside a paragraph: the unit is a piece of one (a sentence…). */
export function isParagraphPiece(leaf: Leaf | undefined): boolean {
  return leaf?.path.at(-1)?.type === 'paragraph';
}

/** Fill chunks in order up to `chunkSize`; the last two share what is left evenly. */
function fill(
  first: number,
  n: number,
  chunkSize: number,
  score: Float64Array,
  size: (a: number, b: number) => number,
  cuts: number[],
): void {
  let start = first;
  while (size(start, n) > chunkSize) {
    const balanced = size(start, n) <= 2 * chunkSize;
    let cut = -1;
    let spread = Number.POSITIVE_INFINITY;
    for (let k = start + 1; k < n; k++) {
      if ((score[k] as number) < 0) continue;
      const left = size(start, k);
      if (left > chunkSize && cut >= 0) break;
      if (!balanced) {
        cut = k;
        continue;
      }
      const right = size(k, n);
      if (right <= chunkSize && Math.abs(left - right) < spread) {
        cut = k;
        spread = Math.abs(left - right);
      } else if (cut < 0 && right > chunkSize) cut = k;
    }
    if (cut < 0) return;
    cuts.push(cut);
    start = cut;
  }
}

/**
 * Drop cuts between neighbours that together hold at most `limit`, weakest boundary first, except
 * the `marked` (content-defined) ones (in place; `cuts` is sorted).
 */
function joinSmallNeighbours(
  cuts: number[],
  first: number,
  n: number,
  score: Float64Array,
  size: (a: number, b: number) => number,
  limit: number,
  marked: ReadonlySet<number>,
): void {
  const count = cuts.length;
  if (count === 0) return;
  // Chunk edges: first, cuts…, n; a dropped cut links its neighbours.
  const edges = [first, ...cuts, n];
  const before = Array.from(edges, (_, i) => i - 1);
  const after = Array.from(edges, (_, i) => i + 1);
  const order = Array.from(cuts, (_, i) => i + 1).sort(
    (x, y) => (score[edges[x] as number] as number) - (score[edges[y] as number] as number),
  );
  const dropped = new Uint8Array(edges.length);
  for (const i of order) {
    const left = edges[before[i] as number] as number;
    const right = edges[after[i] as number] as number;
    if (size(left, right) > limit || marked.has(edges[i] as number)) continue;
    dropped[i] = 1;
    after[before[i] as number] = after[i] as number;
    before[after[i] as number] = before[i] as number;
  }
  let kept = 0;
  for (let i = 1; i <= count; i++) if (!dropped[i]) cuts[kept++] = edges[i] as number;
  cuts.length = kept;
}

/**
 * Drop the content-defined cuts (`marked`) whose score is lower than that of the content-defined
 * cuts on both sides of them (the run's ends count as higher) when the chunks on both sides hold
 * at most `limit` together (in place; `cuts` is sorted). No two such cuts are neighbours, so
 * whether one is dropped depends on the chunks next to it alone, not on the joins before it: an
 * edit changes at most one join, where joining weakest first (as between the other cuts) could
 * move every join after it.
 */
function joinAtWeakCuts(
  cuts: number[],
  first: number,
  n: number,
  score: Float64Array,
  size: (a: number, b: number) => number,
  limit: number,
  marked: ReadonlySet<number>,
): void {
  const content = cuts.filter((cut) => marked.has(cut));
  const scoreAt = (i: number) =>
    i < 0 || i >= content.length
      ? Number.POSITIVE_INFINITY
      : (score[content[i] as number] as number);
  const weak = new Set<number>();
  for (let i = 0; i < content.length; i++) {
    if (scoreAt(i) < scoreAt(i - 1) && scoreAt(i) < scoreAt(i + 1)) weak.add(content[i] as number);
  }
  if (weak.size === 0) return;
  const edges = [first, ...cuts, n];
  let kept = 0;
  for (let i = 1; i < edges.length - 1; i++) {
    const cut = edges[i] as number;
    if (weak.has(cut) && size(edges[i - 1] as number, edges[i + 1] as number) <= limit) continue;
    cuts[kept++] = cut;
  }
  cuts.length = kept;
}

/** How strong a boundary before a unit is: before a section or heading, a break, anything else. */
function cutStrength(unit: Unit): number {
  return unit.kind === 'section' || unit.kind === 'heading' ? 3 : unit.kind === 'break' ? 2 : 1;
}

/**
 * The hash that ranks the boundary before `after` among boundaries of its strength: of the text
 * on its side least likely to be edited. A one-sentence edit of prose leaves headings, code, HTML,
 * tables and math as they are, so a boundary next to one of those is ranked by it (the unit after
 * it, else the end of the unit before it); between two pieces of prose, by the start of the one
 * after it, which a sentence added after another never changes. Ranked by the prose after it, a
 * boundary after a code block moved whenever the first sentence after the code was deleted
 * (issue 26).
 */
function boundaryHash(before: Unit | undefined, after: Unit): number {
  const head = after.leaves()[0];
  if (after.kind !== 'block' || !head || notProse.has(head.node.type) || !before) {
    return cutHash(after);
  }
  const leaves = before.leaves();
  const tail = leaves[leaves.length - 1];
  if (before.kind === 'block' && tail && tail.from < 0 && notProse.has(tail.node.type)) {
    return fnv1a(`${tail.node.type}${trailingText(tail.node, HASHED)}`);
  }
  return cutHash(after);
}

/** Blocks whose text is not prose. */
const notProse: ReadonlySet<string> = new Set([
  'heading',
  'code',
  'html',
  'table',
  'math',
  'thematicBreak',
  'definition',
  'mdxJsxFlowElement',
  'mdxFlowExpression',
  'mdxjsEsm',
]);

/** A hash (FNV-1a) of the unit's kind and the first {@link HASHED} characters of its text. */
function cutHash(unit: Unit): number {
  const leaf = unit.leaves()[0];
  let text: string = unit.kind;
  if (leaf) text += leaf.from >= 0 ? sliceText(leaf) : leadingText(leaf.node, HASHED);
  return fnv1a(text);
}

const HASHED = 24;

/** The start of a slice leaf's text. */
function sliceText(leaf: { node: Nodes; from: number }): string {
  const value = 'value' in leaf.node && typeof leaf.node.value === 'string' ? leaf.node.value : '';
  return value.slice(leaf.from, leaf.from + HASHED);
}

/** Up to `limit` characters of a node's text, in document order. */
function leadingText(node: Nodes, limit: number): string {
  if ('value' in node && typeof node.value === 'string') return node.value.slice(0, limit);
  let text = '';
  if ('children' in node) {
    for (const child of node.children as Nodes[]) {
      text += leadingText(child, limit - text.length);
      if (text.length >= limit) break;
    }
  }
  return text;
}

/** Up to `limit` characters at the end of a node's text, in document order. */
function trailingText(node: Nodes, limit: number): string {
  if ('value' in node && typeof node.value === 'string') return node.value.slice(-limit);
  let text = '';
  if ('children' in node) {
    const children = node.children as Nodes[];
    for (let index = children.length - 1; index >= 0; index--) {
      text = trailingText(children[index] as Nodes, limit - text.length) + text;
      if (text.length >= limit) break;
    }
  }
  return text;
}
