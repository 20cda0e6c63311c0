import { tests as commonmarkExamples } from 'commonmark-spec';
import { describe, expect, test } from 'vitest';
import { chunkdown } from '../src/index.js';
import { adversarialCases } from './helpers/adversarial.js';
import { full } from './helpers/corpus.js';
import { checkInvariants } from './helpers/invariants.js';

describe('every CommonMark spec example', () => {
  const examples = commonmarkExamples.map((example) => ({
    number: example.number,
    markdown: example.markdown.replace(/→/g, '\t'),
  }));
  const optionSets = [
    { chunkSize: 5 },
    { chunkSize: 40, maxOverflowRatio: 1.5 },
    { chunkSize: 1000 },
    { chunkSize: 20, maxRawSize: 40 },
  ];
  // By default each example runs at one of the option sets, in turn (every example once, every
  // option set on a quarter of them); with FULL=1 every example at every option set.
  optionSets.forEach((options, set) => {
    const share = full ? 'every example' : `a quarter of the examples`;
    test(`keeps the invariants with ${JSON.stringify(options)} (${share})`, () => {
      const failures: string[] = [];
      const subset = examples.filter((_, index) => full || index % optionSets.length === set);
      for (const { number, markdown } of subset) {
        try {
          checkInvariants(markdown, options, { links: false });
        } catch (error) {
          failures.push(`example ${number}: ${(error as Error).message.slice(0, 300)}`);
        }
      }
      expect(failures).toEqual([]);
    }, 300_000);
  });
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
 * Hostile inputs (`helpers/adversarial.ts`), small by default and at the full size with
 * `FULL=1`. Each must finish (the test timeout is a hang guard, not a timing assertion; the work
 * at n and 2n is compared in `growth.test.ts`, time per MB measured by `pnpm bench`), keep the
 * cap, and lose nothing.
 */
describe('adversarial input', () => {
  for (const item of adversarialCases) {
    // A known superlinear case runs small until its fix lands.
    const size = full && !item.superlinear ? item.full : item.small;
    test(`${item.name} (${size})`, () => {
      const markdown = item.make(size);
      for (const options of [{ chunkSize: 500 }, { chunkSize: 200, maxRawSize: 400 }]) {
        checkInvariants(markdown, options, { repeat: false });
      }
    }, 300_000);
  }
  test('NUL and control characters', () => {
    const markdown = 'a\u0000b\u0001c\u0007 d\u001b[31m e\u0000\n\nf\u000b g\u007f h';
    for (const options of [{ chunkSize: 500 }, { chunkSize: 200, maxRawSize: 400 }]) {
      checkInvariants(markdown, options);
    }
  });
  test('lone CR line endings', () => {
    const markdown = 'line one\rline two\r\rpara two\r\r# heading\rtext under it';
    for (const options of [{ chunkSize: 500 }, { chunkSize: 200, maxRawSize: 400 }]) {
      checkInvariants(markdown, options);
    }
  });

  test('a chunk cut after a long word that the serializer escapes', () => {
    // The chunk holds the word and the start of the next sentence, so its last text is cut after;
    // finding that text's last word must not backtrack through the long one.
    const size = full ? 500_000 : 20_000;
    const word = `${'x'.repeat(size)}*y`;
    const markdown = `Start here. ${word} b. ${'More words here. '.repeat(size / 8)}`;
    const { chunks } = checkInvariants(
      markdown,
      { chunkSize: size * 1.2, maxOverflowRatio: 1 },
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
