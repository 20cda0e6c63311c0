import type { Code, Parent } from 'mdast';
import type { Math as DisplayMath } from 'mdast-util-math';
import type { Section } from '../tree/sections.js';
import { segmentOffsets } from '../util/segmenter.js';
import { type Cutter, cut } from './cut.js';
import { GRAPHEME, ITEM, LINE, type Rank, type TailStart, TOKEN, WORD } from './levels.js';
import type { Atomic, Leaf, SplitState, Unit } from './types.js';
import { nodeUnit } from './unit.js';

type LinesNode = Code;

/**
 * A unit for a code block: whole while it fits, else cut between blank-line groups, then between
 * lines, then at spaces inside a line (and between graphemes when words may be split). Each piece
 * is rebuilt as a code node, so it keeps its fence and its language.
 *
 * @param node
 *   The code node.
 * @param path
 *   Its ancestors.
 * @param section
 *   Its section.
 * @param state
 *   Split state.
 * @param whole
 *   Why the node must stay whole, if its rule says so.
 * @returns
 *   The unit.
 */
export function linesUnit(
  node: LinesNode,
  path: readonly Parent[],
  section: Section,
  state: SplitState,
  whole: Atomic | undefined,
): Unit {
  return nodeUnit(
    node,
    path,
    section,
    state.measure.size(node),
    () =>
      whole ??
      cut(linesCutter(node, path, section, state), 0, node.value.length, node.value.length, ITEM),
  );
}

/**
 * A unit for display math: atomic like a word (its rule keeps it whole), and where it may be split
 * (the `math` rule allows it, or `maxRawSize` forces it), cut only after its lines that end with
 * `\\` (a TeX line break), never inside a line. Each piece is rebuilt as display math.
 *
 * @param node
 *   The math node.
 * @param path
 *   Its ancestors.
 * @param section
 *   Its section.
 * @param state
 *   Split state.
 * @param whole
 *   Why the node must stay whole, if its rule says so.
 * @returns
 *   The unit.
 */
export function mathUnit(
  node: DisplayMath,
  path: readonly Parent[],
  section: Section,
  state: SplitState,
  whole: Atomic | undefined,
): Unit {
  const length = node.value.length;
  return nodeUnit(
    node,
    path,
    section,
    state.measure.size(node),
    () => whole ?? cut(mathCutter(node, path, section, state), 0, length, length, LINE),
  );
}

/**
 * The cutter of display math: after its `\\` line ends; under the raw cap (rules relaxed to a
 * budget), a line still too long goes at spaces, each piece still display math of its own.
 */
function mathCutter(
  node: DisplayMath,
  path: readonly Parent[],
  section: Section,
  state: SplitState,
): Cutter {
  const value = node.value;
  const { measure } = state;
  const capped = Number.isFinite(state.keepWholeLimit);
  const cutter: Cutter = {
    separators: (level, a, b) =>
      level === LINE
        ? texLineBreaks(value, a, b)
        : level === WORD && capped
          ? separators(value, a, b, WORD)
          : [],
    cutsGraphemes: () => false,
    piece: (a, b, sizeEnd, level) => ({
      kind: 'block',
      size: measure.additive ? b - a : measure.text(value.slice(a, b)),
      trail: measure.additive ? sizeEnd - b : 0,
      content: true,
      leaves: (): Leaf[] => [{ path, node, from: a, to: b, section }],
      split: () => cut(cutter, a, b, sizeEnd, level),
    }),
    atomic: () => ({ reason: 'never-split', nodeType: 'math' }),
    blank: (a, b) => !/\S/.test(value.slice(a, b)),
  };
  return cutter;
}

/** The line breaks inside `[a, b)` after a line that ends with `\\`, as `[start, end]` pairs. */
function texLineBreaks(value: string, a: number, b: number): number[] {
  const spans: number[] = [];
  for (let i = value.indexOf('\n', a); i !== -1 && i < b; i = value.indexOf('\n', i + 1)) {
    if (
      i > a &&
      i + 1 < b &&
      /\\\\[ \t]*$/.test(value.slice(value.lastIndexOf('\n', i - 1) + 1, i))
    )
      spans.push(i, i + 1);
  }
  return spans;
}

/** The cutter of the text of a code block. */
function linesCutter(
  node: LinesNode,
  path: readonly Parent[],
  section: Section,
  state: SplitState,
): Cutter {
  const value = node.value;
  const { measure } = state;
  const cutter: Cutter = {
    separators: (level, a, b) => separators(value, a, b, level),
    cutsGraphemes: (a, b) => state.cutsWord(measure.text(value.slice(a, b))),
    piece: (a, b, sizeEnd, level) => ({
      kind: 'block',
      size: measure.additive ? b - a : measure.text(value.slice(a, b)),
      trail: measure.additive
        ? sizeEnd - b
        : sizeEnd > b
          ? measure.text(value.slice(b, sizeEnd))
          : 0,
      content: true,
      leaves: (): Leaf[] => [{ path, node, from: a, to: b, section, wordCut: level > GRAPHEME }],
      split: () => cut(cutter, a, b, sizeEnd, level),
    }),
    atomic: () => ({ reason: 'word', nodeType: node.type }),
    blank: (a, b) => !/\S/.test(value.slice(a, b)),
  };
  return cutter;
}

/**
 * Separators of one level inside `[a, b)`, as `[start, end]` pairs: blank-line groups (item),
 * line breaks (line), spaces inside a line (word), graphemes.
 */
function separators(value: string, a: number, b: number, level: Rank): number[] {
  const spans: number[] = [];
  if (level === ITEM || level === LINE) {
    // A line break, plus the blank lines after it for groups.
    let i = value.indexOf('\n', a);
    while (i !== -1 && i < b) {
      let end = i + 1;
      let blank = false;
      for (;;) {
        let probe = end;
        while (probe < b && (value.charCodeAt(probe) === 32 || value.charCodeAt(probe) === 9))
          probe++;
        if (probe < b && value.charCodeAt(probe) === 10) {
          blank = true;
          end = probe + 1;
        } else break;
      }
      if ((level === LINE || blank) && i > a && end < b) spans.push(i, end);
      i = value.indexOf('\n', end);
    }
    return spans;
  }
  if (level === WORD) {
    let i = a;
    while (i < b) {
      const code = value.charCodeAt(i);
      if (code === 32 || code === 9) {
        const start = i;
        while (i < b && (value.charCodeAt(i) === 32 || value.charCodeAt(i) === 9)) i++;
        // Keep leading indentation with the first piece of the line.
        if (start > a && i < b) spans.push(start, i);
        continue;
      }
      i++;
    }
    return spans;
  }
  if (level !== GRAPHEME) return spans;
  for (const index of segmentOffsets(value.slice(a, b), 'grapheme'))
    spans.push(a + index, a + index);
  return spans;
}

const letterOrDigit = /[\p{L}\p{N}]/u;

/**
 * Where an overlap taken from the end of `[from, to)` of a code block's text may start, from the
 * end backwards: at a line (after blank lines: an item), or, when no whole line fits, after a
 * space inside the last ones (never in the indentation), or at punctuation inside a token too
 * long for the room (`src/` | `main.rs`, never between two letters or digits); only where text
 * follows.
 *
 * @param value
 *   The code.
 * @param from
 *   Start of the part a chunk holds.
 * @param to
 *   End of that part.
 * @returns
 *   Starts, from the end backwards.
 */
export function* codeTailStarts(value: string, from: number, to: number): Generator<TailStart> {
  let lineStart = value.lastIndexOf('\n', to - 1) + 1;
  let tailHasText = false;
  for (let at = to - 1; at > from; at--) {
    if (at < lineStart) lineStart = value.lastIndexOf('\n', at - 1) + 1;
    if (!isBlank(value.charCodeAt(at))) tailHasText = true;
    const before = value.charCodeAt(at - 1);
    let rank: Rank | undefined;
    if (before === 10) {
      const previousLine = value.lastIndexOf('\n', at - 2) + 1;
      rank = value.slice(previousLine, at - 1).trim() === '' ? ITEM : LINE;
    } else if ((before === 32 || before === 9) && !isBlank(value.charCodeAt(at))) {
      // After a space between words of a line, not in its indentation.
      if (/\S/.test(value.slice(lineStart, at - 1))) rank = WORD;
    } else if (!isBlank(before) && !isBlank(value.charCodeAt(at))) {
      const left = value.charAt(at - 1);
      const right = value.charAt(at);
      if (!(letterOrDigit.test(left) && letterOrDigit.test(right))) rank = TOKEN;
    }
    if (rank !== undefined && tailHasText) yield { at, rank };
  }
}

function isBlank(code: number): boolean {
  return code === 32 || code === 9 || code === 10 || code === 13;
}
