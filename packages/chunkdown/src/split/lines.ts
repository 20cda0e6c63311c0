import type { Code, Html, Parent } from 'mdast';
import type { Section } from '../sections.js';
import { segmentOffsets } from './segments.js';
import type { Atomic, Leaf, SplitState, Unit } from './types.js';
import { nodeUnit } from './unit.js';

type LinesNode = Code | Html;

/**
 * A unit for a code block or an HTML block: whole while it fits, else cut between blank-line
 * groups, then between lines, then at spaces inside a line (and between graphemes when words may
 * be split). Each piece is rebuilt as a node of the same kind, so a code piece keeps its fence and
 * its language.
 *
 * @param node
 *   The code or HTML node.
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
      splitLines({ node, path, section, state }, 0, node.value.length, node.value.length, 0),
  );
}

interface LinesContext {
  node: LinesNode;
  path: readonly Parent[];
  section: Section;
  state: SplitState;
}

/** Levels inside a code block: blank-line groups, lines, spaces, graphemes. */
const GROUPS = 0;
const LINES = 1;
const SPACES = 2;
const GRAPHEMES = 3;

function sliceUnit(
  context: LinesContext,
  a: number,
  b: number,
  sizeEnd: number,
  level: number,
): Unit {
  const { node, path, section, state } = context;
  const value = node.value;
  return {
    kind: 'block',
    size: state.measure.additive ? b - a : state.measure.text(value.slice(a, b)),
    trail: state.measure.additive
      ? sizeEnd - b
      : sizeEnd > b
        ? state.measure.text(value.slice(b, sizeEnd))
        : 0,
    content: true,
    leaves: (): Leaf[] => [{ path, node, from: a, to: b, section, wordCut: level > GRAPHEMES }],
    split: () => splitLines(context, a, b, sizeEnd, level),
  };
}

function splitLines(
  context: LinesContext,
  a: number,
  b: number,
  sizeEnd: number,
  level: number,
): Unit[] | Atomic {
  const value = context.node.value;
  for (let current = level; current <= GRAPHEMES; current++) {
    if (
      current === GRAPHEMES &&
      !context.state.cutsWord(context.state.measure.text(value.slice(a, b)))
    )
      break;
    const spans = separators(value, a, b, current);
    if (spans.length === 0) continue;
    const units: Unit[] = [];
    let start = a;
    for (let k = 0; k < spans.length; k += 2) {
      const spanStart = spans[k] as number;
      const spanEnd = spans[k + 1] as number;
      if (spanStart > start) units.push(sliceUnit(context, start, spanStart, spanEnd, current + 1));
      start = spanEnd;
    }
    if (b > start) units.push(sliceUnit(context, start, b, sizeEnd, current + 1));
    if (units.length > 1) return units;
  }
  return { reason: 'word', nodeType: context.node.type };
}

/** Separators of one level inside `[a, b)`, as `[start, end]` pairs. */
function separators(value: string, a: number, b: number, level: number): number[] {
  const spans: number[] = [];
  if (level === GROUPS || level === LINES) {
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
      if ((level === LINES || blank) && i > a && end < b) spans.push(i, end);
      i = value.indexOf('\n', end);
    }
    return spans;
  }
  if (level === SPACES) {
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
  for (const index of segmentOffsets(value.slice(a, b), 'grapheme'))
    spans.push(a + index, a + index);
  return spans;
}
