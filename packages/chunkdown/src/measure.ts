import type { Nodes } from 'mdast';
import type { LengthFunction } from './types.js';

/** Content sizes in the size unit, computed once per node (bottom-up) and cached. */
export interface Measure {
  /** Content size of a node: its rendered text, table header rows excluded. */
  size(node: Nodes): number;
  /** Size of a piece of rendered text. */
  text(value: string): number;
  /** Whether sizes add up exactly (true for characters; token counts are estimates). */
  additive: boolean;
}

/**
 * Create a size cache for one split.
 *
 * @param lengthFunction
 *   The size unit.
 * @param additive
 *   Whether the size of joined text is the sum of its parts (characters).
 * @returns
 *   The measure.
 */
export function createMeasure(lengthFunction: LengthFunction, additive: boolean): Measure {
  const cache = new WeakMap<Nodes, number>();

  function size(node: Nodes): number {
    const cached = cache.get(node);
    if (cached !== undefined) return cached;
    let result = 0;
    if ('value' in node && typeof node.value === 'string') {
      result = node.type === 'yaml' ? 0 : lengthFunction(node.value);
    } else if (node.type === 'image' || node.type === 'imageReference') {
      result = node.alt ? lengthFunction(node.alt) : 0;
    } else if ('children' in node) {
      const children = node.children as Nodes[];
      // A table's header row is repeated as context in every piece and is not counted.
      for (let i = node.type === 'table' ? 1 : 0; i < children.length; i++) {
        result += size(children[i] as Nodes);
      }
    }
    cache.set(node, result);
    return result;
  }

  return { size, text: lengthFunction, additive };
}
