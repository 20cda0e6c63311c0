import type { Nodes, Root, Table } from 'mdast';
import type { Provenance } from '../tree/provenance.js';
import type { LengthFunction } from '../types.js';

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
  return contentParts(root, provenance).join('');
}

/**
 * The content size of a chunk: the size of each text of its tree (a text node's value, an
 * image's alt text), added up, as the splitter measures nodes (`tree/measure.ts`). In characters
 * it is the length of {@link contentText}; in tokens each text is counted on its own, as it was
 * when the chunk was packed, so a text measured before is not counted again (a token counter
 * caches its counts).
 *
 * @param root
 *   A chunk's tree.
 * @param provenance
 *   The split's provenance (which nodes are context).
 * @param lengthFunction
 *   The size unit.
 * @returns
 *   Its content size.
 */
export function contentSize(
  root: Root,
  provenance: Provenance,
  lengthFunction: LengthFunction,
): number {
  let size = 0;
  for (const part of contentParts(root, provenance)) size += lengthFunction(part);
  return size;
}

/** The texts of a chunk's content, in order (see {@link contentText}). */
function contentParts(root: Root, provenance: Provenance): string[] {
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
  return parts;
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
    if (provenance.syntheticNodes.has(node)) return;
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
