import type { Code, Nodes, Parent } from 'mdast';
import type { Section } from '../tree/sections.js';
import { type OpenFence, scanFences } from '../util/fence-lines.js';
import type { Leaf, SplitState, Unit } from './types.js';

/**
 * Blocks held together by a fence read line by line (`tree/open-fences.ts`): kept whole unless
 * far larger than a chunk (a fence that never closes would otherwise hold the rest of the
 * section). A larger region is cut where the fence, read line by line, is closed: after a line of
 * an indented code block that closes it (MDX: a ```` ```js ```` line in an HTML block, the example
 * and its closing fence in the indented code after it, then more examples). A region with no such
 * line is split between its blocks.
 *
 * @param nodes
 *   The blocks of the region.
 * @param members
 *   Their units.
 * @param path
 *   Their ancestors.
 * @param section
 *   Their section.
 * @param state
 *   Split state.
 * @param source
 *   The document their positions point into.
 * @returns
 *   The unit of the region.
 */
export function fenceRegionUnit(
  nodes: readonly Nodes[],
  members: Unit[],
  path: readonly Parent[],
  section: Section,
  state: SplitState,
  source: string,
): Unit {
  const size = members.reduce((sum, unit) => sum + unit.size, 0);
  return {
    kind: 'block',
    size,
    content: members.some((unit) => unit.content),
    leaves: () => members.flatMap((unit) => unit.leaves()),
    split: () => {
      if (size <= Math.max(state.options.maxSize * FENCE_REGION_SPLIT, FENCE_REGION_FLOOR)) {
        return { reason: 'never-split', nodeType: 'html' };
      }
      const pieces = regionPieces(nodes, members, path, section, state, source);
      return pieces.length > 1 ? pieces : members;
    },
  };
}

/** One part of a piece of a fence region: a whole member, or lines `[from, to)` of indented code. */
type RegionPart = { member: Unit } | { code: Code; from: number; to: number };

/**
 * The pieces of a fence region, cut after the lines of its indented code blocks where the fence
 * read line by line is closed. Each piece is kept whole.
 */
function regionPieces(
  nodes: readonly Nodes[],
  members: Unit[],
  path: readonly Parent[],
  section: Section,
  state: SplitState,
  source: string,
): Unit[] {
  const pieces: RegionPart[][] = [];
  let current: RegionPart[] = [];
  let fence: OpenFence | undefined;
  nodes.forEach((node, index) => {
    const member = members[index] as Unit;
    const start = node.position?.start.offset ?? 0;
    const end = node.position?.end.offset ?? 0;
    const written = source.slice(start, end);
    if (node.type !== 'code' || node.lang || node.meta || /^[ \t]{0,3}(`{3}|~{3})/.test(written)) {
      fence = scanFences(written, fence);
      current.push({ member });
      return;
    }
    // Indented code: its lines are the source's, without four columns of indentation.
    const value = node.value;
    let from = 0;
    let lineStart = 0;
    while (lineStart <= value.length) {
      let lineEnd = value.indexOf('\n', lineStart);
      if (lineEnd === -1) lineEnd = value.length;
      fence = scanFences(value.slice(lineStart, lineEnd), fence);
      if (fence === undefined && lineEnd < value.length && lineEnd > from) {
        current.push({ code: node, from, to: lineEnd });
        pieces.push(current);
        current = [];
        from = lineEnd + 1;
        while (from < value.length && value.charCodeAt(from) === 10) from++;
        lineStart = from;
        continue;
      }
      lineStart = lineEnd + 1;
    }
    if (from < value.length) current.push({ code: node, from, to: value.length });
  });
  if (current.length > 0) pieces.push(current);
  return pieces.map((parts) => regionPiece(parts, path, section, state));
}

function regionPiece(
  parts: RegionPart[],
  path: readonly Parent[],
  section: Section,
  state: SplitState,
): Unit {
  const sizeOf = (part: RegionPart) =>
    'member' in part
      ? part.member.size
      : state.measure.text(part.code.value.slice(part.from, part.to));
  return {
    kind: 'block',
    size: parts.reduce((sum, part) => sum + sizeOf(part), 0),
    content: true,
    leaves: () =>
      parts.flatMap((part): Leaf[] =>
        'member' in part
          ? part.member.leaves()
          : [{ path, node: part.code, from: part.from, to: part.to, section }],
      ),
    split: () => ({ reason: 'never-split', nodeType: 'html' }),
  };
}

/**
 * A fence region larger than this many chunks (at their maximum), and than the floor, is split
 * between its blocks.
 */
const FENCE_REGION_SPLIT = 4;
const FENCE_REGION_FLOOR = 2000;
