import { tests as commonmarkExamples } from 'commonmark-spec';
import { describe, expect, test } from 'vitest';
import { chunkdown } from '../src/index.js';
import { checkInvariants } from './helpers/invariants.js';

describe('every CommonMark spec example', () => {
  const examples = commonmarkExamples.map((example) => ({
    number: example.number,
    markdown: example.markdown.replace(/→/g, '\t'),
  }));
  for (const options of [
    { chunkSize: 5 },
    { chunkSize: 40, maxOverflowRatio: 1.5 },
    { chunkSize: 1000 },
    { chunkSize: 20, maxRawSize: 40 },
  ]) {
    test(`keeps the invariants with ${JSON.stringify(options)}`, () => {
      const failures: string[] = [];
      for (const { number, markdown } of examples) {
        try {
          checkInvariants(markdown, options, { links: false });
        } catch (error) {
          failures.push(`example ${number}: ${(error as Error).message.slice(0, 300)}`);
        }
      }
      expect(failures).toEqual([]);
    }, 300_000);
  }
});

describe('GFM', () => {
  const cases = {
    'task list': '- [ ] todo item here\n- [x] done item here\n- [ ] another one',
    strikethrough: 'Some ~~struck out words in the middle~~ of a sentence. And a second sentence.',
    'autolink literals':
      'Visit www.example.com or https://example.com/path?x=1 or mail me@example.com today.',
    footnotes:
      'A claim.[^1] Another claim.[^note]\n\n[^1]: First source, with words.\n[^note]: Second source.',
    'table with alignment and escaped pipes':
      '| a | b \\| c |\n| :- | -: |\n| 1 | 2 \\| 3 |\n| 4 | 5 |',
    'html blocks': '<details>\n<summary>More</summary>\n\nHidden text here.\n\n</details>',
  };
  for (const [name, markdown] of Object.entries(cases)) {
    test(name, () => {
      for (const chunkSize of [5, 30, 500]) {
        checkInvariants(markdown, { chunkSize });
        checkInvariants(markdown, { chunkSize, maxRawSize: 30 });
      }
    });
  }
});

/**
 * Hostile inputs. Each must finish (the test timeout is a hang guard, not a timing assertion;
 * time per MB is measured by `pnpm bench`), keep the cap, and lose nothing.
 */
describe('adversarial input', () => {
  const cases: Record<string, () => string> = {
    '100 000 unmatched (': () => '('.repeat(100_000),
    '100 000 unmatched [': () => '['.repeat(100_000),
    'a 2 MB single paragraph': () => 'Word number one. '.repeat(120_000),
    'a 300 KB word without spaces': () => 'x'.repeat(300_000),
    'a 1 MB line of dashes and pipes that is no table': () => `${'-| '.repeat(340_000)}x`,
    '50 000 emoji': () => '😀'.repeat(50_000),
    '20 000 table rows': () => `| a | b |\n| - | - |\n${'| x | y |\n'.repeat(20_000)}`,
    '10 000 list items': () => '- item text\n'.repeat(10_000),
    '200 nested block quotes': () => `${'>'.repeat(200)} deep`,
    'lists nested 150 deep': () =>
      Array.from({ length: 150 }, (_, index) => `${'  '.repeat(index)}- item ${index}`).join('\n'),
    'an unclosed 20 000-line code fence': () => `\`\`\`\n${'line\n'.repeat(20_000)}`,
    '5 000 link definitions': () =>
      `${Array.from({ length: 5000 }, (_, index) => `[d${index}] `).join('')}\n\n${Array.from({ length: 5000 }, (_, index) => `[d${index}]: https://example.com/${index}`).join('\n')}`,
    'NUL and control characters': () =>
      'a\u0000b\u0001c\u0007 d\u001b[31m e\u0000\n\nf\u000b g\u007f h',
    'lone CR line endings': () => 'line one\rline two\r\rpara two\r\r# heading\rtext under it',
  };
  for (const [name, make] of Object.entries(cases)) {
    test(name, () => {
      const markdown = make();
      for (const options of [{ chunkSize: 500 }, { chunkSize: 200, maxRawSize: 400 }]) {
        checkInvariants(markdown, options, { repeat: false });
      }
    }, 300_000);
  }

  test('a chunk cut after a 500 KB word that the serializer escapes', () => {
    // The chunk holds the word and the start of the next sentence, so its last text is cut after;
    // finding that text's last word must not backtrack through the long one.
    const word = `${'x'.repeat(500_000)}*y`;
    const markdown = `Start here. ${word} b. ${'More words here. '.repeat(62_500)}`;
    const { chunks } = checkInvariants(
      markdown,
      { chunkSize: 600_000, maxOverflowRatio: 1 },
      { repeat: false },
    );
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks[0]?.text).toContain('*y b.');
  }, 300_000);

  test('nesting deeper than the parser takes falls back to a plain-text split that says so', () => {
    const markdown = `${'> '.repeat(5_000)}deep text at the bottom`;
    const { chunks } = chunkdown({ chunkSize: 500, maxRawSize: 1000 }).split(markdown);
    expect(chunks.length).toBeGreaterThan(0);
    expect(
      chunks.every((chunk) => chunk.fallback === 'plain-text' && chunk.text.length <= 1000),
    ).toBe(true);
    expect(chunks.map((chunk) => chunk.text).join(' ')).toContain('deep text at the bottom');
    for (const chunk of chunks) expect(markdown.slice(chunk.start, chunk.end)).toBe(chunk.text);
  }, 300_000);
});
