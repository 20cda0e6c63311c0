import { tests as commonmarkExamples } from 'commonmark-spec';
import fc from 'fast-check';
import type { Root } from 'mdast';
import { describe, expect, test } from 'vitest';
import {
  defaultParseSettings,
  type ParseSettings,
  parse,
  parseSegment,
  parseWhole,
} from '../../src/parse/parse.js';
import { parseInSegments } from '../../src/parse/segmented.js';
import { full, realDocuments } from '../helpers/corpus.js';

// A large document is parsed in segments (cut where a fresh top-level block surely starts), and
// the stitched tree must be the whole-document parse's, to the last position. Segments are made
// tiny here, so every cut is used: `size: 1` cuts at every line that could start a fresh block.
const everyCut: Partial<ParseSettings> = { segmentAbove: 0, size: 1 };

/** The segmented parse equals the whole parse (checked with `toEqual`, reported per document). */
function sameTree(markdown: string, settings: Partial<ParseSettings> = everyCut): boolean {
  try {
    expect(parse(markdown, settings)).toEqual(parseWhole(markdown));
    return true;
  } catch {
    return false;
  }
}

describe('parsing in segments gives the whole-document tree', () => {
  test('on every CommonMark spec example', () => {
    const differ = commonmarkExamples
      .filter((example) => !sameTree(example.markdown.replace(/→/g, '\t')))
      .map((example) => example.number);
    expect(differ).toEqual([]);
  });

  test.each([
    ['a reference to a definition in a later segment', '# A\n\nSee [x].\n\n# B\n\n[x]: /u\n'],
    ['a reference to a definition in an earlier segment', '[X]: /u\n\n# A\n\nSee [x] and [x][].'],
    ['a full reference and an image', '# A\n\n[t][y] ![i][y]\n\nText\n\n[y]: /i.png "T"'],
    ['a label that is no definition', '# A\n\n[z]\n\n```\n[z]: /not-a-definition\n```\n'],
    ['a footnote defined later', '# A\n\nClaim.[^n]\n\n# B\n\n[^n]: Source.\n'],
    ['a footnote defined later on a first line', 'Claim.[^n]\n\n[^n]: Source.\n\nMore [^n].'],
    ['a fence holding a blank line and a heading', '```\na\n\n# not a heading\n\nb\n```\n\n# H'],
    ['an unclosed fence', 'Text\n\n~~~~\n\n# code\n\nText\n\n~~~\n\n# still code'],
    ['a fence in a list item', '- a\n\n  ```\n  x\n\n# heading\n\n```\ncode\n\n# code\n```'],
    ['an HTML comment', '<!--\n\n# hidden\n\n-->\n\n# Shown\n\ntext'],
    [
      'a list with an open fence, then a fence at the root that a cut falls in',
      '<div>\n\n\n</div>\n~~~\n\n[^a]: note\n\n    more\n- item\n\n  ```\n\n~~~\n\n```\n\n',
    ],
    ['a script block', '<script>\n\nlet a = 1;\n\n# comment\n</script>\n\nText'],
    ['an HTML block of kind 6', '<div>\n\n# heading\n\n</div>\n\nText'],
    ['a processing instruction', '<?php\n\n# x\n\n?>\n\nText'],
    ['a block quote and a list', '> quote\n\n# H\n\n- item\n\n  more\n\n# H2\n\n1. one\n\n2. two'],
    ['a footnote definition with indented content', '[^a]: one\n\n    two\n\n# H\n\n[^a]'],
    ['a table', '| a |\n| - |\n| [r] |\n\n# H\n\n[r]: /r'],
    ['setext underlines after a blank line', 'Para\n\n===\n\n# H\n\n---\n\nText\n---'],
    ['CRLF and CR line endings', '# A\r\n\r\nText [x]\r\n\r\n# B\r\r[x]: /u\r\rEnd'],
    ['tabs', '\t# code\n\n# H\n\n-\tone\n\n\t\ttwo\n\n# H\n\ttext'],
    [
      'front matter blanked to spaces',
      `${' '.repeat(3)}\n${' '.repeat(8)}\n   \n\n# Title\n\nText`,
    ],
    [
      'lines that look like list markers at first',
      '- item\n\n**Bold** after a list\n<br>\n# H\n\n* a\n\n***\n\n- b\n\n---\n\n1. c\n\n1.5 d\n\n2) e\n\n+f\n\n- g\n\n-\n\n  h',
    ],
    ['a byte order mark', '\uFEFF# A\n\nText [x]\n\n# B\n\n[x]: /u'],
  ])('with %s', (_name, markdown) => {
    expect(sameTree(markdown)).toBe(true);
    expect(sameTree(markdown, { segmentAbove: 0, size: 12 })).toBe(true);
  });

  test('on real documents (a pinned sample of node_modules markdown; FULL=1: all and CHUNKDOWN_CORPORA)', () => {
    const documents = realDocuments();
    expect(documents.length).toBeGreaterThan(20);
    const differ = documents
      .filter((document) => !sameTree(document.text, { segmentAbove: 0, size: 400 }))
      .map((document) => document.name);
    expect(differ).toEqual([]);
  }, 600_000);

  // Blocks that span blank lines, end at blank lines, hold headings and definitions, or need
  // labels from elsewhere, joined with every kind of separator, so cuts land everywhere.
  const label = fc.constantFrom('a', 'B', 'c d', 'x');
  const text = fc.constantFrom('word', 'two words', '*em*', '`code`', '<b>', 'a@b.co', '');
  const reference = fc.oneof(
    label.map((name) => `[${name}]`),
    label.map((name) => `[t][${name}]`),
    label.map((name) => `![i][${name}]`),
    label.map((name) => `[^${name}]`),
  );
  const line = fc.oneof(
    text,
    reference,
    fc.tuple(text, reference).map(([a, b]) => `${a} ${b}`),
    fc.constantFrom('# heading', '## h [a]', '#not', '***', '---', '===', '| a |', '| - |'),
    fc.constantFrom(
      '- ',
      '-',
      '2. x',
      '1.',
      '* [ ] task',
      '>',
      '> ```',
      '   ```',
      '    ```',
      '~~~',
    ),
    fc.constantFrom('<div>', '</div>', '<a href="x">', '<!-- c -->', '-->', 'lazy', '  two  '),
  );
  const lines = fc.array(line, { maxLength: 4 });
  const block = fc.oneof(
    lines.map((items) => items.join('\n')),
    label.map((name) => `[${name}]: /url/${name.length}`),
    label.map((name) => `[^${name}]: note\n\n    more`),
    fc
      .tuple(fc.constantFrom('```', '~~~', '````'), fc.array(line, { maxLength: 4 }), fc.boolean())
      .map(
        ([fence, inner, closed]) => `${fence}\n${inner.join('\n\n')}${closed ? `\n${fence}` : ''}`,
      ),
    fc
      .tuple(
        fc.constantFrom(
          ['<!--', '-->'],
          ['<script>', '</script>'],
          ['<?x', '?>'],
          ['<div>', '</div>'],
          ['<!X', '>'],
          ['<![CDATA[', ']]>'],
        ),
        lines,
        fc.boolean(),
      )
      .map(
        ([[open, close], inner, closed]) =>
          `${open}\n\n${inner.join('\n\n')}${closed ? `\n${close}` : ''}`,
      ),
    fc
      .tuple(fc.constantFrom('> ', '- ', '1. ', '  ', '    ', '\t', '> - ', '- > '), lines)
      .map(([prefix, inner]) => inner.map((item) => `${prefix}${item}`).join('\n')),
    lines.map((inner) => `- item\n\n  \`\`\`\n${inner.map((item) => `  ${item}`).join('\n\n')}`),
  );
  const separator = fc.constantFrom(
    '\n',
    '\n\n',
    '\n\n\n',
    '\r\n\r\n',
    '\r\r',
    '\n \n',
    '  \n\t\n',
  );
  const documents = fc
    .array(fc.tuple(block, separator), { maxLength: 10 })
    .map((parts) => parts.map(([item, after]) => item + after).join(''));

  test('on generated documents of fences, HTML blocks, definitions, footnotes and containers', () => {
    fc.assert(
      fc.property(documents, fc.integer({ min: 1, max: 60 }), (markdown, size) => {
        const whole = parseOrNot(markdown);
        // The development build of GFM's task list extension (the one tests load) asserts on some
        // inputs, such as an empty list item followed by `[x]` and a definition; skip those.
        fc.pre(whole !== undefined);
        expect(parse(markdown, { segmentAbove: 0, size })).toEqual(whole);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 100) * (full ? 20 : 3) },
    );
  }, 600_000);
});

function parseOrNot(markdown: string): Root | undefined {
  try {
    return parseWhole(markdown);
  } catch {
    return undefined;
  }
}

describe('a segment whose parse fails', () => {
  // A parser that fails on a text with an OPEN line and no CLOSE line after it, as MDX fails on
  // a JSX element left open at the end of a segment.
  const strict = (text: string, known: Parameters<typeof parseSegment>[1]) => {
    if (text.split('OPEN').length !== text.split('CLOSE').length) throw new Error('left open');
    return parseSegment(text, known);
  };
  const markdown = Array.from({ length: 60 }, (_, n) =>
    n % 5 === 0
      ? `# Part ${n}\n\nOPEN\n\nInside ${n}.\n\nCLOSE\n\nAfter ${n}.\n`
      : `# Part ${n}\n\nA paragraph.\n\nAnother one.\n`,
  ).join('\n');

  test('is read again longer, until it parses: the whole tree, every segment balanced', () => {
    const read: string[] = [];
    const tree = parseInSegments(markdown, { ...defaultParseSettings, size: 64 }, (text, known) => {
      const parsed = strict(text, known);
      read.push(text);
      return parsed;
    });
    expect(tree).toEqual(parseWhole(markdown));
    // Still in segments: more than one, none cut between OPEN and CLOSE.
    expect(read.length).toBeGreaterThan(1);
    expect(read.join('')).toBe(markdown);
  });

  test('fails the document when the last one fails, or one still fails grown to 64 KiB', () => {
    const settings = { ...defaultParseSettings, size: 64 };
    expect(() => parseInSegments(`${markdown}\nOPEN\n\nnever closed\n`, settings, strict)).toThrow(
      'left open',
    );
    const read: number[] = [];
    const counting = (text: string, known: Parameters<typeof parseSegment>[1]) => {
      read.push(text.length);
      return strict(text, known);
    };
    const long = Array.from({ length: 120 }, () => markdown).join('\n');
    expect(() => parseInSegments(`OPEN\n\n${long}`, settings, counting)).toThrow('left open');
    // It gave up long before the end of the document, each try about twice as long as the last.
    expect(Math.max(...read)).toBeLessThan(long.length / 2);
    expect(Math.max(...read)).toBeGreaterThanOrEqual(64 * 1024);
    expect(read.length).toBeLessThan(20);
  });

  test('throws what the parse threw when the segment that failed was the whole document', () => {
    const settings = { ...defaultParseSettings, size: 64 };
    expect(() =>
      parseInSegments('# A\n\nOPEN\n\nnever closed, and short.\n', settings, strict),
    ).toThrow('left open');
  });
});

describe('labels across segments', () => {
  test('a segment is parsed again only when it was told something wrong about a label', () => {
    const markdown =
      '# A\n\nSee [later].\n\n# B\n\nSee [here].\n\n[here]: /h\n\n# C\n\n[later]: /l\n';
    const parsed: string[] = [];
    const tree = parseInSegments(
      markdown,
      { size: 1, maxNesting: 32, maxSourceNesting: 64 },
      (text, known) => {
        parsed.push(text);
        return parseSegment(text, known);
      },
    );
    expect(tree).toEqual(parseWhole(markdown));
    // The guess of the document's labels answers both references right the first time.
    expect(parsed.length).toBe(new Set(parsed).size);
  });

  test('a wrong guess is caught by what the segments define', () => {
    // `[z]:` inside code looks like a definition but is none: `[z]` stays text.
    const markdown = '# A\n\n[z] and [y]\n\n# B\n\n```\n[z]: /no\n```\n\n# C\n\n[y]: /yes\n';
    const seen: boolean[] = [];
    const tree = parseInSegments(
      markdown,
      { size: 1, maxNesting: 32, maxSourceNesting: 64 },
      (text, known) => {
        if (text.startsWith('[z]')) seen.push(known.definitions.has('Z'));
        return parseSegment(text, known);
      },
    );
    expect(tree).toEqual(parseWhole(markdown));
    expect(seen).toEqual([true, false]);
  });
});

describe('segments of a large document', () => {
  const section = (index: number) => `# Part ${index}\n\n${'Some words here. '.repeat(60)}\n\n`;
  const segmentsOf = (markdown: string) => {
    const texts: string[] = [];
    const tree = parseInSegments(markdown, defaultParseSettings, (text, known) => {
      texts.push(text);
      return parseSegment(text, known);
    });
    return { tree, texts };
  };

  test('are 8 to 32 KiB each, cut at headings, and stitch to the whole tree', () => {
    const large = Array.from({ length: 300 }, (_, index) => section(index)).join('');
    const { tree, texts } = segmentsOf(large);
    expect(tree).toEqual(parseWhole(large));
    expect(texts.length).toBeGreaterThan(2);
    for (const text of texts.slice(0, -1)) {
      expect(text.length).toBeGreaterThanOrEqual(8 * 1024);
      expect(text.length).toBeLessThan(32 * 1024 + 1100);
      expect(text.startsWith('# Part ')).toBe(true);
    }
  });

  test('end where their text says, so an edit leaves every other segment as it was', () => {
    const sections = Array.from({ length: 300 }, (_, index) => section(index));
    const before = segmentsOf(sections.join('')).texts;
    sections[40] = `${section(40)}An added sentence, in one place only.\n\n`;
    const after = segmentsOf(sections.join(''));
    expect(after.tree).toEqual(parseWhole(sections.join('')));
    const changed = after.texts.filter((text) => !before.includes(text));
    expect(changed).toHaveLength(1);
    expect(changed[0]).toContain('An added sentence');
  });
});

describe('the points of a parse', () => {
  // `update` moves a reused segment's positions in place (`placeParse`): a point two nodes shared
  // would move twice.
  test('belong to one node each, in real documents and every CommonMark example', () => {
    const texts = [
      ...realDocuments().map((document) => document.text),
      commonmarkExamples.map((example) => example.markdown).join('\n\n'),
    ];
    for (const text of texts) {
      const seen = new Set<unknown>();
      let shared = 0;
      const stack: Array<{
        position?: { start: unknown; end: unknown } | undefined;
        children?: unknown;
      }> = [parse(text, { segmentAbove: 0, size: 2048 })];
      while (stack.length > 0) {
        const node = stack.pop() as (typeof stack)[number];
        for (const point of node.position ? [node.position.start, node.position.end] : []) {
          if (seen.has(point)) shared++;
          seen.add(point);
        }
        if (Array.isArray(node.children)) stack.push(...node.children);
      }
      expect(shared).toBe(0);
      expect(seen.size).toBeGreaterThan(2);
    }
  });
});
