import { describe, expect, it } from 'vitest';
import { chunksIn, findHeadings, inlineText, sectionTree } from '../../src/lib/sections.ts';

const titles = (source: string) =>
  findHeadings(source).map((heading) => `${heading.depth} ${heading.text}`);

describe('findHeadings', () => {
  it('finds ATX headings with their offsets', () => {
    const source = '# One\n\ntext\n\n### Three ###\n';
    const headings = findHeadings(source);
    expect(headings).toEqual([
      { depth: 1, text: 'One', start: 0, end: 5 },
      { depth: 3, text: 'Three', start: 13, end: 26 },
    ]);
    for (const heading of headings) {
      expect(source.slice(heading.start, heading.end)).toMatch(/^#+ /);
    }
  });

  it('finds setext headings spanning their paragraph lines', () => {
    const source = 'Title\n=====\n\nLong\nsubtitle\n---\n\nText';
    expect(titles(source)).toEqual(['1 Title', '2 Long subtitle']);
    expect(findHeadings(source)[1]).toMatchObject({ start: 13, end: 30 });
  });

  it('skips code, front matter, quotes, lists and HTML', () => {
    const source = [
      '---',
      'title: # not a heading',
      '---',
      '# Real',
      '```md',
      '# in code',
      '```',
      '> # quoted',
      '',
      '- item',
      '  # in a list',
      '',
      '<div>',
      '# in html',
      '</div>',
      '',
      '    # indented code',
      '',
      '#hashtag is text',
      '## Also real',
    ].join('\n');
    expect(titles(source)).toEqual(['1 Real', '2 Also real']);
  });

  it('does not take a thematic break or a list for a setext underline', () => {
    expect(titles('Para\n\n---\n\nMore')).toEqual([]);
    expect(titles('Para\n- item\n---')).toEqual([]);
    expect(titles('Para\n* * *')).toEqual([]);
  });

  it('lets an ATX heading end a list', () => {
    expect(titles('- one\n- two\n# After')).toEqual(['1 After']);
  });

  it('handles Windows line endings', () => {
    expect(titles('# One\r\n\r\nTwo\r\n---\r\n')).toEqual(['1 One', '2 Two']);
  });
});

describe('inlineText', () => {
  it('keeps the text of links, images, code and emphasis', () => {
    expect(inlineText('Use [`split()`](https://x.test) for **rich** _results_ \\*')).toBe(
      'Use split() for rich results *',
    );
    expect(inlineText('![logo](a.png) and [ref][r] and <kbd>Ctrl</kbd>')).toBe(
      'logo and ref and Ctrl',
    );
  });
});

describe('sectionTree', () => {
  it('nests sections and ends each at the next heading of the same or higher rank', () => {
    const source = 'Intro\n\n# A\n\n## A1\n\n### A1a\n\n## A2\n\n# B\n\nend';
    const tree = sectionTree(source, findHeadings(source));
    expect(tree.map((section) => section.heading?.text ?? null)).toEqual([null, 'A', 'B']);
    const [intro, a, b] = tree;
    expect(intro).toMatchObject({ start: 0, end: source.indexOf('# A') });
    expect(a?.children.map((section) => section.heading?.text)).toEqual(['A1', 'A2']);
    expect(a?.children[0]?.children[0]?.heading?.text).toBe('A1a');
    expect(a?.end).toBe(source.indexOf('# B'));
    expect(a?.children[0]?.end).toBe(source.indexOf('## A2'));
    expect(b?.end).toBe(source.length);
  });

  it('has no preamble when the document starts with a heading or only blank lines', () => {
    expect(sectionTree('\n\n# A', findHeadings('\n\n# A'))).toHaveLength(1);
    expect(sectionTree('', [])).toEqual([]);
  });

  it('does not make a section of front matter', () => {
    const source = '---\ntitle: x\n---\n\n# A\n\ntext';
    expect(
      sectionTree(source, findHeadings(source)).map((section) => section.heading?.text),
    ).toEqual(['A']);
    const intro = '---\ntitle: x\n---\nIntro.\n\n# A';
    expect(sectionTree(intro, findHeadings(intro))[0]).toMatchObject({
      heading: null,
      start: intro.indexOf('Intro'),
    });
  });

  it('makes a single section of a document without headings', () => {
    expect(sectionTree('just text', [])).toEqual([
      { heading: null, start: 0, end: 9, children: [] },
    ]);
  });
});

describe('chunksIn', () => {
  it('lists the chunks that intersect a section', () => {
    const ranges = [
      { start: 0, end: 10 },
      { start: 10, end: 20 },
      { start: 20, end: 30 },
    ];
    expect(chunksIn({ start: 5, end: 20 }, ranges)).toEqual([0, 1]);
    expect(chunksIn({ start: 30, end: 40 }, ranges)).toEqual([]);
    expect(chunksIn({ start: 0, end: 1 }, ranges)).toEqual([0]);
  });

  it('finds overlapping chunks (with `overlap`) by binary search', () => {
    const ranges = [
      { start: 0, end: 10 },
      { start: 8, end: 20 },
      { start: 18, end: 30 },
      { start: 28, end: 40 },
    ];
    expect(chunksIn({ start: 9, end: 19 }, ranges)).toEqual([0, 1, 2]);
    expect(chunksIn({ start: 20, end: 28 }, ranges)).toEqual([2]);
    const many = Array.from({ length: 1000 }, (_, index) => ({
      start: index * 10,
      end: index * 10 + 15,
    }));
    const section = { start: 4321, end: 4400 };
    const expected = many.flatMap((range, index) =>
      range.start < section.end && range.end > section.start ? [index] : [],
    );
    expect(chunksIn(section, many)).toEqual(expected);
  });
});
