/**
 * Units made by hand, for the packer and the planner: each leaf is a text node named after its
 * unit (a thematic break's is a `thematicBreak`), so a packing reads as lists of names.
 */
import type { Nodes, Text, ThematicBreak } from 'mdast';
import type { Draft } from '../../src/pack/pack.js';
import type { Atomic, Leaf, Unit } from '../../src/split/types.js';
import { emptySection } from './stages.js';

const section = emptySection();

const whole = (nodeType: string): Atomic => ({ reason: 'never-split', nodeType });

function leafOf(node: Nodes): Leaf {
  return { path: [], node, from: -1, to: -1, section };
}

/**
 * A block of content that cannot be split (unless `extra.split` says how).
 *
 * @param name
 *   Its name (the text of its leaf).
 * @param size
 *   Its size.
 * @param extra
 *   Fields to set or override.
 * @returns
 *   The unit.
 */
export function block(name: string, size: number, extra: Partial<Unit> = {}): Unit {
  const node: Text = { type: 'text', value: name };
  return {
    kind: 'block',
    size,
    content: true,
    leaves: () => [leafOf(node)],
    split: () => whole('paragraph'),
    ...extra,
  };
}

/**
 * A heading: no content, stays with what follows, cannot be split.
 *
 * @param name
 *   Its name.
 * @param size
 *   Its size.
 * @returns
 *   The unit.
 */
export function heading(name: string, size = 5): Unit {
  return block(name, size, { kind: 'heading', content: false, split: () => whole('heading') });
}

/**
 * A thematic break.
 *
 * @returns
 *   The unit.
 */
export function rule(): Unit {
  const node: ThematicBreak = { type: 'thematicBreak' };
  return {
    kind: 'break',
    size: 0,
    content: false,
    leaves: () => [leafOf(node)],
    split: () => whole('thematicBreak'),
  };
}

/**
 * A unit made of others: placed whole while it fits, else split into them.
 *
 * @param kind
 *   Its kind (`section` or `block`).
 * @param children
 *   Its parts, in order.
 * @param extra
 *   Fields to set or override.
 * @returns
 *   The unit.
 */
export function group(
  kind: Unit['kind'],
  children: readonly Unit[],
  extra: Partial<Unit> = {},
): Unit {
  return {
    kind,
    size: children.reduce((sum, child) => sum + child.size + (child.trail ?? 0), 0),
    content: children.some((child) => child.content),
    leaves: () => children.flatMap((child) => child.leaves()),
    split: () => [...children],
    ...extra,
  };
}

/**
 * The names of the leaves of each draft (`---` for a thematic break).
 *
 * @param drafts
 *   Drafts.
 * @returns
 *   One list of names per draft.
 */
export function names(drafts: readonly Draft[]): string[][] {
  return drafts.map((draft) =>
    draft.leaves.map((leaf) => (leaf.node.type === 'text' ? leaf.node.value : '---')),
  );
}
