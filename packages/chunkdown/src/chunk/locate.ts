import type { Heading, Nodes, Parent } from 'mdast';
import { alertOf, containerSyntax, literalSyntax } from '../parse/containers.js';
import type { Leaf } from '../split/types.js';
import type { Provenance } from '../tree/provenance.js';
import type { SourceMap } from '../tree/source-map.js';
import type { Breadcrumb, Container } from '../types.js';
import { headingText } from '../util/heading-text.js';
import { literalText } from '../util/literal.js';

/**
 * The source range a chunk was made from: from where its first leaf starts to where its last
 * leaf ends, exact inside sliced text (through escapes, references and container prefixes).
 *
 * @param leaves
 *   The chunk's leaves, in order.
 * @param sourceMap
 *   The document's source map.
 * @param provenance
 *   The split's provenance (where sliced text comes from).
 * @returns
 *   `[start, end]` offsets, or `undefined` when no leaf has a position.
 */
export function sourceRange(
  leaves: readonly Leaf[],
  sourceMap: SourceMap,
  provenance: Provenance,
): [number, number] | undefined {
  const located: Located = { sourceMap, sliceOrigins: provenance.sliceOrigins };
  let start: number | undefined;
  for (const leaf of leaves) {
    start = leafStart(leaf, located);
    if (start !== undefined) break;
  }
  let end: number | undefined;
  for (let index = leaves.length - 1; index >= 0; index--) {
    end = leafEnd(leaves[index] as Leaf, located);
    if (end !== undefined) break;
  }
  if (start === undefined || end === undefined) return undefined;
  return [start, Math.max(start, end)];
}

/** What finding a leaf in the source needs. */
interface Located {
  sourceMap: SourceMap;
  sliceOrigins: Provenance['sliceOrigins'];
}

function leafStart(leaf: Leaf, located: Located): number | undefined {
  const { sourceMap, sliceOrigins } = located;
  if (leaf.from >= 0) {
    const origin = sliceOrigins.get(leaf.node);
    const node = origin ? origin.node : leaf.node;
    const written = sourceMap.char(node, (origin ? origin.from : 0) + leaf.from);
    if (written) return written.start;
  }
  return nodeStart(leaf.node, located) ?? pathPosition(leaf.path, 'start');
}

function leafEnd(leaf: Leaf, located: Located): number | undefined {
  const { sourceMap, sliceOrigins } = located;
  if (leaf.to > 0) {
    const origin = sliceOrigins.get(leaf.node);
    const node = origin ? origin.node : leaf.node;
    const written = sourceMap.char(node, (origin ? origin.from : 0) + leaf.to - 1);
    if (written) return written.end;
  }
  return nodeEnd(leaf.node, located) ?? pathPosition(leaf.path, 'end');
}

/** Start offset of a node: its position, its slice origin, or its first child's. */
function nodeStart(node: Nodes, located: Located): number | undefined {
  const { sourceMap, sliceOrigins } = located;
  const offset = sourceMap.range(node)?.start;
  if (offset !== undefined) return offset;
  const origin = sliceOrigins.get(node);
  if (origin) return sourceMap.char(origin.node, origin.from)?.start;
  if ('children' in node) {
    // A table copy starts with the repeated header row, which is not where the piece starts.
    const children =
      node.type === 'table' && node.children.length > 1 ? node.children.slice(1) : node.children;
    for (const child of children as Nodes[]) {
      const found = nodeStart(child, located);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** End offset of a node: its position, its slice origin, or its last child's. */
function nodeEnd(node: Nodes, located: Located): number | undefined {
  const { sourceMap, sliceOrigins } = located;
  const offset = sourceMap.range(node)?.end;
  if (offset !== undefined) return offset;
  const origin = sliceOrigins.get(node);
  if (origin) {
    const length = literalText(node)?.length ?? 0;
    return length > 0 ? sourceMap.char(origin.node, origin.from + length - 1)?.end : undefined;
  }
  if ('children' in node) {
    const children = node.children as Nodes[];
    for (let index = children.length - 1; index >= 0; index--) {
      const found = nodeEnd(children[index] as Nodes, located);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function pathPosition(path: readonly Parent[], side: 'start' | 'end'): number | undefined {
  for (let index = path.length - 1; index >= 0; index--) {
    const offset = (path[index] as Parent).position?.[side].offset;
    if (offset !== undefined) return offset;
  }
  return undefined;
}

/**
 * Breadcrumbs of a chunk: the headings above its first leaf that the chunk does not hold itself.
 *
 * @param leaves
 *   The chunk's leaves.
 * @returns
 *   The headings, outermost first.
 */
export function breadcrumbs(leaves: readonly Leaf[]): Breadcrumb[] {
  const first = leaves[0];
  if (!first) return [];
  const own = new Set<Nodes>();
  for (const leaf of leaves) {
    if (leaf.node.type === 'heading') own.add(leaf.node);
    for (const container of leaf.path)
      if (container.type === 'heading') own.add(container as Heading);
  }
  return first.section.trail
    .filter((heading) => !own.has(heading))
    .map((heading: Heading) => ({ text: headingText(heading), depth: heading.depth }));
}

/** Whether a node is content of a chunk, not a heading, a thematic break or a definition. */
function isContent(node: Nodes): boolean {
  return node.type !== 'heading' && node.type !== 'thematicBreak' && node.type !== 'definition';
}

/**
 * The docs-dialect containers a chunk sits in, outermost first: those that hold all of its content
 * (headings, thematic breaks and definitions aside), a container the chunk holds whole and alone
 * included (also inside a node that holds nothing else, a list of one item). Directives, MkDocs admonitions and tabs, JSX elements with content, alerts.
 *
 * @param leaves
 *   The chunk's own leaves (without overlap).
 * @returns
 *   The containers.
 */
export function containersOf(leaves: readonly Leaf[]): Container[] {
  let common: readonly Nodes[] | undefined;
  for (const leaf of leaves) {
    if (!isContent(leaf.node)) continue;
    const chain: readonly Nodes[] = [...(leaf.path as Nodes[]), leaf.node];
    if (!common) common = chain;
    else {
      let same = 0;
      while (same < common.length && same < chain.length && common[same] === chain[same]) same++;
      common = common.slice(0, same);
    }
    if (common.length === 0) return [];
  }
  // A whole node that holds one child only (a list of one item holding a note; headings aside)
  // holds what the child holds: the chunk sits in the containers down that line too.
  const chain = [...(common ?? [])];
  for (
    let last = chain[chain.length - 1];
    last && 'children' in last;
    last = chain[chain.length - 1]
  ) {
    const children = (last.children as Nodes[]).filter(isContent);
    if (children.length !== 1) break;
    chain.push(children[0] as Nodes);
  }
  const found: Container[] = [];
  for (const node of chain) {
    const container =
      containerSyntax(node)?.container ?? literalSyntax(node)?.container ?? alertOf(node);
    if (container) found.push(container);
  }
  return found;
}
