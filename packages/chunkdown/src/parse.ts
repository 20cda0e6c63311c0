import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const parser = unified().use(remarkParse).use(remarkGfm).freeze();

/**
 * Parse markdown (CommonMark + GFM) into mdast, with positions.
 *
 * @param markdown
 *   The document (front matter already blanked).
 * @returns
 *   The tree.
 */
export function parse(markdown: string): Root {
  return parser.parse(markdown);
}
