import type { Heading, Root, RootContent } from 'mdast';
import { isPlainText } from '../parse/nesting.js';
import { anchorCount, isMystTarget, rawMarkup } from '../util/markup.js';
import { openFences } from './open-fences.js';

/**
 * A heading and everything it owns: the content up to the next heading of the same or higher
 * rank, with deeper headings as subsections. The document itself is the section of depth 0.
 */
export interface Section {
  /** 0 for the document, else the heading's rank. */
  depth: number;
  heading: Heading | undefined;
  /**
   * Markup right before the heading that a reader does not see and that names or marks it
   * (`<a id="old-name"></a>`, `<!-- Old headings. Do not remove or links may break. -->`): it
   * leads into the heading (see {@link leadingMarkup}).
   */
  lead: RootContent[];
  /** Content blocks before the first subsection. */
  blocks: RootContent[];
  subsections: Section[];
  /** Headings from the outermost down to this section's own. */
  trail: Heading[];
}

/** How far on (in characters of source) a fence left open by a block may close for the headings in between to be its content. */
const FENCE_REACH = 4000;

/**
 * Regroup the flat children of a root into a tree of sections.
 *
 * A heading inside a fence that only a line-by-line reader sees (a ```` ```markdown ```` line that
 * CommonMark put into an HTML block, closed after the heading by a fence CommonMark opens: a
 * Jekyll example) is content of the section before it, so that the blocks of that region can stay
 * in one chunk; only when the fence closes within `FENCE_REACH` characters.
 *
 * @param root
 *   Normalized tree.
 * @param source
 *   The document the tree's positions point into (without it, every root heading starts a section).
 * @returns
 *   The document section.
 */
export function buildSections(root: Root, source?: string): Section {
  const inFence = source === undefined ? undefined : headingsInFences(root, source);
  const document: Section = {
    depth: 0,
    heading: undefined,
    lead: [],
    blocks: [],
    subsections: [],
    trail: [],
  };
  const stack: Section[] = [document];
  for (const node of root.children) {
    if (node.type === 'heading' && !inFence?.has(node)) {
      const lead = leadingMarkup((stack[stack.length - 1] as Section).blocks);
      while ((stack[stack.length - 1] as Section).depth >= node.depth) stack.pop();
      const parent = stack[stack.length - 1] as Section;
      const section: Section = {
        depth: node.depth,
        heading: node,
        lead,
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

/**
 * Take the anchors that lead into a heading off the end of the blocks before it: HTML blocks (or
 * paragraphs of inline HTML alone) of only anchors and comments, anchors among them (`<a id="old-name"></a>`,
 * `<!-- Old headings. Do not remove or links may break. -->`), and MyST targets (`(glue/gluing)=`). They name the heading after them;
 * left at the end of the section before, they were a chunk of their own whenever that section's
 * last chunk was full.
 *
 * @param blocks
 *   The blocks before the heading (changed in place).
 * @returns
 *   The blocks taken, in order.
 */
function leadingMarkup(blocks: RootContent[]): RootContent[] {
  let start = blocks.length;
  let anchors = 0;
  while (start > 0) {
    const block = blocks[start - 1] as RootContent;
    const markup = isPlainText(block) ? undefined : rawMarkup(block);
    const count = isMystTarget(block) ? 1 : markup ? anchorCount(markup) : -1;
    if (count < 0) break;
    anchors += count;
    start--;
  }
  return anchors === 0 ? [] : blocks.splice(start);
}

/** The root headings that a fence, read line by line, holds (see `buildSections`). */
function headingsInFences(root: Root, source: string): Set<Heading> {
  const held = new Set<Heading>();
  const blocks = root.children;
  const open = openFences(blocks, source);
  let index = 0;
  while (index < blocks.length) {
    if (!open[index]) {
      index++;
      continue;
    }
    // A region: from a block that leaves a fence open to the block that closes it.
    let last = index;
    while (last < blocks.length && open[last]) last++;
    const from = blocks[index]?.position?.end.offset ?? 0;
    const to = blocks[last]?.position?.start.offset;
    if (last < blocks.length && to !== undefined && to - from <= FENCE_REACH) {
      for (let inside = index + 1; inside <= last; inside++) {
        const block = blocks[inside];
        if (block?.type === 'heading') held.add(block);
      }
    }
    index = last + 1;
  }
  return held;
}
