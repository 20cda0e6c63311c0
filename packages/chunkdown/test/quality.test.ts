import { describe, expect, it } from 'vitest';
import * as quality from '../src/quality.js';
import { cutsWord, isWordBoundary, median, outline, summarize } from '../src/quality.js';

const titles = (sections: quality.OutlineSection[]): string[] =>
  sections.flatMap((section) => [
    `${section.heading?.depth ?? 0} ${section.heading?.text ?? '(preamble)'}`,
    ...titles(section.children),
  ]);

describe('chunkdown/quality', () => {
  it('exports the checks, the report and the outline', () => {
    expect(Object.keys(quality).sort()).toEqual([
      'ReportBuilder',
      'cutsWord',
      'histogram',
      'inspectChunk',
      'isWordBoundary',
      'median',
      'outline',
      'summarize',
      'tinyChunkChars',
    ]);
  });
});

describe('median', () => {
  it('is the middle size of an odd count', () => {
    expect(median([7])).toBe(7);
    expect(median([5, 1, 3])).toBe(3);
  });

  it('is the mean of the two middle sizes of an even count', () => {
    expect(median([4, 1, 3, 10])).toBe(3.5);
    expect(median([2, 1])).toBe(1.5);
    expect(median([6, 6, 1, 9])).toBe(6);
  });

  it('is null for no sizes, and leaves its input in order', () => {
    expect(median([])).toBeNull();
    const sizes = [3, 1, 2];
    median(sizes);
    expect(sizes).toEqual([3, 1, 2]);
  });

  it('is the median of summarize', () => {
    const sizes = [120, 95, 10, 180, 160, 33];
    expect(summarize(sizes)?.median).toBe(median(sizes));
  });
});

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

describe('word cuts', () => {
  it('finds offsets inside a word, also in text without spaces', () => {
    const text = 'Split here, then there.';
    expect(isWordBoundary(text, 0)).toBe(true);
    expect(isWordBoundary(text, 5)).toBe(true);
    expect(isWordBoundary(text, 3)).toBe(false);
    expect(isWordBoundary(text, text.length)).toBe(true);
    expect(cutsWord(text, 0, 11)).toBe(false);
    expect(cutsWord(text, 2, 11)).toBe(true);
    expect(cutsWord(text, 0, 9)).toBe(true);
    const japanese = '東京都に住んでいます';
    expect(isWordBoundary(japanese, 3)).toBe(true);
    expect(isWordBoundary(japanese, 1)).toBe(false);
  });
});
