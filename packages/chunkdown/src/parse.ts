import type { Nodes, Root } from 'mdast';
import type { Extension, Transform } from 'mdast-util-from-markdown';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfmSyntaxFor } from './gfm-syntax.js';

const mdastExtensions = gfmFromMarkdown().map(
  (extension): Extension =>
    extension.transforms
      ? { ...extension, transforms: extension.transforms.map(whereTextCouldLink) }
      : extension,
);

/**
 * Parse markdown (CommonMark + GFM) into mdast, with positions: the tree `remark-parse` with
 * `remark-gfm` builds, for less work. The tokenizer skips GFM tries that cannot succeed in the
 * document (`gfm-syntax.ts`), and the second pass that finds literal autolinks in text (where the
 * tokenizer could not see them) runs only on the paragraphs, headings and cells whose text could
 * hold one: it matches four regular expressions against every text node, and each needs an `@`,
 * `http://`, `https://` or `www.`.
 *
 * @param markdown
 *   The document (front matter already blanked).
 * @returns
 *   The tree.
 */
export function parse(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: [gfmSyntaxFor(markdown)], mdastExtensions });
}

/** Block types whose children are phrasing content: every text node has one as an ancestor. */
const phrasingRoots = new Set(['paragraph', 'heading', 'tableCell']);

/** What every literal autolink holds: an `@` (email, `mailto:`, `xmpp:`), a scheme or `www.`. */
const linkable = /@|https?:\/\/|www\./i;

/**
 * Run a tree transform of text only on the phrasing blocks that have linkable text. The
 * autolink transform changes text nodes one at a time and never looks past one, so running it
 * on each such block gives the tree running it on the whole document gives.
 */
function whereTextCouldLink(transform: Transform): Transform {
  return (tree) => {
    for (const block of linkableBlocks(tree)) transform(block as Root);
  };
}

/**
 * The paragraphs, headings and table cells with a text node that could hold an autolink, in
 * document order; the whole tree if such text had none of them above it (mdast puts text only in
 * those, but a transform must not miss any).
 */
function linkableBlocks(tree: Root): Nodes[] {
  const found: Nodes[] = [];
  let unplaced = false;
  const visit = (node: Nodes, block: Nodes | undefined) => {
    if (node.type === 'text') {
      if (!linkable.test(node.value)) return;
      if (!block) unplaced = true;
      else if (found[found.length - 1] !== block) found.push(block);
      return;
    }
    if (!('children' in node)) return;
    const own = phrasingRoots.has(node.type) ? node : block;
    for (const child of node.children as Nodes[]) visit(child, own);
  };
  visit(tree, undefined);
  return unplaced ? [tree] : found;
}
