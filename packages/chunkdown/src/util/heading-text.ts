import type { Heading, Nodes } from 'mdast';
import { toString as nodeText } from 'mdast-util-to-string';

/**
 * An attribute block ending a heading: `{#id}`, `{#id .class key=value}` (Pandoc, Hugo,
 * Docusaurus), `{: #id .class}` (kramdown, MkDocs' attr_list).
 */
const ATTRIBUTES = /\s*\{:?[ \t]*[#.][^{}]*\}\s*$/;

/** Inline nodes that are markup around a heading's words, not words: HTML, MDX expressions. */
const markup: ReadonlySet<string> = new Set(['html', 'mdxTextExpression']);

/**
 * A heading's text as a reader sees it, on one line: without its inline HTML (GitBook's and
 * Docsy's `<a href="#x" id="x"></a>`, VitePress's `<Badge text="beta" />`), MDX expressions and
 * a closing attribute block (`{#custom-id}`); what a heading of only markup says, when that is
 * all it has (`## <img src="logo.png">`). For breadcrumbs, and the headers made of them.
 *
 * @param heading
 *   The heading.
 * @returns
 *   Its text.
 */
export function headingText(heading: Heading): string {
  const text = wordsOf(heading).replace(ATTRIBUTES, '').replace(/\s+/g, ' ').trim();
  return text === '' ? nodeText(heading).replace(/\s+/g, ' ').trim() : text;
}

function wordsOf(node: Nodes): string {
  if (markup.has(node.type)) return '';
  if (node.type === 'image') return node.alt ?? '';
  if ('value' in node && typeof node.value === 'string') return node.value;
  if (!('children' in node)) return '';
  let text = '';
  for (const child of node.children as Nodes[]) text += wordsOf(child);
  return text;
}
