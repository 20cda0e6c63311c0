import { mdxFromMarkdown, mdxToMarkdown } from 'mdast-util-mdx';
import { mdxjs } from 'micromark-extension-mdxjs';
import type { Diagnostic } from '../types.js';
import type { DialectParser } from './dialect.js';

/**
 * The MDX dialect, as `micromark-extension-mdxjs` and `mdast-util-mdx` read it: ESM
 * (`import`/`export` lines), JSX (`<Tabs>`, `<TabItem value="npm">`, `<Badge />`) and
 * expressions (`{props.x}`), with what MDX turns off (indented code, raw HTML, `<…>` autolinks).
 * A document that does not parse as MDX (a stray `{` or `<` in prose) is read without it, and the
 * split reports where and why.
 *
 * @returns
 *   The parser.
 */
export function mdxParser(): DialectParser {
  return {
    micromark: [mdxjs()],
    mdast: mdxFromMarkdown(),
    toMarkdown: [mdxToMarkdown()],
    detect: showsMdx,
    diagnose: mdxDiagnostic,
  };
}

/** A top-level `import`/`export` line. */
const esm = /^(?:import|export)[ \t{*]/m;
/** A line that starts with a JSX component (a capitalized tag) or a fragment. */
const component = /^[ \t]*<(?:[A-Z][\w.]*|>)/m;

/**
 * Whether a document shows MDX: a top-level `import` or `export` line, and a JSX component.
 *
 * @param markdown
 *   The document.
 * @returns
 *   Whether it reads as MDX.
 */
export function showsMdx(markdown: string): boolean {
  return esm.test(markdown) && component.test(markdown);
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
