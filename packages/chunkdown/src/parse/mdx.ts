import type { Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { mdxFromMarkdown, mdxToMarkdown } from 'mdast-util-mdx';
import { htmlFlow, htmlText } from 'micromark-core-commonmark';
import { mdxjs } from 'micromark-extension-mdxjs';
import type { Diagnostic } from '../types.js';
import type { DialectParser, MicromarkExtension, SegmentedFailure } from './dialect.js';
import { headingIdNode, headingIdSyntax } from './heading-id.js';
import type { SegmentFailure } from './segmented.js';
import { proseOutsideCode, type SourceText } from './source-text.js';

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
    micromark: [mdxjs({ addResult: false }), htmlComments, headingIdSyntax()],
    mdast: [...mdxFromMarkdown(), headingIdNode.fromMarkdown],
    toMarkdown: [mdxToMarkdown(), headingIdNode.toMarkdown],
    detect: showsMdx,
    diagnose: mdxDiagnostic,
    locate: locateMdxFailure,
    spans: (source) => (source.text.includes('<') ? jsxFlowSpans(source) : []),
    checkSegmented: checkModuleBlocks,
  };
}

/** A JSX tag: `<Name …>`, `</Name>`, `<Name … />`, a fragment (`<>`, `</>`). */
const jsxTag = /<(\/?)([A-Za-z][\w.:-]*)?[^<>]*?(\/?)>/g;

/**
 * The stretches of JSX elements that span lines, as their tags show on the lines that start with
 * one (outside fenced code): from the line that opens an element to the line that closes it. A
 * closing tag closes the innermost open element of its name (and those opened inside it); an
 * element never closed spans nothing (its opening tag is a block of its own, and a segment that
 * ends inside it is read again longer). A tag written over several lines counts where its `>`
 * is. What this misreads only moves where segments end.
 *
 * @param source
 *   The document.
 * @returns
 *   `[start, end]` of each closed element no other holds, in order.
 */
export function jsxFlowSpans(source: SourceText): Array<[number, number]> {
  const markdown = source.text;
  const spans: Array<[number, number]> = [];
  // The elements open: their names and where the lines that open them start.
  const open: Array<{ name: string; start: number }> = [];
  // An opening tag whose `>` is on a later line (it counts once it is known not self-closing).
  let pending: { name: string; start: number } | undefined;
  for (const line of source.lines()) {
    if (line.code) continue;
    // The line as written (a `>` here is the end of a tag, not a block quote's marker).
    let text = markdown.slice(line.start, line.end).trimStart();
    if (pending) {
      const close = text.indexOf('>');
      if (close === -1) continue;
      // The tag itself spans lines; the element it opens, to its closing tag.
      spans.push([pending.start, line.end]);
      if (text.charCodeAt(close - 1) !== 47) open.push(pending);
      pending = undefined;
      text = text.slice(close + 1);
    } else if (text.charCodeAt(0) !== 60) continue;
    for (const tag of text.matchAll(jsxTag)) {
      const name = tag[2] ?? '';
      if (!tag[1]) {
        if (!tag[3]) open.push({ name, start: line.start });
        continue;
      }
      let at = open.length - 1;
      while (at >= 0 && (open[at] as { name: string }).name !== name) at--;
      if (at === -1) continue;
      const start = (open[at] as { start: number }).start;
      if (start < line.start) spans.push([start, line.end]);
      open.length = at;
    }
    const rest = text.slice(text.lastIndexOf('>') + 1);
    const opening = /<([A-Za-z][\w.:-]*)/.exec(rest);
    if (opening) pending = { name: opening[1] as string, start: line.start };
  }
  return outermost(spans);
}

/** The spans no other span holds, in order. */
function outermost(spans: Array<[number, number]>): Array<[number, number]> {
  spans.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const kept: Array<[number, number]> = [];
  let reach = -1;
  for (const span of spans) {
    if (span[1] <= reach) continue;
    kept.push(span);
    reach = span[1];
  }
  return kept;
}

/**
 * Check a document's import and export blocks together, as a whole read meets them: a name they
 * declare (or export) twice is an error of the document (micromark keeps the names from block to
 * block), which segments read apart do not see. Each block is read once: linear in the blocks.
 *
 * @param tree
 *   A document read in segments.
 * @returns
 *   The first block a whole read fails on, with the error it gives; `undefined` when none.
 */
function checkModuleBlocks(tree: Root): SegmentedFailure[] {
  const names = { declared: new Set<string>(), exported: new Set<string>() };
  const failures: SegmentedFailure[] = [];
  let blocks = 0;
  for (const node of tree.children) if (node.type === 'mdxjsEsm') blocks++;
  if (blocks < 2) return failures;
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    const bindings = moduleBindingsOf(node);
    const twice = bindings.find((binding) => names[binding.kind].has(binding.name));
    if (!twice) {
      for (const binding of bindings) names[binding.kind].add(binding.name);
      continue;
    }
    // What the whole read throws there; the block, read without MDX, declares nothing.
    const { line, column } = twice;
    const error = {
      source: 'micromark-extension-mdxjs-esm',
      reason: 'Could not parse import/exports with acorn',
      line,
      column,
    };
    failures.push({ node, error, line, column });
  }
  return failures;
}

/**
 * The bindings of an import or export node, read once: kept on the node, which `update` hands
 * to the next split with its segment.
 */
function moduleBindingsOf(node: RootContent & { type: 'mdxjsEsm' }): ModuleBinding[] {
  const kept = node as { [bindingsKey]?: ModuleBinding[] };
  const known = kept[bindingsKey];
  if (known) return known;
  const bindings = moduleBindings(node.value);
  // Not enumerable: the tree stays the one a whole read gives.
  Object.defineProperty(node, bindingsKey, { value: bindings, enumerable: false });
  return bindings;
}

/** Where {@link moduleBindingsOf} keeps a node's bindings. */
const bindingsKey = Symbol('chunkdown.moduleBindings');

/** A name an import or export block declares or exports, and where (1-based, in the block). */
interface ModuleBinding {
  name: string;
  kind: 'declared' | 'exported';
  line: number;
  column: number;
}

/** An estree node, as far as {@link moduleBindings} reads it. */
interface EstreeNode {
  type: string;
  loc?: { start: { line: number; column: number } };
  [key: string]: unknown;
}

/** The names an import or export block declares and exports, in order. */
function moduleBindings(value: string): ModuleBinding[] {
  const root = fromMarkdown(value, {
    extensions: [mdxjs()],
    mdastExtensions: [mdxFromMarkdown()],
  });
  const esm = root.children[0];
  const program = (esm?.data as { estree?: { body?: EstreeNode[] } } | undefined)?.estree;
  const bindings: ModuleBinding[] = [];
  const add = (node: EstreeNode | undefined, kind: ModuleBinding['kind'], name?: string) => {
    const found = name ?? (node?.type === 'Identifier' ? (node.name as string) : undefined);
    if (!node || found === undefined) return;
    const start = node.loc?.start ?? { line: 1, column: 0 };
    bindings.push({ name: found, kind, line: start.line, column: start.column + 1 });
  };
  for (const statement of program?.body ?? []) {
    const specifiers = (statement.specifiers ?? []) as EstreeNode[];
    if (statement.type === 'ImportDeclaration') {
      for (const specifier of specifiers) add(specifier.local as EstreeNode, 'declared');
    } else if (statement.type === 'ExportDefaultDeclaration') {
      add(statement, 'exported', 'default');
    } else if (statement.type === 'ExportNamedDeclaration') {
      for (const specifier of specifiers) {
        const exported = specifier.exported as EstreeNode;
        add(exported, 'exported', (exported.name ?? exported.value) as string);
      }
      const declaration = statement.declaration as EstreeNode | null;
      const declarations = (declaration?.declarations ?? []) as EstreeNode[];
      for (const id of [declaration?.id, ...declarations.map((each) => each.id)]) {
        const identifier = id as EstreeNode | undefined;
        add(identifier, 'declared');
        add(identifier, 'exported');
      }
    }
  }
  return bindings;
}

/**
 * Where in a text an MDX parse error is, for the segmented parse (`segmented.ts`): its offset
 * when the error has a place (an expression acorn does not read, a tag that does not close where
 * it should), the opener it names when an element is left open at the end (`<Tabs>` (3:1-3:7)),
 * and no offset for an expression or a tag cut off by the end of the text.
 *
 * @param error
 *   What the parse threw.
 * @param text
 *   The text it parsed.
 * @returns
 *   Where, and whether more text after it could mend it; `undefined` when not an MDX error.
 */
export function locateMdxFailure(error: unknown, text: string): SegmentFailure | undefined {
  if (mdxDiagnostic(error) === undefined) return undefined;
  const message = error as {
    ruleId?: unknown;
    reason?: unknown;
    place?: { offset?: number; start?: { offset?: number } };
  };
  if (message.ruleId === 'unexpected-eof') return { at: undefined, open: true };
  const offset = message.place?.start?.offset ?? message.place?.offset;
  if (typeof offset === 'number') return { at: offset, open: false };
  // An element left open at the end names where its opening tag is.
  const named = /\((\d+):(\d+)/.exec(String(message.reason ?? ''));
  if (!named) return { at: undefined, open: true };
  return { at: offsetOf(text, Number(named[1]), Number(named[2])), open: true };
}

/** The offset of a 1-based line and column in a text. */
function offsetOf(text: string, line: number, column: number): number {
  let at = 0;
  for (let current = 1; current < line; current++) {
    const next = text.indexOf('\n', at);
    if (next === -1) return text.length;
    at = next + 1;
  }
  return Math.min(text.length, at + column - 1);
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
 * Whether a document shows MDX: a top-level `import` or `export` line and a JSX component (both
 * outside fenced code), or a block of JSX (`<Tabs>` alone on a line, …, `</Tabs>` alone on a
 * later line, outside fenced code) in a document that shows nothing MDX refuses: pages of
 * docs sites that provide their components globally import nothing, and CommonMark reads such a
 * component as HTML blocks with markdown between them. What MDX refuses and HTML pages have,
 * outside fenced code: HTML comments (`<!-- -->`), `class="…"` attributes (JSX writes
 * `className`), Vue's `<script setup>` and `@event=` attributes (a page that teaches JSX shows the
 * HTML it replaces in its code blocks), Hugo's and Liquid's template tags; and anywhere, in code too, mdBook's `{{#include …}}` (the
 * Rust book's `<Listing>` elements wrap markdown, and it is no MDX).
 *
 * @param source
 *   The document.
 * @returns
 *   Whether it reads as MDX.
 */
export function showsMdx(source: SourceText): boolean {
  const markdown = source.text;
  if (!component.test(markdown)) return false;
  const shown = shownOutsideCode(source, esm.test(markdown));
  if (!shown.component) return false;
  if (shown.esm) return true;
  return (
    !markdown.includes('{{#') && !htmlOnly.test(source.once(proseOutsideCode)) && wrapsBlock(source)
  );
}

/**
 * Whether lines outside fenced code and `<script>` elements show a component and (when `withEsm`)
 * an `import` or `export`, in one pass: a README or a VitePress page whose code blocks show
 * `export default {` and `<MyComponent />`, or whose `<script setup>` imports its components, is
 * no MDX.
 */
function shownOutsideCode(
  source: SourceText,
  withEsm: boolean,
): { component: boolean; esm: boolean } {
  const markdown = source.text;
  const shown = { component: false, esm: false };
  let script = false;
  for (const line of source.lines()) {
    if (line.code) continue;
    const text = markdown.slice(line.start, line.end);
    if (script) {
      script = !text.includes('</script>');
      continue;
    }
    if (/^[ \t]*<script\b/i.test(text)) {
      script = !text.includes('</script>');
      continue;
    }
    shown.component ||= component.test(text);
    shown.esm ||= withEsm && esm.test(text);
    if (shown.component && (shown.esm || !withEsm)) break;
  }
  return shown;
}

/**
 * What an HTML or Vue page has and MDX refuses or writes otherwise: a `<script setup>` or an
 * `@click=` attribute (VuePress and VitePress pages wrap markdown in their components too), and a
 * template tag in prose (`{{< column-list >}}`, `{% if %}`: an expression MDX cannot read; Hugo
 * sites such as Grafana's docs wrap markdown in `<Glossary>`-like elements too).
 */
const htmlOnly =
  /<!--|<[a-z][\w-]*[ \t][^<>]*\bclass="|<script[ \t]+setup\b|<[a-z][\w-]*(?:[ \t][^<>]*)?[ \t]@[a-z][\w.:-]*=|\{\{[<%]|\{%/;

/** Opening and closing lines of components: `<Name …>` (not self-closing) and `</Name>`. */
const componentLine = /^<(\/?)([A-Z][\w.]*)(?:[ \t][^\n]*?)?(\/?)>[ \t]*$/;

/**
 * Whether a component opened alone on a line is closed alone on a later line, outside fenced
 * code: a block of JSX, around markdown (`<Tabs>`, a blank line, …, `</Tabs>`) or around other
 * components only (Primer's `<DoDontContainer>` of `<Do>` and `<Dont>`, which CommonMark reads
 * as one HTML block and splits by lines).
 */
function wrapsBlock(source: SourceText): boolean {
  const open = new Set<string>();
  for (const line of source.lines()) {
    if (line.code || line.blank || line.text.charCodeAt(0) !== 60) continue;
    const match = componentLine.exec(line.text);
    if (!match) continue;
    const [, closing, name = '', selfClosing] = match;
    if (selfClosing) continue;
    if (!closing) open.add(name);
    else if (open.has(name)) return true;
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
