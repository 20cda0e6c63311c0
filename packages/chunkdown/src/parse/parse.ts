import type { Nodes, Root } from 'mdast';
import type { Extension, Transform } from 'mdast-util-from-markdown';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { phrasingRoots } from '../util/phrasing.js';
import { gfmSyntaxFor } from './gfm-syntax.js';
import { type KnownLabels, labelHook } from './labels.js';
import { flattenDeepBlocks, MAX_NESTING, MAX_SOURCE_NESTING } from './nesting.js';
import {
  documentLines,
  parseInSegments,
  type SegmentParse,
  type SegmentParser,
  type SegmentSettings,
} from './segmented.js';

/** GFM's tree extensions, with the literal autolink transform run where text could link. */
export const gfmTreeExtensions = gfmFromMarkdown().map(
  (extension): Extension =>
    extension.transforms
      ? { ...extension, transforms: extension.transforms.map(whereTextCouldLink) }
      : extension,
);

/** How {@link parse} parses. */
export interface ParseSettings extends SegmentSettings {
  /** Documents at least this long (in UTF-16 code units) are parsed in segments. */
  segmentAbove: number;
}

/**
 * The defaults: documents from 64 KiB on are parsed in segments of about 16 KiB (micromark's work
 * per list item grows with the size of the document it is in: on a 1 MB book and 200–400 KB
 * READMEs, 16 KiB segments parse in 0.9–1.0× the CPU time of 64 KiB ones; below 64 KiB a whole
 * parse is about 5 % cheaper), nesting limits as `nesting.ts` says. `update` parses again only the
 * segments an edit touched: the smaller they are, the less an edit costs.
 */
export const defaultParseSettings: ParseSettings = {
  segmentAbove: 64 * 1024,
  size: 16 * 1024,
  maxNesting: MAX_NESTING,
  maxSourceNesting: MAX_SOURCE_NESTING,
};

/**
 * Parse markdown (CommonMark + GFM) into mdast, with positions: the tree `remark-parse` with
 * `remark-gfm` builds, for less work, except that a top-level block nested too deep
 * (`nesting.ts`) is one plain-text block. The tokenizer skips GFM tries that cannot succeed in the
 * document (`gfm-syntax.ts`), and the second pass that finds literal autolinks in text (where the
 * tokenizer could not see them) runs only on the paragraphs, headings and cells whose text could
 * hold one: it matches four regular expressions against every text node, and each needs an `@`,
 * `http://`, `https://` or `www.`. A large document is parsed in segments that each parse on their
 * own (`parse/segmented.ts`), into the same tree.
 *
 * @param markdown
 *   The document (front matter already blanked).
 * @param settings
 *   When to parse in segments, and the nesting limits (tests make them small).
 * @param parseWith
 *   Parses one segment (the CLI looks segments up that worker threads parsed ahead).
 * @returns
 *   The tree.
 */
export function parse(
  markdown: string,
  settings: Partial<ParseSettings> = {},
  parseWith: SegmentParser = parseSegment,
): Root {
  const options = { ...defaultParseSettings, ...settings };
  // The tokenizer's offsets start after a byte order mark: so do the segments'.
  const text = markdown.charCodeAt(0) === 0xfeff ? markdown.slice(1) : markdown;
  const lines = documentLines(text, options.maxNesting);
  if (
    text.length < options.segmentAbove &&
    !lines.deep.some((line) => line.depth > options.maxSourceNesting)
  ) {
    const tree = parseWhole(markdown);
    flattenDeepBlocks(tree.children, text, options.maxNesting);
    return tree;
  }
  return parseInSegments(text, options, parseWith, lines);
}

/**
 * Parse a whole text with one parser.
 *
 * @param markdown
 *   The text.
 * @returns
 *   Its tree.
 */
export function parseWhole(markdown: string): Root {
  return fromMarkdown(markdown, {
    extensions: [gfmSyntaxFor(markdown)],
    mdastExtensions: gfmTreeExtensions,
  });
}

/**
 * Parse one segment of a document on its own, with labels defined elsewhere made known, and
 * record what it does with labels (`labels.ts`).
 *
 * @param text
 *   The segment.
 * @param known
 *   Labels the rest of the document defines (or seems to).
 * @returns
 *   Its tree (offsets and lines count from the segment's start) and its labels.
 */
export function parseSegment(text: string, known: KnownLabels): SegmentParse {
  const hook = labelHook(known);
  const tree = fromMarkdown(text, {
    extensions: [gfmSyntaxFor(text), hook.extension],
    mdastExtensions: gfmTreeExtensions,
  });
  return { tree, labels: hook.record() };
}

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
