import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { mdxFromMarkdown, mdxToMarkdown } from 'mdast-util-mdx';
import { htmlFlow, htmlText } from 'micromark-core-commonmark';
import { mdxjs } from 'micromark-extension-mdxjs';
import type { Diagnostic } from '../types.js';
import type { DialectParser, MicromarkExtension } from './dialect.js';
import { sourceLines } from './source-lines.js';

/**
 * The MDX dialect, as `micromark-extension-mdxjs` and `mdast-util-mdx` read it: ESM
 * (`import`/`export` lines), JSX (`<Tabs>`, `<TabItem value="npm">`, `<Badge />`) and
 * expressions (`{props.x}`), with what MDX turns off (indented code, raw HTML, `<…>` autolinks).
 * HTML comments (`<!-- … -->`, an error to MDX) are read as CommonMark reads them: docs written
 * for CommonMark and moved to MDX keep them, and are MDX in every other way. A document that does
 * not parse as MDX (a stray `{` or `<` in prose) is read without it, and the split reports where
 * and why.
 *
 * @returns
 *   The parser.
 */
export function mdxParser(): DialectParser {
  return {
    // No estree programs on the nodes: nothing reads them, and a tree is smaller without.
    micromark: [mdxjs({ addResult: false }), htmlComments],
    mdast: mdxFromMarkdown(),
    toMarkdown: [mdxToMarkdown()],
    detect: showsMdx,
    diagnose: mdxDiagnostic,
    spans: (markdown) => (markdown.includes('<') ? jsxFlowSpans(markdown) : []),
    checkSegmented: checkModuleBlocks,
  };
}

/** A JSX tag: `<Name …>`, `</Name>`, `<Name … />`, a fragment (`<>`, `</>`). */
const jsxTag = /<(\/?)([A-Za-z][\w.:-]*)?[^<>]*?(\/?)>/g;

/**
 * The stretches of JSX elements that span lines, as their tags show on the lines that start with
 * one (outside fenced code): from the line that opens an element at the top to the line that
 * closes it, or to the end of the document. A tag written over several lines counts where its
 * `>` is. What this misreads only moves where segments end: a segment that ends inside an element
 * fails to parse and is read again longer.
 *
 * @param markdown
 *   The document.
 * @returns
 *   `[start, end]` of each, in order.
 */
export function jsxFlowSpans(markdown: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  let depth = 0;
  let start = 0;
  // An opening tag whose `>` is on a later line (it counts once it is known not self-closing).
  let pending = false;
  for (const line of sourceLines(markdown)) {
    if (line.code) continue;
    // The line as written (a `>` here is the end of a tag, not a block quote's marker).
    let text = markdown.slice(line.start, line.end).trimStart();
    // Open before this line: an element, or a tag whose `>` is still to come.
    const before = depth > 0 || pending;
    if (pending) {
      const close = text.indexOf('>');
      if (close === -1) continue;
      pending = false;
      if (text.charCodeAt(close - 1) !== 47) depth++;
      text = text.slice(close + 1);
    } else if (text.charCodeAt(0) !== 60) continue;
    for (const tag of text.matchAll(jsxTag)) {
      if (tag[1]) depth = Math.max(0, depth - 1);
      else if (!tag[3]) depth++;
    }
    const rest = text.slice(text.lastIndexOf('>') + 1);
    if (/<[A-Za-z]/.test(rest)) pending = true;
    if (!before && (depth > 0 || pending)) start = line.start;
    if (before && depth === 0 && !pending) spans.push([start, line.end]);
  }
  if (depth > 0 || pending) spans.push([start, markdown.length]);
  return spans;
}

/**
 * Read a document's import and export blocks together, as a whole read meets them: a name they
 * declare twice is an error of the document (micromark keeps the names from block to block), which
 * segments read apart do not see.
 *
 * @param tree
 *   A document read in segments.
 * @throws
 *   The whole read's error, when there is one.
 */
function checkModuleBlocks(tree: Root): void {
  const blocks: string[] = [];
  for (const node of tree.children) if (node.type === 'mdxjsEsm') blocks.push(node.value);
  if (blocks.length < 2) return;
  fromMarkdown(blocks.join('\n\n'), {
    extensions: [mdxjs({ addResult: false })],
    mdastExtensions: [mdxFromMarkdown()],
  });
}

type Construct = Extract<
  NonNullable<NonNullable<MicromarkExtension['flow']>[number]>,
  { tokenize: unknown }
>;
type Tokenizer = Construct['tokenize'];

/**
 * One of CommonMark's HTML constructs, for comments only (what `<!--` starts), taking precedence
 * over MDX's JSX for them.
 */
function commentsOnly(html: Construct): Construct {
  const start: Construct = { partial: true, tokenize: tokenizeCommentStart };
  const tokenize: Tokenizer = function (effects, ok, nok) {
    const inner = html.tokenize.call(this, effects, ok, nok);
    return (code) => effects.check(start, inner, nok)(code);
  };
  return { ...html, name: `mdxHtmlComment${html.name ?? ''}`, tokenize, add: 'before' };
}

/** `<!--`: the start of an HTML comment (checked, nothing kept). */
const tokenizeCommentStart: Tokenizer = (effects, ok, nok) => {
  const expected = [60, 33, 45, 45];
  let index = 0;
  const next = (code: number | null): ReturnType<ReturnType<Tokenizer>> => {
    if (code !== expected[index]) return nok(code);
    effects.enter('htmlFlowData');
    effects.consume(code);
    effects.exit('htmlFlowData');
    index++;
    return index === expected.length ? ok : next;
  };
  return next;
};

/** HTML comments in MDX, read as CommonMark reads them (flow and text). */
const htmlComments: MicromarkExtension = {
  flow: { 60: commentsOnly(htmlFlow as Construct) },
  text: { 60: commentsOnly(htmlText as Construct) },
};

/** A top-level `import`/`export` line. */
const esm = /^(?:import|export)[ \t{*]/m;
/** A line that starts with a JSX component (a capitalized tag) or a fragment. */
const component = /^[ \t]*<(?:[A-Z][\w.]*|>)/m;

/**
 * Whether a document shows MDX: a top-level `import` or `export` line and a JSX component, or a
 * component that wraps markdown (`<Tabs>` alone on a line, a blank line, …, `</Tabs>`): pages
 * of docs sites that provide their components globally import nothing, and CommonMark reads such
 * a component as HTML blocks with markdown between them.
 *
 * @param markdown
 *   The document.
 * @returns
 *   Whether it reads as MDX.
 */
export function showsMdx(markdown: string): boolean {
  if (!component.test(markdown)) return false;
  return esm.test(markdown) || wrapsMarkdown(markdown);
}

/** Opening and closing lines of components: `<Name …>` (not self-closing) and `</Name>`. */
const componentLine = /^[ \t]*<(\/?)([A-Z][\w.]*)(?:[ \t][^\n]*?)?(\/?)>[ \t]*$/gm;

/** Whether a component opened alone on a line is closed alone on a line after a blank line. */
function wrapsMarkdown(markdown: string): boolean {
  const open = new Map<string, number>();
  for (const match of markdown.matchAll(componentLine)) {
    const [, closing, name = '', selfClosing] = match;
    if (selfClosing) continue;
    if (!closing) {
      if (!open.has(name)) open.set(name, match.index);
      continue;
    }
    const from = open.get(name);
    if (from !== undefined && /\n[ \t]*\r?\n/.test(markdown.slice(from, match.index))) return true;
  }
  return false;
}

/** The packages whose errors mean the document is not MDX. */
const sources = new Set([
  'micromark-extension-mdx-expression',
  'micromark-extension-mdx-jsx',
  'micromark-extension-mdxjs-esm',
  'mdast-util-mdx-jsx',
  'mdast-util-mdx-expression',
  'mdast-util-mdxjs-esm',
]);

/**
 * The diagnostic of an MDX parse error, or `undefined` for any other error.
 *
 * @param error
 *   What the parse threw.
 * @returns
 *   Where and why it failed, on one line.
 */
export function mdxDiagnostic(error: unknown): Diagnostic | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  const message = error as {
    source?: unknown;
    reason?: unknown;
    line?: unknown;
    column?: unknown;
    place?: { line?: number; column?: number; start?: { line?: number; column?: number } };
  };
  if (typeof message.source !== 'string' || !sources.has(message.source)) return undefined;
  const reason = String(message.reason ?? 'not MDX')
    .replace(/\s+/g, ' ')
    .trim();
  // Some errors have no place of their own, but name one: `<Tabs>` (1:1-1:7).
  const named = /\((\d+):(\d+)/.exec(reason);
  const place = message.place?.start ?? message.place;
  const line =
    typeof message.line === 'number' ? message.line : (place?.line ?? Number(named?.[1] ?? 1));
  const column =
    typeof message.column === 'number'
      ? message.column
      : (place?.column ?? Number(named?.[2] ?? 1));
  return { syntax: 'mdx', line, column, reason };
}
