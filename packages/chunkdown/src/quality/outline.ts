import type { Heading, RootContent } from 'mdast';
import { toString as renderText } from 'mdast-util-to-string';
import { parse, takeFrontmatter } from '../internal.js';

/** A section of the outline: a heading and everything it owns, as source offsets. */
export interface OutlineSection {
  /** The heading's rendered text and rank; `null` for the content before the first heading. */
  heading: { text: string; depth: number } | null;
  /** Offset (UTF-16) in the input where the section starts: its heading, or its first block. */
  start: number;
  /** Offset (UTF-16) in the input where the section ends (exclusive): the next heading of the
   * same or higher rank, or the end of the document. */
  end: number;
  /** Subsections, in source order. */
  children: OutlineSection[];
}

const byteOrderMark = 0xfeff;

/**
 * The document's section tree as chunkdown sees it: it parses the document as `split()` does
 * (front matter set aside), and a heading owns everything up to the next heading of the same or
 * higher rank. Headings inside lists, block quotes or HTML are content, not sections.
 *
 * @param markdown
 *   The document.
 * @returns
 *   Top-level sections, in source order; the content before the first heading (when not blank)
 *   is a section whose `heading` is `null`.
 */
export function outline(markdown: string): OutlineSection[] {
  if (typeof markdown !== 'string') {
    throw new TypeError(`Expected a string of markdown, not ${typeof markdown}`);
  }
  // The parser skips a byte order mark and counts offsets after it.
  const shift = markdown.charCodeAt(0) === byteOrderMark ? 1 : 0;
  const source = shift ? markdown.slice(1) : markdown;
  const tree = parse(takeFrontmatter(source).body);
  const offset = (node: RootContent, side: 'start' | 'end') =>
    (node.position?.[side].offset ?? 0) + shift;

  const roots: OutlineSection[] = [];
  const first = tree.children[0];
  const firstHeading = tree.children.findIndex((node) => node.type === 'heading');
  const end = markdown.length;
  if (first && first.type !== 'heading') {
    const next = tree.children[firstHeading];
    roots.push({
      heading: null,
      start: offset(first, 'start'),
      end: next ? offset(next, 'start') : end,
      children: [],
    });
  }
  const open: { depth: number; section: OutlineSection }[] = [];
  for (const node of tree.children) {
    if (node.type !== 'heading') continue;
    const heading: Heading = node;
    const start = offset(heading, 'start');
    while (open.length > 0 && (open[open.length - 1]?.depth ?? 0) >= heading.depth) {
      const closed = open.pop();
      if (closed) closed.section.end = start;
    }
    const section: OutlineSection = {
      heading: { text: renderText(heading), depth: heading.depth },
      start,
      end,
      children: [],
    };
    const parent = open[open.length - 1];
    if (parent) parent.section.children.push(section);
    else roots.push(section);
    open.push({ depth: heading.depth, section });
  }
  return roots;
}
