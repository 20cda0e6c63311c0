import type { Root, ThematicBreak } from 'mdast';
import { soleText } from '../util/markup.js';

/**
 * A notebook's cell break, as Jupytext and MyST write one between markdown cells: `+++` alone on
 * a line. One with the next cell's metadata (`+++ {"tags": ["remove-cell"]}`) stays a paragraph:
 * a break at a chunk's edge is left out, and its metadata would be lost.
 */
const cellBreak = /^\+\+\+[ \t]*$/;

/**
 * Read the paragraphs of a document that are notebook cell breaks as thematic breaks, which they
 * are: a boundary between blocks, not content. CommonMark reads `+++` as a paragraph, which the
 * packer kept with the heading after it, and a chunk of `+++`, a heading and `+++` reads as
 * TOML front matter to whoever parses it again. The break keeps its line (`data.cellBreak`),
 * which the serializer writes where the break is inside a chunk. Changes `tree` (the parse's
 * own): only its top level, where notebooks put their cells.
 *
 * @param tree
 *   The parsed tree.
 */
export function markCellBreaks(tree: Root): void {
  tree.children.forEach((node, index) => {
    const line = soleText(node);
    if (line === undefined || !cellBreak.test(line)) return;
    const mark: ThematicBreak = {
      type: 'thematicBreak',
      data: { cellBreak: line.trimEnd() } as ThematicBreak['data'],
      ...(node.position ? { position: node.position } : {}),
    };
    tree.children[index] = mark;
  });
}

/**
 * The line of a thematic break that is a cell break ({@link markCellBreaks}), or `undefined`.
 *
 * @param node
 *   A thematic break.
 * @returns
 *   Its line as written, for a cell break.
 */
export function cellBreakOf(node: ThematicBreak): string | undefined {
  return (node.data as { cellBreak?: string } | undefined)?.cellBreak;
}
