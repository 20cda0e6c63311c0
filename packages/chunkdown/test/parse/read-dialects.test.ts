import { describe, expect, test } from 'vitest';
import { type Dialect, dialectsFor } from '../../src/parse/dialect.js';
import type { ParseSettings } from '../../src/parse/parse.js';
import {
  type DialectParse,
  dialectSegmentParser,
  parseDialects,
} from '../../src/parse/read-dialects.js';
import { reuseSegments } from '../../src/parse/segment-cache.js';
import { sourceText } from '../../src/parse/source-text.js';
import { directive, math, mdx, mkdocs } from '../../src/syntax.js';
import type { Syntax } from '../../src/types.js';
import { docsPage, mdxPage } from '../helpers/dialect-pages.js';

// A large document read with dialects is read in segments: the stitched tree must be the whole
// read's, to the last position. `size: 1` cuts at every line that may start a fresh block, so
// every cut a dialect's construct spans is tried.
const everyCut: Partial<ParseSettings> = { segmentAbove: 0, size: 1 };
const whole: Partial<ParseSettings> = { segmentAbove: Number.POSITIVE_INFINITY };

function read(markdown: string, syntax: Syntax[], settings: Partial<ParseSettings>): DialectParse {
  const source = sourceText(markdown);
  return parseDialects(source, dialectsFor(syntax, source), undefined, settings);
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
    // The second page's import and export lines (both declare names the first page declares),
    // and only those, are read without MDX.
    const lines = markdown.split('\n');
    expect(parsed.diagnostics.map((diagnostic) => diagnostic.syntax)).toEqual(['mdx', 'mdx']);
    const read = parsed.diagnostics.map(({ lines: [from, to] = [0, 0] }) =>
      lines.slice(from - 1, to).join('\n'),
    );
    expect(read).toEqual([
      "import { Tabs1, TabItem1 } from '@theme/Tabs';",
      "export const version1 = '1.0';",
    ]);
    expect(parsed.diagnostics[0]?.line).toBeGreaterThan(lines.indexOf('Some text.'));
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

describe('MDX that does not parse, in a large document', () => {
  // Pages with a stray brace and a stray `<` in prose: each fails MDX in its own paragraph.
  const brokenPage = (n: number) =>
    `${mdxPage(n)}\n\nPrint it with \`println!("{}",\nx)\` and {rect${n}:?} then } more } braces }.\n\nA stray < b ${n} and <Tag attr=&x> here.\n\nAfter ${n}.\n`;
  const document = Array.from({ length: 120 }, (_, n) => brokenPage(n)).join('\n');
  const syntax = [mdx({ when: 'always' }), directive()];

  /** A read of the document that counts the characters its segment parsers were given. */
  function countedRead(markdown: string, settings: Partial<ParseSettings> = {}) {
    let parsed = 0;
    const dialects = dialectsFor(syntax, sourceText(markdown));
    const read = parseDialects(
      sourceText(markdown),
      dialects,
      (used) => {
        const parse = dialectSegmentParser(used);
        return (text, known, start) => {
          parsed += text.length;
          return parse(text, known, start);
        };
      },
      settings,
    );
    return { read, parsed };
  }

  test('falls back block by block, once each, in linear work; the rest keeps MDX', () => {
    expect(document.length).toBeGreaterThan(64 * 1024);
    const { read, parsed } = countedRead(document);
    expect(read.syntax).toEqual(['mdx', 'directive']);
    // Two blocks of each page, each named once, in order.
    const lines = read.diagnostics.map((diagnostic) => diagnostic.lines);
    expect(lines).toHaveLength(240);
    expect(new Set(lines.map(String)).size).toBe(240);
    const all = document.split('\n');
    for (const diagnostic of read.diagnostics) {
      const [from = 0, to = 0] = diagnostic.lines ?? [];
      expect(all.slice(from - 1, to).join('\n')).toMatch(/\{rect\d+|stray </);
      expect(diagnostic.line).toBeGreaterThanOrEqual(from);
      expect(diagnostic.line).toBeLessThanOrEqual(to);
    }
    // Every page's components are still JSX.
    const jsx = read.tree.children.filter((node) => node.type === 'mdxJsxFlowElement');
    expect(jsx.length).toBeGreaterThanOrEqual(240);
    // Work in proportion to the document: each failure re-reads a few blocks, not the rest.
    expect(parsed).toBeLessThan(6 * document.length);
    // Twice as long, twice the work (not four times).
    const pages = (count: number, from: number) =>
      Array.from({ length: count }, (_, n) => brokenPage(from + n)).join('\n');
    const small = { segmentAbove: 0, size: 4096 };
    const once = countedRead(pages(20, 0), small).parsed;
    const twice = countedRead(pages(40, 0), small).parsed;
    expect(twice).toBeLessThan(2.5 * once);
  });

  test('a small document reads as the segments do: the same tree and diagnostics', () => {
    const small = brokenPage(1);
    const whole = parseDialects(sourceText(small), dialectsFor(syntax, sourceText(small)));
    const segmented = parseDialects(
      sourceText(small),
      dialectsFor(syntax, sourceText(small)),
      undefined,
      everyCut,
    );
    expect(whole).toEqual(segmented);
    expect(whole.diagnostics).toHaveLength(2);
  });

  test('an edit re-reads the segments it touched only, under MDX with failures', () => {
    const store = reuseSegments(undefined);
    let fresh = 0;
    const parsers = (reuse: ReturnType<typeof reuseSegments>) => (used: readonly Dialect[]) =>
      reuse.parserFor(used.map((dialect) => dialect.name).join(','), (text, known, start) => {
        fresh += text.length;
        return dialectSegmentParser(used)(text, known, start);
      });
    const dialects = dialectsFor(syntax, sourceText(document));
    const first = parseDialects(sourceText(document), dialects, parsers(store));
    const firstWork = fresh;
    fresh = 0;
    const at = document.indexOf('After 60.');
    const edited = `${document.slice(0, at)}One more sentence. ${document.slice(at)}`;
    const again = reuseSegments(store.store);
    const second = parseDialects(sourceText(edited), dialects, parsers(again));
    expect(fresh).toBeLessThan(firstWork / 10);
    expect(second.diagnostics).toHaveLength(first.diagnostics.length);
    expect(second.tree).toEqual(parseDialects(sourceText(edited), dialects).tree);
  });
});

describe('a construct that spans too far', () => {
  test('a <div> closed pages later holds no cuts: a stray brace costs its block, not the stretch', () => {
    const filler = Array.from(
      { length: 1200 },
      (_, n) => `Paragraph ${n} of plain prose here.`,
    ).join('\n\n');
    const markdown = `import { Tabs } from 'x';\n\n<div>\n\n${filler}\n\nA stray {brace: here} in prose.\n\n${filler}\n\n</div>\n\n<Tabs>\n\nIn tabs.\n\n</Tabs>\n`;
    expect(markdown.length).toBeGreaterThan(64 * 1024);
    const read = parseDialects(
      sourceText(markdown),
      dialectsFor([mdx({ when: 'always' })], sourceText(markdown)),
    );
    const lines = markdown.split('\n');
    // The <div> too long to grow over is read as HTML: its two tag lines, and the brace's
    // paragraph, each on its own.
    const read_ = read.diagnostics.map(({ lines: [from, to] = [0, 0] }) =>
      lines.slice(from - 1, to).join('\n'),
    );
    expect(read_).toEqual(['<div>', 'A stray {brace: here} in prose.', '</div>']);
    expect(read.tree.children.map((node) => node.type)).toContain('mdxJsxFlowElement');
  });

  test('diagnostics come in document order', () => {
    const page = (n: number) =>
      `# Part ${n}\n\n${Array.from({ length: 40 }, (_, k) => `Words ${k} in part ${n}.`).join('\n\n')}\n\nA stray {brace ${n}: x} here.\n`;
    const markdown = `import { X } from 'x';\n\n${Array.from({ length: 60 }, (_, n) => page(n)).join('\n')}`;
    const read = parseDialects(
      sourceText(markdown),
      dialectsFor([mdx({ when: 'always' })], sourceText(markdown)),
    );
    const starts = read.diagnostics.map((diagnostic) => diagnostic.lines?.[0] ?? 0);
    expect(starts).toHaveLength(60);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });
});
