import { describe, expect, test } from 'vitest';
import { parseWhole } from '../../src/parse/parse.js';
import {
  blockEnd,
  blockOpenedBy,
  cutCandidates,
  openBlockAtEnd,
  opensHtmlToBlank,
} from '../../src/parse/segment-cuts.js';
import { lineEnd, lineStarts } from '../../src/util/line-starts.js';

/** The lines of a text that are cuts. */
function cutLines(text: string): string[] {
  return cutCandidates(text, lineStarts(text)).map((at) => text.slice(at).split('\n')[0] as string);
}

describe('cutCandidates', () => {
  test('a line after a blank line that starts at column 0 with what no container continues', () => {
    const text = '# A\n\nText.\n\n- item\n\n  more\n\n> quote\n\n1. one\n\nB para\n\n    code\n\nC';
    expect(cutLines(text)).toEqual(['Text.', 'B para', 'C']);
  });

  test('a line that only looks like a list marker at first starts a fresh block', () => {
    // After a table, `**[Back to index](#index)**` and a heading directly under `<br>` lines
    // (public-apis): without the bold line as a cut, a 222 kB document was one segment.
    const text =
      '| a |\n| - |\n| b |\n\n**[Back](#i)**\n<br>\n### H\n\n---\n\n*emphasis*\n\n+1 vote\n\n2024 was\n\n1.5 times\n\n1234567890. ten digits\n\n7\n\n* star item\n\n-\n\n3) item\n\n42.\n\n-\titem';
    expect(cutLines(text)).toEqual([
      '**[Back](#i)**',
      '---',
      '*emphasis*',
      '+1 vote',
      '2024 was',
      '1.5 times',
      '1234567890. ten digits',
      '7',
    ]);
  });

  test('never inside a fenced code block or an HTML block of kinds 1–5 opened at column 0', () => {
    const text =
      'A\n\n```\n\ninside\n\n```\n\nB\n\n<!--\n\nnote\n\n-->\n\nC\n\n<pre>\n\nx\n\n</pre>\n\nD';
    expect(cutLines(text)).toEqual(['```', 'B', '<!--', 'C', '<pre>', 'D']);
  });
});

describe('blockOpenedBy and blockEnd', () => {
  const at = (text: string, line: number) => {
    const starts = lineStarts(text);
    return blockOpenedBy(text, starts[line] as number, lineEnd(text, starts, line));
  };

  test('a fence is closed by a fence of its character at least as long', () => {
    const text = '````js\n```\n~~~~\n````\nafter';
    const closes = at(text, 0);
    expect(closes).toBeDefined();
    const starts = lineStarts(text);
    expect(blockEnd(text, starts, starts[1] as number, closes!)).toBe(text.indexOf('after'));
    expect(at('``` not `a` fence', 0)).toBeUndefined();
    expect(at('    ```', 0)).toBeUndefined();
  });

  test('HTML of kinds 1–5 runs to its end marker, unless its first line holds it', () => {
    const text = '<script>\nlet a;\n</script>\nafter';
    const starts = lineStarts(text);
    expect(blockEnd(text, starts, starts[1] as number, at(text, 0)!)).toBe(text.indexOf('after'));
    expect(at('<!-- note -->', 0)).toBeUndefined();
    expect(at('<div>', 0)).toBeUndefined();
    // Without a closing line, to the end of the text.
    const open = '<!--\nnever closed';
    expect(blockEnd(open, lineStarts(open), 5, at(open, 0)!)).toBe(open.length);
  });
});

describe('opensHtmlToBlank', () => {
  test('a block-level tag, or a complete tag alone after a blank line', () => {
    expect(opensHtmlToBlank('<div class="x">', 0, 15, false)).toBe(true);
    expect(opensHtmlToBlank('</section>', 0, 10, false)).toBe(true);
    expect(opensHtmlToBlank('<Tabs>', 0, 6, true)).toBe(true);
    expect(opensHtmlToBlank('<Tabs>', 0, 6, false)).toBe(false);
    expect(opensHtmlToBlank('<span>x', 0, 7, true)).toBe(false);
    expect(opensHtmlToBlank('    <div>', 0, 9, true)).toBe(false);
  });
});

describe('openBlockAtEnd', () => {
  test('a segment whose last block runs past its last line ends inside it', () => {
    const fenced = '```js\ncode\n\n';
    const found = openBlockAtEnd(parseWhole(fenced), fenced);
    expect(found?.closes).toBeDefined();
    const closed = '```js\ncode\n```\n\n';
    expect(openBlockAtEnd(parseWhole(closed), closed)).toBeUndefined();
    expect(openBlockAtEnd(parseWhole('Text.\n\n'), 'Text.\n\n')).toBeUndefined();
  });

  test('a fence left open in a list item is caught too, with no closing line to look for', () => {
    const text = '- item\n\n  ```\n  code\n\n';
    expect(openBlockAtEnd(parseWhole(text), text)).toEqual({ closes: undefined });
  });
});
