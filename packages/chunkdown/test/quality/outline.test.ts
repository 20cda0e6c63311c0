import { describe, expect, it } from 'vitest';
import { type OutlineSection, outline } from '../../src/quality/outline.js';

const titles = (sections: OutlineSection[]): string[] =>
  sections.flatMap((section) => [
    `${section.heading?.depth ?? 0} ${section.heading?.text ?? '(preamble)'}`,
    ...titles(section.children),
  ]);

describe('outline', () => {
  it('nests sections and ends each at the next heading of the same or higher rank', () => {
    const source = 'Intro\n\n# A\n\n## A1\n\n### A1a\n\n## A2\n\n# B\n\nend';
    const tree = outline(source);
    expect(tree.map((section) => section.heading?.text ?? null)).toEqual([null, 'A', 'B']);
    const [intro, a, b] = tree;
    expect(intro).toMatchObject({ start: 0, end: source.indexOf('# A') });
    expect(a?.children.map((section) => section.heading?.text)).toEqual(['A1', 'A2']);
    expect(a?.children[0]?.children[0]?.heading?.text).toBe('A1a');
    expect(a).toMatchObject({ start: source.indexOf('# A'), end: source.indexOf('# B') });
    expect(a?.children[0]?.end).toBe(source.indexOf('## A2'));
    expect(b?.end).toBe(source.length);
  });

  it('takes headings as the parser does: setext, inline markup, not in code, lists, quotes or HTML', () => {
    const source = [
      'Title',
      '=====',
      '',
      'Long',
      'subtitle',
      '---',
      '',
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
      '## Use [`split()`](https://x.test) for **rich** results ##',
    ].join('\n');
    expect(titles(outline(source))).toEqual([
      '1 Title',
      '2 Long\nsubtitle',
      '2 Use split() for rich results',
    ]);
  });

  it('sets front matter aside and keeps offsets into the input, also after a byte order mark', () => {
    const source = '---\ntitle: "# not a heading"\n---\nIntro.\n\n# A\n\ntext';
    expect(outline(source).map((section) => section.heading?.text ?? null)).toEqual([null, 'A']);
    expect(outline(source)[0]).toMatchObject({ start: source.indexOf('Intro') });
    const bom = `\uFEFF${source}`;
    expect(outline(bom)[1]).toMatchObject({ start: bom.indexOf('# A'), end: bom.length });
  });

  it('gives no sections for a blank document, one for a document without headings', () => {
    expect(outline('')).toEqual([]);
    expect(outline('\n\n  \n')).toEqual([]);
    expect(outline('just text')).toEqual([{ heading: null, start: 0, end: 9, children: [] }]);
    expect(outline('\n\n# A')).toHaveLength(1);
  });

  it('counts offsets over Windows line endings', () => {
    const source = '# One\r\n\r\nTwo\r\n---\r\n';
    expect(titles(outline(source))).toEqual(['1 One', '2 Two']);
    expect(outline(source)[0]?.children[0]?.start).toBe(source.indexOf('Two'));
  });
});
