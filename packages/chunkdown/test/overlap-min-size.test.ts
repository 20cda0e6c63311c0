import { describe, expect, test } from 'vitest';
import { type Chunk, type ChunkdownOptions, chunkdown } from '../src/index.js';
import { realDocuments } from './helpers/corpus.js';
import { checkInvariants, findProblems, parseMarkdown, words } from './helpers/invariants.js';

/** The longest end of `previous` (from a word start) that `next` starts with. */
function repeated(previous: string, next: string): string {
  for (let length = Math.min(previous.length, next.length); length > 0; length--) {
    const from = previous.length - length;
    if (from > 0 && /[\p{L}\p{N}]/u.test(previous.charAt(from - 1))) continue;
    const tail = previous.slice(from);
    if (/[\p{L}\p{N}]/u.test(tail) && next.startsWith(tail)) return tail;
  }
  return '';
}

/** Split with the invariants checked, and every chunk after the first paired with the one before. */
function pairs(markdown: string, options: ChunkdownOptions): Array<[Chunk, Chunk]> {
  const { chunks } = checkInvariants(markdown, options);
  expect(chunks.length).toBeGreaterThan(1);
  return chunks.slice(1).map((chunk, index) => [chunks[index] as Chunk, chunk]);
}

const prose = Array.from(
  { length: 12 },
  (_, index) => `Sentence number ${index} talks about llamas.`,
).join(' ');

describe('overlap', () => {
  test('is off by default', () => {
    const chunks = chunkdown({ chunkSize: 120 }).splitText(prose);
    expect(words(chunks.join(' ')).length).toBe(words(prose).length);
  });

  test('starts a chunk with whole sentences from the end of the previous one, up to the budget', () => {
    const splitter = chunkdown({ chunkSize: 120, overlap: 50 });
    const { chunks } = splitter.split(prose);
    expect(chunks.length).toBeGreaterThan(2);
    for (let index = 1; index < chunks.length; index++) {
      const previous = chunks[index - 1]?.text as string;
      const current = chunks[index]?.text as string;
      const sentences = previous.split(/(?<=\.) /);
      const repeated = sentences.at(-1) as string;
      expect(current.startsWith(repeated)).toBe(true);
      expect(repeated.length).toBeLessThanOrEqual(50);
      // Offsets include the overlap: the ranges overlap by exactly the repeated sentence.
      expect(prose.slice(chunks[index]?.start, chunks[index - 1]?.end)).toBe(repeated);
    }
  });

  test('never crosses a section boundary and never takes part of a sentence', () => {
    const markdown = `## A\n\n${prose}\n\n## B\n\nSomething else entirely here. And more words here.`;
    const { chunks } = checkInvariants(markdown, { chunkSize: 120, overlap: 60 });
    const b = chunks.find((chunk) => chunk.text.startsWith('## B'));
    expect(b).toBeDefined();
    for (const chunk of chunks) expect(chunk.text).toMatch(/^(## [AB]\n\n)?[A-Z]/);
  });

  test('happens when no whole sentence fits: the tail is cut at a clause, a phrase or words', () => {
    const sentences = Array.from(
      { length: 5 },
      (_, index) =>
        `Sentence ${index} goes on and on, with words such as w${index}a and w${index}b and no stop in sight for a while, until it ends here at last.`,
    );
    const markdown = `## A\n\n${sentences.join(' ')}`;
    for (const [previous, next] of pairs(markdown, { chunkSize: 150, overlap: 40 })) {
      const tail = repeated(previous.text, next.text);
      expect(tail.length).toBeGreaterThan(20);
      expect(tail.length).toBeLessThanOrEqual(40);
      // The ranges overlap by exactly the repeated text.
      expect(markdown.slice(next.start, previous.end)).toBe(tail);
    }
  });

  test('takes whole sentences when they fill at least half of it, else more, cut at words', () => {
    const long =
      'Alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron.';
    const [, two] = chunkdown({ chunkSize: 110, overlap: 40 }).splitText(
      `${long} Short last one here.\n\n${long}`,
    );
    expect(two).toBe(`Short last one here.\n\n${long}`);
    // Here the last sentence is under half the budget: the overlap takes more of the one before.
    const [, next] = chunkdown({ chunkSize: 110, overlap: 60 }).splitText(
      `${long} Yes.\n\n${long}`,
    );
    expect(next).toMatch(/^[a-z]+ [a-z ]+\. Yes\.\n\nAlpha/);
  });

  // Source: LangChain text splitter tests (langchain-ai/langchainjs, libs/langchain-textsplitters):
  // with an overlap of a word's length, each chunk starts with the last word of the one before.
  test('repeats the last words when that is all that fits', () => {
    expect(chunkdown({ chunkSize: 7, overlap: 3 }).splitText('foo bar baz 123')).toEqual([
      'foo bar',
      'bar baz 123',
    ]);
    expect(chunkdown({ chunkSize: 5, overlap: 3 }).splitText('aa ab ac ba bb')).toEqual([
      'aa ab',
      'ab ac',
      'ac ba bb',
    ]);
  });

  // Source: LlamaIndex SentenceSplitter tests (run-llama/llama_index, test_overlap).
  test('repeats whole sentences across a chunk boundary', () => {
    expect(
      chunkdown({ chunkSize: 40, overlap: 20 }).splitText(
        'Hello! How are you? I am fine. And you? This is a slightly longer sentence.',
      ),
    ).toEqual([
      'Hello! How are you? I am fine. And you?',
      'I am fine. And you? This is a slightly longer sentence.',
    ]);
  });

  test('in a list: the last item of the previous chunk, with its marker and number', () => {
    const markdown = Array.from(
      { length: 6 },
      (_, index) => `${index + 1}. item number ${index + 1} of the list`,
    ).join('\n');
    for (const [previous, next] of pairs(markdown, { chunkSize: 80, overlap: 30 })) {
      const items = previous.text.split('\n');
      const last = items.at(-1) as string;
      const number = Number.parseInt(last, 10);
      if (items.length > 1) {
        // The last item, whole.
        expect(next.text.startsWith(`${last}\n`)).toBe(true);
      } else {
        // A chunk of one item is not repeated whole: the end of its text, with its number.
        const repeated = next.text.split('\n')[0] as string;
        expect(repeated).toMatch(new RegExp(`^${number}\\. `));
        expect(last.endsWith(repeated.slice(`${number}. `.length))).toBe(true);
      }
      const list = parseMarkdown(next.text).children[0];
      expect(list?.type === 'list' && list.start).toBe(number);
    }
  });

  test('in a table: the last row that fits, under the header row', () => {
    const markdown = `| Key | Value |\n| --- | --- |\n${Array.from(
      { length: 6 },
      (_, index) => `| k${index} | value number ${index} |`,
    ).join('\n')}`;
    for (const [previous, next] of pairs(markdown, { chunkSize: 40, overlap: 20 })) {
      const rows = next.text.split('\n');
      expect(rows.slice(0, 2)).toEqual(['| Key | Value |', '| - | - |']);
      expect(rows[2]).toBe(previous.text.split('\n').at(-1));
    }
  });

  test('in a code block: the last lines, in a fence with the same language', () => {
    const markdown = `\`\`\`python\n${Array.from({ length: 8 }, (_, index) => `print("line ${index}")`).join('\n')}\n\`\`\``;
    for (const [previous, next] of pairs(markdown, { chunkSize: 60, overlap: 20 })) {
      const lines = previous.text.split('\n');
      expect(next.text.startsWith(`\`\`\`python\n${lines.at(-2)}\n`)).toBe(true);
    }
  });

  test('in a block quote: the tail keeps `>` and the alert marker', () => {
    const notes = Array.from(
      { length: 4 },
      (_, index) => `Note ${index} here runs to more words than the overlap can hold.`,
    );
    const markdown = `> [!NOTE]\n> ${notes.join(' ')}`;
    for (const [previous, next] of pairs(markdown, { chunkSize: 90, overlap: 30 })) {
      expect(next.text.startsWith('> [!NOTE]\n> ')).toBe(true);
      const text = (chunk: Chunk) => chunk.text.replace('> [!NOTE]\n', '').replace(/^> /gm, '');
      expect(repeated(text(previous), text(next))).toBe('than the overlap can hold.');
    }
  });

  test('in text without spaces: at a sentence stop or a word', () => {
    const markdown = '床前明月光，疑是地上霜。举头望明月，低头思故乡。'.repeat(2);
    for (const [previous, next] of pairs(markdown, { chunkSize: 20, overlap: 8 })) {
      expect(repeated(previous.text, next.text).length).toBeGreaterThan(0);
    }
  });

  test('in raw HTML: only from a line that opens an HTML block', () => {
    const markdown =
      'Intro text before the block.\n\n<div>\n<p>First paragraph.</p>\n<p>Second paragraph of html.</p>\n<p>Third paragraph of html.</p>\n</div>\n\nAfter the html comes more prose to fill.';
    const found = pairs(markdown, { chunkSize: 60, overlap: 30 })
      .map(([previous, next]) => repeated(previous.text, next.text))
      .filter((tail) => tail.startsWith('<'));
    expect(found.length).toBeGreaterThan(0);
    for (const tail of found) expect(tail).toMatch(/^<\/?(p|div)>/);
  });

  test('measures in the size unit', () => {
    const lengthFunction = (text: string) => text.split(/\s+/).filter(Boolean).length;
    // A sentence is six words: none fits, so the overlap is the last words.
    for (const [previous, next] of pairs(prose, { chunkSize: 14, overlap: 4, lengthFunction })) {
      const tail = repeated(previous.text, next.text);
      expect(lengthFunction(tail)).toBeGreaterThan(1);
      expect(lengthFunction(tail)).toBeLessThanOrEqual(4);
    }
  });

  test('never takes part of a link, and keeps the space after the repeated text', () => {
    const rules = { link: { split: 'allow-split' as const } };
    const markdown =
      'See [the full and very long guide to everything about llamas and alpacas](https://example.com/g) now please read it.';
    const plain = chunkdown({ chunkSize: 30, rules }).splitText(markdown);
    const overlapped = chunkdown({ chunkSize: 30, overlap: 20, rules }).splitText(markdown);
    // The chunks that are pieces of the link start with the link, as without overlap.
    expect(overlapped.slice(1, 3)).toEqual(plain.slice(1, 3));
    // Repeated text and a link after it stay apart (`Mac` and `https://…` would run together
    // into `Machttps://…`, no longer a link), and no link runs into the text after it.
    const lines =
      'Downloads, one per platform:\nWindows https://example.org/node.msi\nMac https://example.org/node.pkg\nLinux https://example.org/node.tar.gz';
    const urls = ['msi', 'pkg', 'tar.gz'].map((end) => `https://example.org/node.${end}`);
    const linked = pairs(lines, { chunkSize: 40, overlap: 30 });
    for (const [, next] of linked) {
      for (const url of next.text.match(/https:\S+/g) ?? []) expect(urls).toContain(url);
    }
    expect(linked.map(([, next]) => next.text)).toContain(
      'Mac https://example.org/node.pkg\nLinux',
    );
  });

  test('never repeats the whole of a chunk that has no overlap of its own', () => {
    const chunks = chunkdown({ chunkSize: 3, overlap: 2 }).splitText('* one\n* two');
    expect(chunks).toEqual(['* one', '* two']);
  });

  test('counts in the raw size cap', () => {
    for (const chunk of chunkdown({ chunkSize: 120, overlap: 60, maxRawSize: 130 }).splitText(
      prose,
    )) {
      expect(chunk.length).toBeLessThanOrEqual(130);
    }
  });
});

describe('overlap on real documents', () => {
  test('keeps every invariant, and never crosses a section boundary', () => {
    const failures: string[] = [];
    for (const document of realDocuments().filter((_, index) => index % 3 === 0)) {
      for (const chunkSize of [100, 500]) {
        const options = { chunkSize, maxOverflowRatio: 1.5, overlap: Math.round(chunkSize * 0.15) };
        const { problems } = findProblems(document.text, options, { repeat: false });
        for (const problem of problems)
          failures.push(`${document.name} ${chunkSize}: ${problem.message}`);
      }
    }
    expect(failures).toEqual([]);
  }, 600_000);
});

describe('minChunkSize', () => {
  // B cannot share a chunk with A or C within the chunk size, so the packer leaves it alone.
  const markdown = `## A\n\n${'A paragraph with enough words to be a chunk of its own. '.repeat(3)}Yes.\n\n## B\n\nTiny.\n\n## C\n\n${'Another paragraph with enough words to be a chunk too. '.repeat(3)}Yes.`;

  test('merges a small chunk into a neighbour when the merge fits', () => {
    const without = chunkdown({ chunkSize: 175, maxOverflowRatio: 1.2 }).split(markdown).chunks;
    expect(without.some((chunk) => chunk.contentSize < 20)).toBe(true);
    const merged = checkInvariants(markdown, {
      chunkSize: 175,
      maxOverflowRatio: 1.2,
      minChunkSize: 20,
    }).chunks;
    expect(merged.length).toBe(without.length - 1);
    expect(merged.every((chunk) => chunk.contentSize >= 20)).toBe(true);
    expect(merged.every((chunk) => chunk.contentSize <= 175 * 1.2)).toBe(true);
  });

  test('merges before the overlap is added: overlap neither stops nor makes a merge', () => {
    const options = { chunkSize: 175, maxOverflowRatio: 1.2, minChunkSize: 20 };
    const merged = chunkdown(options).split(markdown).chunks;
    const overlapped = checkInvariants(markdown, { ...options, overlap: 30 }).chunks;
    expect(overlapped.length).toBe(merged.length);
    overlapped.forEach((chunk, index) => {
      expect(chunk.text.endsWith((merged[index] as Chunk).text.slice(-20))).toBe(true);
    });
  });

  test('leaves a small chunk alone when no merge fits', () => {
    const chunks = chunkdown({ chunkSize: 175, minChunkSize: 20 }).split(markdown).chunks;
    expect(chunks.some((chunk) => chunk.contentSize < 20)).toBe(true);
    expect(chunks.every((chunk) => chunk.contentSize <= 175)).toBe(true);
  });
});
