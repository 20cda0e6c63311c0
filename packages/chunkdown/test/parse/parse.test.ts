import { tests as commonmarkExamples } from 'commonmark-spec';
import fc from 'fast-check';
import type { Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, test } from 'vitest';
import { parse } from '../../src/parse/parse.js';
import { full, inSample, installedMarkdown } from '../helpers/corpus.js';

// The parser skips GFM's autolink and table tries where they cannot succeed, and runs the autolink
// pass only where text could hold an autolink; the tree must be the one remark-parse with
// remark-gfm builds, to the last position.
const remark = unified().use(remarkParse).use(remarkGfm).freeze();
const reference = (markdown: string): Root => remark.parse(markdown);

describe('parse builds the tree remark-parse + remark-gfm builds', () => {
  test('on every CommonMark spec example', () => {
    const differ: number[] = [];
    for (const example of commonmarkExamples) {
      const markdown = example.markdown.replace(/→/g, '\t');
      if (!isEqual(parse(markdown), reference(markdown))) differ.push(example.number);
    }
    expect(differ).toEqual([]);
  });

  test.each([
    ['an email in prose', 'Write to team@example.com or ops@example.org today.'],
    ['mailto and xmpp', 'mailto:a@b.co and xmpp:bot@chat.example/home'],
    ['www after punctuation', 'See (www.example.com/path) and "https://x.dev/a?b=c".'],
    ['emails in emphasis and strong', '*mail a@b.co* and **HTTPS://EXAMPLE.COM** end'],
    ['a link in a heading', '# Docs at https://docs.example.com\n\nText.'],
    ['autolinks in table cells', '| a | b |\n| - | - |\n| x@y.z | www.q.io |\n| plain | none |'],
    [
      'inside an existing link (left alone)',
      '[write a@b.co](https://x.dev) and [www.a.b][r]\n\n[r]: /u',
    ],
    ['after an escape and a reference', 'a\\_b@c.de and &amp;www.x.com and a&#64;b.co'],
    ['in nested lists and quotes', '> - one x@y.co\n>   - two http://a.b/c\n\n1. www.z.org'],
    ['in footnotes', 'Text[^1].\n\n[^1]: Mail a@b.co.'],
    ['scoped packages and handles', 'Install @scope/pkg, ping @octocat, see a@b.'],
    ['no candidates at all', '# Title\n\nPlain words, nothing linkable here.\n\n- a\n- b'],
    ['after a byte order mark', '\uFEFFMail a@b.co, see www.x.dev or http://y.io.'],
  ])('on %s', (_name, markdown) => {
    expect(parse(markdown)).toEqual(reference(markdown));
  });

  // Pieces of literal autolinks (and what stands before and around them: escapes, references,
  // containers, labels, tabs, line endings), so the tokenizer's tries land on both sides of every
  // candidate start.
  const pieces = [
    ...['a', 'b', 'Z', '9', '_', '-', '+', '.', '/', ':', '@', 'x@y.co', '@b.c'],
    ...['www.', 'WwW.', 'w', 'h', 'http://', 'HTTPS://', 'https:/', 'mailto:', 'xmpp:'],
    ...['(', ')', '[', ']', '](u)', '![', '*', '_', '~', '`', '\\', '&amp;', '&#64;', '<', '>'],
    ...[' ', ' ', '\n', '\n\n', '\t', '> ', '- ', '1. ', '| ', ' |', '\n| - |\n', '# ', '[^1]: '],
  ];
  test('on generated text dense with autolink candidates', () => {
    expectSameTrees(
      fc.array(fc.constantFrom(...pieces), { maxLength: 40 }).map((parts) => parts.join('')),
    );
  });

  // Lines that are, or nearly are, table rows, in containers, with every kind of line ending, so
  // tables start, continue and end everywhere a table could.
  const prefixes = ['', '', '> ', '>', '- ', '  ', '\t', '1. ', '> - ', '    '];
  const contents = ['| a | b |', 'a | b', '| - | - |', '-|-', ':--|--:', '---', '- -', 'text'];
  const moreContents = ['', ' ', '|', '| `x|y` |', '  | -- |', '| a \\| b |', '<div>', '```'];
  const endings = ['\n', '\n', '\r\n', '\r'];
  test('on generated lines dense with table rows', () => {
    const line = fc.tuple(
      fc.constantFrom(...prefixes),
      fc.constantFrom(...contents, ...moreContents),
      fc.constantFrom(...endings),
    );
    expectSameTrees(
      fc
        .array(line, { maxLength: 12 })
        .map((lines) => lines.map((parts) => parts.join('')).join('')),
    );
  });

  test('on real documents (a pinned sample of node_modules markdown; FULL=1: all of it)', () => {
    const documents = installedMarkdown(60_000).filter(
      (document) => full || inSample(document.name),
    );
    expect(documents.length).toBeGreaterThan(full ? 300 : 30);
    const differ = documents
      .filter((document) => !isEqual(parse(document.text), reference(document.text)))
      .map((document) => document.name);
    expect(differ).toEqual([]);
  });
});

/** Generated documents parse to remark's tree (ten times the property runs: each parse is tiny). */
function expectSameTrees(documents: fc.Arbitrary<string>): void {
  fc.assert(
    fc.property(documents, (markdown) => {
      expect(parse(markdown)).toEqual(reference(markdown));
    }),
    { numRuns: Number(process.env.PROPERTY_RUNS ?? 100) * 10 },
  );
}

function isEqual(a: unknown, b: unknown): boolean {
  try {
    expect(a).toEqual(b);
    return true;
  } catch {
    return false;
  }
}
