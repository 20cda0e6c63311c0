import type { Nodes, Parent } from 'mdast';
import type { Section } from '../tree/sections.js';
import type { Atomic, SplitState, Unit } from './types.js';

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

/**
 * A unit with a trailer that must not be parted from its end (an HTML element's closing tag,
 * `</Listing>`, after the markdown it closes): placed together, and when the unit is split, the
 * trailer goes with its last piece, so it never starts a chunk of its own.
 *
 * @param unit
 *   The unit.
 * @param trailer
 *   What follows it.
 * @returns
 *   The joined unit.
 */
export function withTrailer(unit: Unit, trailer: Unit): Unit {
  const joined: Unit = {
    kind: unit.kind === 'section' ? 'section' : 'block',
    size: unit.size + (unit.trail ?? 0) + trailer.size,
    content: unit.content || trailer.content,
    leaves: () => [...unit.leaves(), ...trailer.leaves()],
    split: () => {
      const parts = unit.split();
      if (!Array.isArray(parts) || parts.length === 0) return parts;
      return [...parts.slice(0, -1), withTrailer(parts[parts.length - 1] as Unit, trailer)];
    },
  };
  if (trailer.trail !== undefined) joined.trail = trailer.trail;
  return joined;
}

/**
 * A unit that is placed whole, or split into the units of its block children.
 *
 * @param node
 *   The container.
 * @param path
 *   Its ancestors.
 * @param section
 *   Its section.
 * @param state
 *   Split state.
 * @param whole
 *   Why it must stay whole, if its rule says so.
 * @param children
 *   The units of its children.
 * @returns
 *   The unit.
 */
export function containerUnit(
  node: Parent & Nodes,
  path: readonly Parent[],
  section: Section,
  state: SplitState,
  whole: Atomic | undefined,
  children: () => Unit[],
): Unit {
  return nodeUnit(node, path, section, state.measure.size(node), () => whole ?? children());
}
