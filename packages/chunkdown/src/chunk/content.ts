import type { Nodes, Root, Table } from 'mdast';
import type { Provenance } from '../tree/provenance.js';

/**
 * The rendered text of a chunk, as `mdast-util-to-string` gives it, without the repeated table
 * header rows and the context the assembler added.
 *
 * @param root
 *   A chunk's tree.
 * @param provenance
 *   The split's provenance (which nodes are context).
 * @returns
 *   Its content text.
 */
export function contentText(root: Root, provenance: Provenance): string {
  const parts: string[] = [];
  const visit = (node: Nodes) => {
    if (provenance.syntheticNodes.has(node)) return;
    if ('value' in node && typeof node.value === 'string') {
      parts.push(node.value);
      return;
    }
    if (node.type === 'image' || node.type === 'imageReference') {
      if (node.alt) parts.push(node.alt);
      return;
    }
    if ('children' in node) {
      const children = node.children as Nodes[];
      for (let i = node.type === 'table' ? 1 : 0; i < children.length; i++)
        visit(children[i] as Nodes);
    }
  };
  visit(root);
  return parts.join('');
}

/**
 * Column headers of the tables in a chunk, in order, without repeats.
 *
 * @param root
 *   A chunk's tree.
 * @param provenance
 *   The split's provenance.
 * @returns
 *   Header texts.
 */
export function tableHeaders(root: Root, provenance: Provenance): string[] {
  const headers: string[] = [];
  const seen = new Set<string>();
  const visit = (node: Nodes) => {
    if (node.type === 'table') {
      for (const cell of (node as Table).children[0]?.children ?? []) {
        const text = contentText({ type: 'root', children: [cell as never] }, provenance).trim();
        if (text && !seen.has(text)) {
          seen.add(text);
          headers.push(text);
        }
      }
      return;
    }
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(root);
  return headers;
}
