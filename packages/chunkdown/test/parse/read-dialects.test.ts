import { describe, expect, test } from 'vitest';
import { dialectsFor } from '../../src/parse/dialect.js';
import type { ParseSettings } from '../../src/parse/parse.js';
import { type DialectParse, parseDialects } from '../../src/parse/read-dialects.js';
import { directive, math, mdx, mkdocs } from '../../src/syntax.js';
import type { Syntax } from '../../src/types.js';
import { docsPage, mdxPage } from '../helpers/dialect-pages.js';

// A large document read with dialects is read in segments: the stitched tree must be the whole
// read's, to the last position. `size: 1` cuts at every line that may start a fresh block, so
// every cut a dialect's construct spans is tried.
const everyCut: Partial<ParseSettings> = { segmentAbove: 0, size: 1 };
const whole: Partial<ParseSettings> = { segmentAbove: Number.POSITIVE_INFINITY };

function read(markdown: string, syntax: Syntax[], settings: Partial<ParseSettings>): DialectParse {
  const dialects = dialectsFor(syntax, markdown);
  return parseDialects(markdown, dialects, undefined, settings);
}

function expectSameRead(markdown: string, syntax: Syntax[]): DialectParse {
  const segmented = read(markdown, syntax, everyCut);
  expect(segmented).toEqual(read(markdown, syntax, whole));
  return segmented;
}

describe('a large document read with dialects in segments', () => {
  test('gives the whole read: directive containers (nested, VitePress), math, MkDocs', () => {
    const markdown = Array.from({ length: 4 }, (_, n) => docsPage(n)).join('\n');
    const parsed = expectSameRead(markdown, [directive(), math(), mkdocs()]);
    // The constructs were read as such, not as text.
    const types = parsed.tree.children.map((node) => node.type);
    expect(types).toEqual(expect.arrayContaining(['containerDirective', 'math']));
    expect(parsed.syntax).toEqual(['directive', 'math', 'mkdocs']);
  });

  test('gives the whole read of MDX: JSX spanning blank lines, expressions, ESM', () => {
    const markdown = Array.from({ length: 3 }, (_, n) => mdxPage(n)).join('\n');
    const parsed = expectSameRead(markdown, [mdx({ when: 'always' }), directive()]);
    expect(parsed.syntax).toEqual(['mdx', 'directive']);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.tree.children.map((node) => node.type)).toEqual(
      expect.arrayContaining(['mdxjsEsm', 'mdxJsxFlowElement', 'mdxFlowExpression']),
    );
  });

  test('an import declared in two segments fails as in a whole read: that block alone is read without MDX', () => {
    const page = mdxPage(1);
    const markdown = `${page}\n\nSome text.\n\n${page}`;
    const parsed = expectSameRead(markdown, [mdx({ when: 'always' }), directive()]);
    expect(parsed.syntax).toEqual(['mdx', 'directive']);
    const [diagnostic, ...more] = parsed.diagnostics;
    expect(more).toEqual([]);
    expect(diagnostic?.syntax).toBe('mdx');
    // The second page's import lines, and only those, are read without MDX.
    const secondImport = markdown.split('\n').indexOf('import', markdown.split('\n').length / 2);
    const [from, to] = diagnostic?.lines ?? [0, 0];
    const lines = markdown.split('\n');
    expect(lines[from - 1]).toMatch(/^import /);
    expect(from).toBeGreaterThan(lines.indexOf('Some text.'));
    expect(lines.slice(from - 1, to).every((line) => /^(import|export) |^$/.test(line))).toBe(true);
    expect(secondImport).toBeDefined();
    // The rest keeps MDX: both pages' components are JSX.
    const jsx = parsed.tree.children.filter((node) => node.type === 'mdxJsxFlowElement');
    expect(jsx.length).toBeGreaterThanOrEqual(2);
  });

  test('MDX that does not parse, and a container left open at the end, read as a whole read', () => {
    const broken = `${mdxPage(1)}\n\n<Tabs>\n\nNever closed.\n\n# After\n\nMore.\n`;
    expectSameRead(broken, [mdx({ when: 'always' })]);
    // Failing at the top, with an element open to the end: the one segment is the whole document.
    const early = `{broken expression\n\n<Tabs>\n\n${mdxPage(2)}\n\nText.\n`;
    const read = expectSameRead(early, [mdx({ when: 'always' }), directive()]);
    // The expression's paragraph and the element left open are read without MDX; the page keeps it.
    expect(read.syntax).toEqual(['mdx', 'directive']);
    expect(read.diagnostics.map((diagnostic) => diagnostic.lines)).toEqual([
      [1, 1],
      [3, 3],
    ]);
    expect(read.tree.children.slice(0, 2).map((node) => node.type)).toEqual(['paragraph', 'html']);
    expect(read.tree.children.map((node) => node.type)).toContain('mdxJsxFlowElement');
    const open = `${docsPage(1)}\n\n:::note\n\nOpen to the end.\n\n# Heading inside\n`;
    expectSameRead(open, [directive(), math()]);
    const openMath = `${docsPage(2)}\n\n$$\nx\n\n# not a heading\n`;
    expectSameRead(openMath, [directive(), math()]);
  });
});
