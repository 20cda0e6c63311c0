import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { toMarkdown } from 'mdast-util-to-markdown';
import { describe, expect, test } from 'vitest';
import { chunkdown } from '../../src/index.js';
import { mathParser, pairedDollarLines, showsInlineTex } from '../../src/parse/math.js';
import { sourceText } from '../../src/parse/source-text.js';
import { auto, math } from '../../src/syntax.js';
import { checkInvariants } from '../helpers/invariants.js';

const parser = mathParser();
const read = (markdown: string): Root =>
  fromMarkdown(markdown, {
    extensions: [...parser.micromark],
    mdastExtensions: [...parser.mdast],
  });
const maths = (tree: Nodes): Nodes[] =>
  tree.type === 'math'
    ? [tree]
    : 'children' in tree
      ? (tree.children as Nodes[]).flatMap((child) => maths(child))
      : [];

describe('pairedDollarLines', () => {
  test('display math: two $$ lines, or $$ … $$ on one line', () => {
    expect(pairedDollarLines(sourceText('$$\nx^2\n$$'))).toBe(true);
    expect(pairedDollarLines(sourceText('$$ E = mc^2 $$'))).toBe(true);
  });

  test('a $$ line closed at the end of a later line of TeX', () => {
    expect(pairedDollarLines(sourceText('$$\\begin{cases}\nx\n\\end{cases}$$\n'))).toBe(true);
    expect(pairedDollarLines(sourceText('Costs $$5.\n\nAnd $$6$$ too.'))).toBe(false);
  });

  test('prices and one $$ line are not math, nor $$ inside fenced code', () => {
    expect(pairedDollarLines(sourceText('It costs $5 or $$10.'))).toBe(false);
    expect(pairedDollarLines(sourceText('$$\nnever closed'))).toBe(false);
    expect(pairedDollarLines(sourceText('```\n$$\nx\n$$\n```'))).toBe(false);
  });
});

describe('mathParser', () => {
  test('single dollars alone (no TeX shown) are text unless asked for', () => {
    expect(mathParser().detect(sourceText('$$\nx\n$$'))).toBe(true);
    const read = (markdown: string, inline?: boolean) => {
      const parser = mathParser({ inline });
      return fromMarkdown(markdown, {
        extensions: [...parser.micromark],
        mdastExtensions: [...parser.mdast],
      });
    };
    expect(JSON.stringify(read('Costs $5 and $x$.'))).not.toContain('inlineMath');
    expect(JSON.stringify(read('Costs $x$.', true))).toContain('inlineMath');
  });
});

describe('single-dollar math where a page shows TeX between single dollars', () => {
  test('two spans of TeX, or one with a command; never prices, shell variables or code', () => {
    const shows = (markdown: string) => showsInlineTex(sourceText(markdown));
    expect(shows('Hence $\\| y - z \\| \\geq 0$.')).toBe(true);
    expect(shows('Let $x$ be a real and $x^2$ its square.')).toBe(true);
    expect(shows('Let $x$ be a real.')).toBe(false);
    expect(shows('It costs $5 and $10, or $5-$10, or $3/$4.')).toBe(false);
    expect(shows('Set $PATH and $HOME, or $(name) and $(other).')).toBe(false);
    expect(shows(String.raw`Expand $\{name} and $\{other}.`)).toBe(false);
    expect(
      shows(
        ['Return (', '$', '{platform}:', '$', '{user.id}) or (', '$', '{a}:', '$', '{b}).'].join(
          '',
        ),
      ),
    ).toBe(false);
    expect(shows('Run `echo $x$ and $y_1$`.\n\n```\n$\\alpha$\n```')).toBe(false);
  });

  test('auto() reads it: escapes in the TeX are kept, `$$x$$` in text keeps its dollars', () => {
    const markdown = [
      ':::{note}',
      'Hi.',
      ':::',
      '',
      'Hence $\\| y - z \\| \\geq \\{0\\}$ and $a \\\\ b * c * d$, then $$e \\\\ f$$.',
      '',
      'It costs $5 and $10.',
      '',
    ].join('\n');
    const result = chunkdown({ chunkSize: 500, syntax: auto() }).split(markdown);
    expect(result.syntax).toEqual(['math', 'myst']);
    const text = result.chunks.map((chunk) => chunk.text).join('\n\n');
    expect(text).toContain(
      'Hence $\\| y - z \\| \\geq \\{0\\}$ and $a \\\\ b * c * d$, then $$e \\\\ f$$.',
    );
    expect(text).toContain('It costs $5 and $10.');
    // Never cut inside math, even where a chunk cannot hold the sentence.
    for (const chunk of checkInvariants(markdown, { chunkSize: 20, syntax: auto() }).chunks) {
      expect(chunk.text.split('$$').join('').split('$').length % 2).toBe(1);
    }
  });

  test('an escaped dollar stays escaped; with display math, one span of TeX shows single-dollar math', () => {
    const markdown = 'Escaped: \\$a\\$ and $a=\\$3$, not $5.\n\n$$\nx\n$$\n';
    expect(showsInlineTex(sourceText(markdown))).toBe(true);
    expect(showsInlineTex(sourceText(markdown.replace(/\$\$\nx\n\$\$\n/, '')))).toBe(false);
    const { chunks, syntax } = chunkdown({ chunkSize: 500, syntax: auto() }).split(markdown);
    expect(syntax).toEqual(['math']);
    expect(chunks[0]?.text).toBe('Escaped: \\$a\\$ and $a=\\$3$, not $5.\n\n$$\nx\n$$');
    // Without single-dollar math, a dollar in text is written escaped: text to every reader.
    const plain = chunkdown({ chunkSize: 500, syntax: auto() }).split(
      'Escaped: \\$a\\$, not $5.\n\n$$\nx\n$$\n',
    );
    expect(plain.chunks[0]?.text).toBe('Escaped: \\$a\\$, not \\$5.\n\n$$\nx\n$$');
  });

  test('`inline: false` keeps single dollars text; a page without such TeX is read as before', () => {
    const markdown = 'Hence $\\{0\\}$ and $x_1$.\n';
    const off = chunkdown({ chunkSize: 500, syntax: [math({ inline: false })] }).split(markdown);
    // (Text to CommonMark: `\{` is `{`; its dollars are written escaped, text to any reader.)
    expect(off.chunks[0]?.text).toBe(String.raw`Hence \$${'{'}0}\$ and \$x_1\$.`);
    const prices = chunkdown({ chunkSize: 500, syntax: auto() }).split('It costs $5 and $10.\n');
    expect(prices.syntax).toEqual([]);
  });
});

describe('a label after the closing `$$` (MyST)', () => {
  test('closes the math, which keeps the label and is written with it', () => {
    const markdown = '$$ meta\ne = mc^2\n\nx\n$$ (eq-energy)\n\nAfter.';
    const tree = read(markdown);
    const [node] = maths(tree);
    expect(node).toMatchObject({
      type: 'math',
      meta: 'meta',
      value: 'e = mc^2\n\nx',
      data: { closingLabel: '(eq-energy)' },
    });
    expect(node?.position?.end.offset).toBe(markdown.indexOf('\n\nAfter'));
    expect(tree.children.at(-1)?.type).toBe('paragraph');
    expect(toMarkdown(tree, { extensions: [...parser.toMarkdown] })).toBe(
      '$$meta\ne = mc^2\n\nx\n$$ (eq-energy)\n\nAfter.\n',
    );
  });

  test("Pandoc's and Quarto's attributes after the closing `$$` are a label too", () => {
    // Quarto's cross-references: `$$ {#eq-testmath}`. The math ran on to the next `$$`, 90 lines
    // further, over fences and headings, and was cut into `$$` pieces of them.
    const markdown = '$$\nP(A)\n$$ {#eq-testmath}\n\nSee @eq-testmath.\n\n## Next\n\n$$\nb\n$$\n';
    const tree = read(markdown);
    const found = maths(tree);
    expect(found).toHaveLength(2);
    expect(found[0]).toMatchObject({ value: 'P(A)', data: { closingLabel: '{#eq-testmath}' } });
    expect(tree.children.map((node) => node.type)).toEqual([
      'math',
      'paragraph',
      'heading',
      'math',
    ]);
    expect(maths(read('$$\na\n$$ {#eq-a .unnumbered}\n'))[0]?.data).toMatchObject({
      closingLabel: '{#eq-a .unnumbered}',
    });
  });

  test('a bare `$$` four columns in or more closes the math too', () => {
    // QuantEcon's lectures: `     $$` under an equation's last line. The math ran on to the
    // next `$$`, the opener of the next equation, and every equation after it paired the wrong way.
    const markdown = [
      '$$',
      'c \\leq y + a',
      '     $$',
      '',
      'and also the constraints',
      '',
      '$$',
      'c \\geq 0',
      '$$',
      '',
    ].join('\n');
    const tree = read(markdown);
    expect(tree.children.map((node) => node.type)).toEqual(['math', 'paragraph', 'math']);
    expect(maths(tree).map((node) => (node as { value: string }).value)).toEqual([
      'c \\leq y + a',
      'c \\geq 0',
    ]);
    expect(toMarkdown(tree, { extensions: [...parser.toMarkdown] })).toBe(
      '$$\nc \\leq y + a\n$$\n\nand also the constraints\n\n$$\nc \\geq 0\n$$\n',
    );
    // Three columns in, the closer is `micromark-extension-math`'s, as before.
    expect(maths(read('$$\na\n   $$\n'))[0]).not.toHaveProperty('data.closingLabel');
    // In a list item, the columns count from the item's content.
    expect(maths(read('- Item\n\n  $$\n  a\n        $$\n\n  Text.\n'))).toHaveLength(1);
    const { chunks } = chunkdown({ chunkSize: 40, syntax: [math()] }).split(markdown);
    expect(chunks.map((chunk) => chunk.text)).toContain('and also the constraints');
  });

  test('in a block quote and indented as a list item’s, as the math it would be without the label', () => {
    for (const [labelled, bare] of [
      ['> $$\n> a\n> $$ (q)\n\nText.', '> $$\n> a\n> $$\n\nText.'],
      ['- Item\n\n  $$\n    a\n  b\n  $$ (i)\n', '- Item\n\n  $$\n    a\n  b\n  $$\n'],
    ] as const) {
      const without = (tree: Root) =>
        JSON.stringify(tree, (key, value) =>
          key === 'position' || key === 'data' ? undefined : value,
        );
      expect(without(read(labelled))).toBe(without(read(bare)));
      expect(maths(read(labelled))[0]?.data).toMatchObject({ closingLabel: /^\(\w\)$/ });
    }
  });

  test('math closed by a bare `$$`, never closed, or with text after `$$` that is no label, reads as before', () => {
    const plain = fromMarkdown('$$\na\n$$\n$$ (b)\n', {
      extensions: [...parser.micromark.slice(0, 1)],
      mdastExtensions: [...parser.mdast.slice(0, 1)],
    });
    for (const markdown of [
      '$$\na\n$$\n$$ (b)\n',
      '$$\na\n$$ (two words)\nb',
      '$$\na\n$$ label\nb',
      '$$\na (x)\n',
      '> $$\n> a\nlazy\n$$ (x)',
    ]) {
      const base = fromMarkdown(markdown, {
        extensions: [...parser.micromark.slice(0, 1)],
        mdastExtensions: [...parser.mdast.slice(0, 1)],
      });
      expect(read(markdown)).toEqual(base);
    }
    expect(maths(plain).map((node) => (node as { value: string }).value)).toEqual(['a', '']);
  });

  test('a chunk of labelled math holds its label; what follows is not math', () => {
    const markdown =
      'Energy:\n\n$$\ne = mc^2\n$$ (eq-energy)\n\nText after the equation, with **bold** words.';
    const { chunks } = chunkdown({ chunkSize: 30, syntax: [math()] }).split(markdown);
    const at = chunks.findIndex((chunk) => chunk.text.includes('$$\ne = mc^2\n$$ (eq-energy)'));
    expect(at).toBeGreaterThanOrEqual(0);
    expect(chunks.length).toBeGreaterThan(at + 1);
    for (const chunk of chunks.slice(at + 1)) expect(chunk.text).not.toContain('$');
    expect(chunks.map((chunk) => chunk.text).join(' ')).toContain('with **bold** words.');
  });
});

describe('TeX on the lines of the `$$` (MyST, Pandoc, MathJax, Jupyter)', () => {
  test('`$$\\begin{cases}` … `\\end{cases}$$` is display math, closed on its last line', () => {
    // NumPy's tutorials write equations this way: the math ran on over headings and code to
    // the next bare `$$` or the end of the document.
    const markdown = [
      'Intro.',
      '',
      '$$\\begin{cases}',
      'a + b = 1 \\\\',
      'c = \\$5',
      '\\end{cases}$$',
      '',
      'Solving gives the answer.',
      '',
      '## Next',
      '',
      'More text after the heading.',
      '',
      '$$\\left[',
      'y',
      '\\right]$$  ',
      '',
      'End of the page.',
      '',
    ].join('\n');
    const [first, second] = maths(read(markdown)) as Array<{ value: string }>;
    expect(first?.value).toBe('a + b = 1 \\\\\nc = \\$5\n\\end{cases}');
    expect(second?.value).toBe('y\n\\right]');
    const { chunks } = checkInvariants(markdown, { chunkSize: 40, syntax: [math()] });
    // The heading after the math is a heading, and heads its section.
    const more = chunks.find((chunk) => chunk.text.includes('More text'));
    expect(more?.text.startsWith('## Next')).toBe(true);
    const end = chunks.find((chunk) => chunk.text.includes('End of the page.'));
    expect(end?.breadcrumbs.map((crumb) => crumb.text)).toEqual(['Next']);
    const all = chunks.map((chunk) => chunk.text).join('\n\n');
    expect(all).toContain('$$\\begin{cases}\na + b = 1 \\\\\nc = \\$5\n\\end{cases}$$');
    expect(all).toContain('$$\\left[\ny\n\\right]$$');
  });

  test('a line that only ends with dollars inside the math is no closer unless they are `$$`', () => {
    const markdown = '$$\\begin{x}\ncosts \\$\n\\end{x}$$\n\nAfter.\n';
    const [node] = maths(read(markdown)) as Array<{ value: string }>;
    expect(node?.value).toBe('costs \\$\n\\end{x}');
  });
});
