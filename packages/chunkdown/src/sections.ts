import type { Heading, Root, RootContent } from 'mdast';

/**
 * A heading and everything it owns: the content up to the next heading of the same or higher
 * rank, with deeper headings as subsections. The document itself is the section of depth 0.
 */
export interface Section {
  /** 0 for the document, else the heading's rank. */
  depth: number;
  heading: Heading | undefined;
  /** Content blocks before the first subsection. */
  blocks: RootContent[];
  subsections: Section[];
  /** Headings from the outermost down to this section's own. */
  trail: Heading[];
}

/**
 * Regroup the flat children of a root into a tree of sections.
 *
 * @param root
 *   Normalized tree.
 * @returns
 *   The document section.
 */
export function buildSections(root: Root): Section {
  const document: Section = {
    depth: 0,
    heading: undefined,
    blocks: [],
    subsections: [],
    trail: [],
  };
  const stack: Section[] = [document];
  for (const node of root.children) {
    if (node.type === 'heading') {
      while ((stack[stack.length - 1] as Section).depth >= node.depth) stack.pop();
      const parent = stack[stack.length - 1] as Section;
      const section: Section = {
        depth: node.depth,
        heading: node,
        blocks: [],
        subsections: [],
        trail: [...parent.trail, node],
      };
      parent.subsections.push(section);
      stack.push(section);
    } else {
      (stack[stack.length - 1] as Section).blocks.push(node);
    }
  }
  return document;
}
