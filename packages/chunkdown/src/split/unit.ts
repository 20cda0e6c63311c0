import type { Nodes, Parent } from 'mdast';
import type { Section } from '../sections.js';
import type { Atomic, Unit } from './types.js';

/**
 * A unit for one whole node: placed as a single leaf, split by `split` when it does not fit.
 *
 * @param node
 *   The node.
 * @param path
 *   Its ancestors.
 * @param section
 *   Its section.
 * @param size
 *   Its content size.
 * @param split
 *   Its next-smaller units, or why it cannot be split.
 * @returns
 *   The unit.
 */
export function nodeUnit(
  node: Nodes,
  path: readonly Parent[],
  section: Section,
  size: number,
  split: () => Unit[] | Atomic,
): Unit {
  return {
    kind: 'block',
    size,
    content: true,
    leaves: () => [{ path, node, from: -1, to: -1, section }],
    split,
  };
}
