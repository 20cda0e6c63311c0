import type { Nodes } from 'mdast';

/**
 * The text of a node that chunks may slice: an image's `alt`, or the `value` of a literal (text,
 * inline code, code, HTML).
 *
 * @param node
 *   Any node.
 * @returns
 *   Its text, or `undefined` for a node without one.
 */
export function literalText(node: Nodes): string | undefined {
  if (node.type === 'image' || node.type === 'imageReference') return node.alt ?? '';
  const value = (node as { value?: unknown }).value;
  return typeof value === 'string' ? value : undefined;
}
