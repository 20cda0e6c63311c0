import type { Html, Nodes } from 'mdast';

/**
 * The markup of a block that is raw HTML: an HTML block, or a paragraph of inline HTML alone
 * (`<a id="old-name"></a>` on a line of its own is a paragraph to CommonMark); `undefined` for
 * any other block.
 *
 * @param node
 *   The block.
 * @returns
 *   Its HTML, or `undefined`.
 */
export function rawMarkup(node: Nodes): Html | undefined {
  if (node.type === 'html') return node;
  if (node.type !== 'paragraph' || node.children.length === 0) return undefined;
  let value = '';
  for (const child of node.children) {
    if (child.type === 'html') value += child.value;
    else if (child.type === 'text' && child.value.trim() === '') value += child.value;
    else if (child.type === 'break') value += '\n';
    else return undefined;
  }
  return { type: 'html', value };
}

/** An empty element that names a place: `<a id="old-name"></a>`, `<span name="x"></span>`, `<a id="x"/>`. */
const ANCHOR = /<(a|span)\b[^<>]*?\b(?:id|name)\s*=[^<>]*?(?:\/>|>\s*<\/\1\s*>)/gi;

/**
 * How many anchors raw HTML of only anchors and comments holds
 * (`<!-- Old headings. Do not remove or links may break. -->\n<a id="old-name"></a>`: 1; a
 * comment alone: 0); -1 when it holds anything else. An anchor names the place it stands at, so
 * it leads into what follows it.
 *
 * @param html
 *   The HTML.
 * @returns
 *   The number of anchors, or -1.
 */
export function anchorCount(html: Html): number {
  const value = html.value;
  if (value.length > 2000 || !/^\s*</.test(value)) return -1;
  let anchors = 0;
  const rest = value.replace(/<!--[\s\S]*?-->/g, ' ').replace(ANCHOR, () => {
    anchors++;
    return ' ';
  });
  return rest.trim() === '' ? anchors : -1;
}

/**
 * Whether a block is a MyST target line alone (`(glue/gluing)=`): like an anchor, it names the
 * heading or block after it, so it leads into it.
 *
 * @param node
 *   A block.
 * @returns
 *   Whether it is a target line.
 */
export function isMystTarget(node: Nodes): boolean {
  const text = soleText(node);
  return text !== undefined && mystTarget.test(text);
}

/**
 * The text of a paragraph that holds one text node and nothing else (`(label)=`, `+++`), or
 * `undefined`.
 *
 * @param node
 *   A block.
 * @returns
 *   Its text.
 */
export function soleText(node: Nodes): string | undefined {
  if (node.type !== 'paragraph' || node.children.length !== 1) return undefined;
  const [only] = node.children;
  return only?.type === 'text' ? only.value : undefined;
}

/** A MyST target line: a label in parentheses, then `=`. */
const mystTarget = /^\([^()\s]+\)=$/;
