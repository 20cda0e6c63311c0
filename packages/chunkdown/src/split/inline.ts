import type { Heading, Nodes, Paragraph, Parent, TableCell } from 'mdast';
import type { Section } from '../sections.js';
import { CLAUSE, GRAPHEME, PHRASE, SEGMENT, SENTENCE, WORD } from './levels.js';
import { segmentOffsets } from './segments.js';
import type { Atomic, Leaf, SplitState, Unit } from './types.js';

/** Stand-in for a node kept whole (link, image, inline code, …) in the flattened text. */
const ATOM = '\uFFFC';
/** Stand-in for a hard line break: whitespace, so it is a boundary and never a chunk's edge. */
const BREAK = '\u2028';

/** A stretch of the flattened text: a sliceable literal, or a node kept whole. */
interface Run {
  path: readonly Parent[];
  node: Nodes;
  start: number;
  length: number;
  /** The text of a sliceable node (`value`, or `alt` of an image); `undefined` for a whole node. */
  text: string | undefined;
  /** Size of a whole node. */
  size: number;
}

/** Phrasing content flattened to one string, so boundaries can be found across nodes. */
interface Flat {
  text: string;
  runs: Run[];
  section: Section;
  state: SplitState;
}

type PhrasingContainer = Paragraph | Heading | TableCell;

/**
 * A unit for a paragraph, heading or table cell: whole while it fits, else cut at sentences,
 * clauses, phrases, words (and graphemes when allowed), with formatting re-wrapped on both sides.
 *
 * @param node
 *   The container of phrasing content.
 * @param path
 *   Its ancestors.
 * @param section
 *   Its section.
 * @param state
 *   Split state.
 * @param kind
 *   `heading` for a heading kept whole (it stays with the content that follows).
 * @returns
 *   The unit.
 */
export function phrasingUnit(
  node: PhrasingContainer,
  path: readonly Parent[],
  section: Section,
  state: SplitState,
  kind: Unit['kind'] = 'block',
): Unit {
  return {
    kind,
    size: state.measure.size(node),
    content: kind !== 'heading',
    leaves: () => [{ path, node, from: -1, to: -1, section }],
    split: () => {
      const flat = flatten(node, [...path, node], section, state);
      return splitRange(flat, 0, flat.text.length, flat.text.length, SENTENCE);
    },
  };
}

function flatten(
  container: PhrasingContainer,
  path: readonly Parent[],
  section: Section,
  state: SplitState,
): Flat {
  const parts: string[] = [];
  const runs: Run[] = [];
  let offset = 0;

  const push = (
    runPath: readonly Parent[],
    node: Nodes,
    text: string | undefined,
    size: number,
    stand: string,
  ) => {
    const value = text ?? stand;
    if (value.length === 0) return;
    runs.push({ path: runPath, node, start: offset, length: value.length, text, size });
    parts.push(value);
    offset += value.length;
  };
  const atom = (runPath: readonly Parent[], node: Nodes) =>
    push(runPath, node, undefined, state.measure.size(node), ATOM);

  const visit = (children: readonly Nodes[], runPath: readonly Parent[]) => {
    for (const child of children) {
      switch (child.type) {
        case 'text':
          push(runPath, child, child.value, 0, '');
          break;
        case 'strong':
        case 'emphasis':
        case 'delete':
          if (state.keepsWhole(child.type, child)) atom(runPath, child);
          else visit(child.children, [...runPath, child]);
          break;
        case 'link':
        case 'linkReference':
          if (state.keepsWhole('link', child)) atom(runPath, child);
          else visit(child.children, [...runPath, child]);
          break;
        case 'inlineCode':
          if (state.keepsWhole('inlineCode', child)) atom(runPath, child);
          else push(runPath, child, child.value, 0, '');
          break;
        case 'image':
        case 'imageReference':
          if (state.keepsWhole('image', child) || !child.alt) atom(runPath, child);
          else push(runPath, child, child.alt, 0, '');
          break;
        case 'break':
          push(runPath, child, undefined, 0, BREAK);
          break;
        default:
          atom(runPath, child);
      }
    }
  };
  visit(container.children as Nodes[], path);
  return { text: parts.join(''), runs, section, state };
}

/** A unit for `[a, b)` of the flattened text; its size counts up to `sizeEnd` (trailing space). */
function rangeUnit(flat: Flat, a: number, b: number, sizeEnd: number, level: number): Unit {
  return {
    kind: 'block',
    size: rangeSize(flat, a, b),
    trail: sizeEnd > b ? rangeSize(flat, b, sizeEnd) : 0,
    content: true,
    // The separator after the range goes with it: it joins this piece to the next when both
    // land in one chunk, and is trimmed when the chunk ends here.
    leaves: () =>
      level > GRAPHEME
        ? rangeLeaves(flat, a, sizeEnd).map((leaf) => ({ ...leaf, wordCut: true }))
        : rangeLeaves(flat, a, sizeEnd),
    split: () => splitRange(flat, a, b, sizeEnd, level),
  };
}

function splitRange(
  flat: Flat,
  a: number,
  b: number,
  sizeEnd: number,
  level: number,
): Unit[] | Atomic {
  for (let current = level; current <= GRAPHEME; current++) {
    if (current === GRAPHEME && !flat.state.cutsWord(rangeSize(flat, a, b))) break;
    const spans =
      current === SEGMENT
        ? segmentBoundaries(flat.text, a, b)
        : current === GRAPHEME
          ? graphemeBoundaries(flat, a, b)
          : boundaries(flat.text, a, b, current);
    if (spans.length === 0) continue;
    // Pieces cannot hold a boundary of this level, so they split further at the next one;
    // pieces cut at whitespace may still hold a run of a script written without spaces.
    const next = current === WORD ? SEGMENT : current + 1;
    const units: Unit[] = [];
    let start = a;
    for (let k = 0; k < spans.length; k += 2) {
      const spanStart = spans[k] as number;
      const spanEnd = spans[k + 1] as number;
      if (spanStart > start) units.push(rangeUnit(flat, start, spanStart, spanEnd, next));
      start = spanEnd;
    }
    if (b > start) units.push(rangeUnit(flat, start, b, sizeEnd, next));
    if (units.length > 1) return units;
  }
  return atomicReason(flat, a, b);
}

function atomicReason(flat: Flat, a: number, b: number): Atomic {
  const index = runAt(flat.runs, a);
  const run = flat.runs[index];
  if (run && run.text === undefined && run.start === a && run.start + run.length === b) {
    return { reason: 'never-split', nodeType: run.node.type };
  }
  return { reason: 'word', nodeType: 'text' };
}

function rangeSize(flat: Flat, a: number, b: number): number {
  const { runs, state } = flat;
  const additive = state.measure.additive;
  let size = 0;
  for (let r = runAt(runs, a); r < runs.length; r++) {
    const run = runs[r] as Run;
    if (run.start >= b) break;
    if (run.text === undefined) {
      if (run.start >= a) size += run.size;
      continue;
    }
    const from = Math.max(a - run.start, 0);
    const to = Math.min(b - run.start, run.length);
    if (to > from) size += additive ? to - from : state.measure.text(run.text.slice(from, to));
  }
  return size;
}

function rangeLeaves(flat: Flat, a: number, b: number): Leaf[] {
  const { runs, section } = flat;
  const leaves: Leaf[] = [];
  for (let r = runAt(runs, a); r < runs.length; r++) {
    const run = runs[r] as Run;
    if (run.start >= b) break;
    if (run.text === undefined) {
      if (run.start >= a)
        leaves.push({ path: run.path, node: run.node, from: -1, to: -1, section });
      continue;
    }
    const from = Math.max(a - run.start, 0);
    const to = Math.min(b - run.start, run.length);
    if (to <= from) continue;
    const whole = from === 0 && to === run.length;
    leaves.push({
      path: run.path,
      node: run.node,
      from: whole ? -1 : from,
      to: whole ? -1 : to,
      section,
    });
  }
  return leaves;
}

/** Index of the run that holds offset `at` (binary search). */
function runAt(runs: readonly Run[], at: number): number {
  let low = 0;
  let high = runs.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((runs[middle] as Run).start <= at) low = middle;
    else high = middle - 1;
  }
  return low;
}

// ---------------------------------------------------------------------------
// Boundaries

const closers = new Set([')', ']', '}', '"', "'", '”', '’', '»', '」', '』', '）', '】', '》']);
const openers = new Set(['(', '[', '{', '"', "'", '“', '‘', '«', '「', '『', '（', '【', '《']);
const abbreviations = new Set(
  (
    'mr mrs ms dr prof sr jr st vs fig figs eq eqs no nos vol vols approx cf al ca inc ltd co corp ' +
    'dept est op ed eds rev gen gov jan feb mar apr jun jul aug sep sept oct nov dec mt ft resp'
  ).split(' '),
);

function isSpace(code: number): boolean {
  return (
    code === 32 ||
    code === 9 ||
    code === 10 ||
    code === 13 ||
    code === 12 ||
    code === 0x2028 ||
    code === 0x3000
  );
}

/** Boundary level of the whitespace `[start, end)`, from what stands around it. */
function classify(text: string, start: number, end: number): number {
  let level = WORD;
  for (let i = start; i < end; i++) {
    if (text.charCodeAt(i) === 0x2028) {
      level = SENTENCE;
      break;
    }
  }
  let before = start - 1;
  while (before > 0 && closers.has(text.charAt(before))) before--;
  const c = text.charAt(before);
  let after = end;
  while (after < text.length && openers.has(text.charAt(after))) after++;
  const next = text.charAt(after);

  if (c === '.' || c === '!' || c === '?' || c === '…' || c === '。' || c === '！' || c === '？') {
    if (c === '.' && isAbbreviation(text, before)) return level;
    // A lowercase start after a full stop (`e.g. the`, or a name like `npm`) is a weaker end.
    if (next !== '' && /\p{Ll}/u.test(next)) return Math.min(level, CLAUSE);
    return SENTENCE;
  }
  if (level === SENTENCE) return level;
  if (c === ';' || c === ':' || c === '；' || c === '：') return CLAUSE;
  if (c === ',' || c === '，' || c === '、') return PHRASE;
  if ((c === '-' || c === '–' || c === '—') && isSpace(text.charCodeAt(before - 1))) return PHRASE;
  return level;
}

/** Whether the `.` at `dot` ends an abbreviation (`e.g.`, `U.S.A.`, `Dr.`, an initial). */
function isAbbreviation(text: string, dot: number): boolean {
  let start = dot;
  while (start > 0 && dot - start < 24 && !isSpace(text.charCodeAt(start - 1))) start--;
  let word = text.slice(start, dot);
  while (word.length > 0 && openers.has(word.charAt(0))) word = word.slice(1);
  if (word.length === 0) return false;
  if (/^\p{L}$/u.test(word)) return true;
  if (/^(?:\p{L}{1,3}\.)+\p{L}{1,3}$/u.test(word)) return true;
  return abbreviations.has(word.toLowerCase());
}

const cjkStops: Record<string, number> = {
  '。': SENTENCE,
  '！': SENTENCE,
  '？': SENTENCE,
  '；': CLAUSE,
  '：': CLAUSE,
  '，': PHRASE,
  '、': PHRASE,
};

/** Boundaries of `level` or stronger inside `[a, b)`, as `[start, end]` pairs of the separator. */
function boundaries(text: string, a: number, b: number, level: number): number[] {
  const spans: number[] = [];
  let i = a;
  while (i < b) {
    const code = text.charCodeAt(i);
    if (isSpace(code)) {
      const start = i;
      while (i < b && isSpace(text.charCodeAt(i))) i++;
      if (start > a && i < b && classify(text, start, i) <= level) spans.push(start, i);
      continue;
    }
    if (code > 0x3000) {
      const stop = cjkStops[text.charAt(i)];
      if (stop !== undefined && stop <= level) {
        let end = i + 1;
        while (end < b && closers.has(text.charAt(end))) end++;
        if (end < b && !isSpace(text.charCodeAt(end))) spans.push(end, end);
      }
    }
    i++;
  }
  return spans;
}

const noSpaceScript =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}]/u;
/** Word boundaries (`Intl.Segmenter`) next to characters of scripts written without spaces. */
function segmentBoundaries(text: string, a: number, b: number): number[] {
  const slice = text.slice(a, b);
  if (!noSpaceScript.test(slice)) return [];
  const spans: number[] = [];
  for (const index of segmentOffsets(slice, 'word')) {
    const around = slice.slice(Math.max(0, index - 2), index + 2);
    if (noSpaceScript.test(around)) spans.push(a + index, a + index);
  }
  return spans;
}

/** Grapheme boundaries (nodes kept whole are one character of the flattened text). */
function graphemeBoundaries(flat: Flat, a: number, b: number): number[] {
  const spans: number[] = [];
  for (const index of segmentOffsets(flat.text.slice(a, b), 'grapheme'))
    spans.push(a + index, a + index);
  return spans;
}

/**
 * The whole sentences at the end of a chunk's text in one paragraph (or heading), up to `budget`:
 * what `overlap` repeats at the start of the next chunk. Never a part of a sentence, a word or a
 * link; never the chunk's whole text in that paragraph.
 *
 * @param container
 *   The paragraph or heading the chunk ends in.
 * @param path
 *   Its ancestors.
 * @param section
 *   Its section.
 * @param state
 *   Split state.
 * @param from
 *   Where the chunk's text in the container starts: a leaf of it, or `undefined` for the start.
 * @param to
 *   The chunk's last leaf in the container, or `undefined` for the container's end.
 * @param budget
 *   The most the sentences may measure.
 * @returns
 *   Leaves of the sentences, or none.
 */
export function sentenceTail(
  container: PhrasingContainer,
  path: readonly Parent[],
  section: Section,
  state: SplitState,
  from: Leaf | undefined,
  to: Leaf | undefined,
  budget: number,
): Leaf[] {
  const flat = flatten(container, [...path, container], section, state);
  const start = from ? leafOffset(flat, from, 'start') : 0;
  const end = to ? leafOffset(flat, to, 'end') : flat.text.length;
  if (start === undefined || end === undefined || end <= start) return [];
  const spans = boundaries(flat.text, start, end, SENTENCE);
  let chosen: number | undefined;
  for (let k = spans.length - 1; k >= 1; k -= 2) {
    const candidate = spans[k] as number;
    if (candidate <= start || candidate >= end) continue;
    if (rangeSize(flat, candidate, end) > budget) break;
    chosen = candidate;
  }
  return chosen === undefined ? [] : rangeLeaves(flat, chosen, end);
}

/** Offset in the flattened text where a leaf starts or ends. */
function leafOffset(flat: Flat, leaf: Leaf, side: 'start' | 'end'): number | undefined {
  for (const run of flat.runs) {
    if (run.node !== leaf.node) continue;
    if (leaf.from < 0) return side === 'start' ? run.start : run.start + run.length;
    return run.start + (side === 'start' ? leaf.from : leaf.to);
  }
  return undefined;
}
