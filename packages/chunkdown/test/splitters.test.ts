import { describe, expect, test } from 'vitest';
import { chunkdown } from '../src/index.js';
import { checkInvariants, hasOpenFence } from './helpers/invariants.js';

const split = (markdown: string, options: Parameters<typeof chunkdown>[0]) =>
  chunkdown(options).splitText(markdown);

describe('inline text', () => {
  test('cuts at sentences first, not at abbreviations, decimals, versions or file names', () => {
    const text =
      'We shipped v1.2.0 of the U.S.A. edition, e.g. the one in index.ts, at 3.14 times the speed. ' +
      'Then we rested for a while and wrote the changelog entry. Finally everybody went home.';
    const chunks = split(text, { chunkSize: 100 });
    expect(chunks[0]).toBe(
      'We shipped v1.2.0 of the U.S.A. edition, e.g. the one in index.ts, at 3.14 times the speed.',
    );
    expect(chunks.slice(1).join(' ')).toBe(
      'Then we rested for a while and wrote the changelog entry. Finally everybody went home.',
    );
  });

  test('prefers clauses, then commas, then words', () => {
    const clause =
      'The first part of this long sentence runs on; the second part follows it closely';
    expect(split(clause, { chunkSize: 50 })).toEqual([
      'The first part of this long sentence runs on;',
      'the second part follows it closely',
    ]);
    const comma = 'Apples and pears and plums, cherries and grapes and lemons';
    expect(split(comma, { chunkSize: 35 })).toEqual([
      'Apples and pears and plums,',
      'cherries and grapes and lemons',
    ]);
  });

  test('balances pieces so the last one is not a fragment', () => {
    const words = Array.from({ length: 50 }, (_, index) => `word${index}`).join(' ');
    const sizes = split(words, { chunkSize: 120 }).map((chunk) => chunk.length);
    expect(sizes.length).toBe(Math.ceil(words.length / 120));
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThan(25);
  });

  test('never cuts a word, a link, an image or inline code', () => {
    const text =
      'See [the complete reference manual](https://example.com/manual) and `someLongFunctionName()` and ![a diagram of it](d.png) now';
    for (const chunk of split(text, { chunkSize: 10 })) {
      expect(chunk).toMatch(
        /^(\S+|\[the complete reference manual\]\(https:\/\/example.com\/manual\)|`someLongFunctionName\(\)`|!\[a diagram of it\]\(d.png\))( \S+)*$/,
      );
    }
    expect(split(text, { chunkSize: 10 })).toContain(
      '[the complete reference manual](https://example.com/manual)',
    );
  });

  test('re-wraps formatting on both sides of a cut', () => {
    const chunks = split('Some ***very important and really long emphasised words*** end here.', {
      chunkSize: 25,
    });
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect((chunk.match(/\*/g) ?? []).length % 2).toBe(0);
    expect(chunks.join(' ')).toContain('***very important');
  });

  test('splits text without spaces at words (Intl.Segmenter)', () => {
    const chinese = '我们今天去公园散步然后在湖边吃了午饭大家都很高兴';
    const chunks = split(chinese, { chunkSize: 10 });
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks.join('')).toBe(chinese);
    for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(10);
  });

  test('cuts after Chinese and Japanese full stops first', () => {
    const japanese = '今日は晴れです。明日は雨が降るでしょう。';
    expect(split(japanese, { chunkSize: 12 })).toEqual([
      '今日は晴れです。',
      '明日は雨が降るでしょう。',
    ]);
  });

  test('a word longer than the limit stays whole unless the word rule allows splitting', () => {
    const long = `short ${'x'.repeat(40)} tail`;
    expect(split(long, { chunkSize: 10 })).toContain('x'.repeat(40));
    const allowed = split(long, { chunkSize: 10, rules: { word: { split: 'allow-split' } } });
    for (const chunk of allowed) expect(chunk.length).toBeLessThanOrEqual(10);
    expect(allowed.join('')).toContain('x'.repeat(10));
  });

  test('the overflow of a whole word is explained', () => {
    const [chunk] = chunkdown({ chunkSize: 5 }).split('abcdefghijkl').chunks;
    expect(chunk?.overflow).toEqual({ reason: 'word', nodeType: 'text', size: 12 });
    const [link] = chunkdown({ chunkSize: 5 }).split('[a long link text](u)').chunks;
    expect(link?.overflow).toEqual({ reason: 'never-split', nodeType: 'link', size: 16 });
  });

  test('hard breaks are boundaries and never end a chunk', () => {
    const chunks = split('First line of the address  \nSecond line of the address  \nThird line', {
      chunkSize: 30,
    });
    expect(chunks).toEqual([
      'First line of the address',
      'Second line of the address',
      'Third line',
    ]);
  });
});

describe('sections', () => {
  test('a heading stays with the start of its content', () => {
    const markdown = `# Title\n\n## Part\n\n${'Some words in a sentence. '.repeat(20)}`;
    for (const chunk of split(markdown, { chunkSize: 100 }))
      expect(chunk).not.toMatch(/^(#+ .*\n*)+$/);
  });

  test('small sibling sections share a chunk; a section that does not fit starts a new one', () => {
    const markdown = `## A\n\nalpha text\n\n## B\n\nbeta text\n\n## C\n\n${'gamma words go here. '.repeat(6)}`;
    const chunks = split(markdown, { chunkSize: 130 });
    expect(chunks[0]).toBe('## A\n\nalpha text\n\n## B\n\nbeta text');
    expect(chunks[1]?.startsWith('## C')).toBe(true);
  });

  test('thematic breaks are boundaries, never alone and never at an edge', () => {
    const markdown = `${'One two three four. '.repeat(3)}\n\n---\n\n${'Five six seven eight. '.repeat(3)}\n\n***\n\nEnd.`;
    const chunks = split(markdown, { chunkSize: 70 });
    for (const chunk of chunks) {
      expect(chunk.startsWith('***')).toBe(false);
      expect(chunk.endsWith('***')).toBe(false);
    }
    expect(split(markdown, { chunkSize: 1000 })).toEqual([
      `${'One two three four. '.repeat(3).trim()}\n\n***\n\n${'Five six seven eight. '.repeat(3).trim()}\n\n***\n\nEnd.`,
    ]);
  });

  test('headings with nothing after them join the previous chunk', () => {
    expect(
      split(`Some text that fills a chunk.\n\n## Empty at the end`, { chunkSize: 30 }),
    ).toEqual(['Some text that fills a chunk.\n\n## Empty at the end']);
  });
});

describe('containers', () => {
  const table = [
    '| Key | Value | Note |',
    '| :-- | --: | :-: |',
    ...Array.from(
      { length: 12 },
      (_, index) => `| k${index} | ${index * 10} | note number ${index} |`,
    ),
  ].join('\n');

  test('a split table repeats its header and alignment and never splits a row', () => {
    const chunks = split(table, { chunkSize: 60 });
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      const lines = chunk.split('\n');
      expect(lines[0]).toBe('| Key | Value | Note |');
      expect(lines[1]).toBe('| :- | -: | :-: |');
      for (const row of lines.slice(2))
        expect(row).toMatch(/^\| k\d+ \| \d+ \| note number \d+ \|$/);
    }
    checkInvariants(table, { chunkSize: 60 });
  });

  test('a row too wide for any chunk is split into column groups repeating the key column', () => {
    const wide = `| id | description | details |\n| - | - | - |\n| r1 | ${'alpha '.repeat(8).trim()} | ${'beta '.repeat(8).trim()} |`;
    const chunks = split(wide, { chunkSize: 50 });
    expect(chunks).toEqual([
      `| id | description |\n| - | - |\n| r1 | ${'alpha '.repeat(8).trim()} |`,
      `| id | details |\n| - | - |\n| r1 | ${'beta '.repeat(8).trim()} |`,
    ]);
  });

  test('a cell too long for any chunk is split into rows after the key cell', () => {
    const long = `| id | text |\n| - | - |\n| r1 | ${'This is a sentence in a cell. '.repeat(6).trim()} |`;
    const chunks = split(long, { chunkSize: 70 });
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks)
      expect(chunk).toMatch(/^\| id \| text \|\n\| - \| - \|\n\| r1 \| This is/);
  });

  test('a table with only a header row is kept', () => {
    expect(split('Intro.\n\n| a | b |\n| - | - |', { chunkSize: 50 })).toEqual([
      'Intro.\n\n| a | b |\n| - | - |',
    ]);
  });

  test('a split ordered list keeps its numbering and nesting', () => {
    const list = Array.from(
      { length: 8 },
      (_, index) =>
        `${index + 3}. item number ${index + 3} with words\n${' '.repeat(String(index + 3).length + 2)}* nested ${index}`,
    ).join('\n');
    const chunks = split(list, { chunkSize: 70 });
    expect(chunks.length).toBeGreaterThan(2);
    let expected = 3;
    for (const chunk of chunks) {
      for (const match of chunk.matchAll(/^(\d+)\. item number (\d+)/gm)) {
        expect(Number(match[1])).toBe(expected);
        expect(Number(match[2])).toBe(expected);
        expected++;
      }
      expect(chunk).toMatch(/^\d+\. item/);
      expect(chunk).toMatch(/\n {3,4}\* nested \d/);
    }
    expect(expected).toBe(11);
  });

  test('a split block quote keeps its marker, and an alert its type', () => {
    const quote = `> [!WARNING]\n> ${'Be careful with this setting. '.repeat(3).trim()}\n>\n> ${'It can delete your data. '.repeat(3).trim()}`;
    const chunks = split(quote, { chunkSize: 80 });
    expect(chunks.length).toBe(3);
    for (const chunk of chunks) {
      expect(chunk.startsWith('> [!WARNING]\n> ')).toBe(true);
      for (const line of chunk.split('\n')) expect(line.startsWith('>')).toBe(true);
    }
  });

  test('a split code block keeps its fence and language in every piece, cut at blank lines first', () => {
    const code = [
      '```ts title="x.ts"',
      'function one() {',
      '  return 1;',
      '}',
      '',
      'function two() {',
      '  return 2;',
      '}',
      '',
      'function three() {',
      '  return 3;',
      '}',
      '```',
    ].join('\n');
    const chunks = split(code, { chunkSize: 40 });
    expect(chunks).toEqual([
      '```ts title="x.ts"\nfunction one() {\n  return 1;\n}\n```',
      '```ts title="x.ts"\nfunction two() {\n  return 2;\n}\n```',
      '```ts title="x.ts"\nfunction three() {\n  return 3;\n}\n```',
    ]);
  });

  test('code that holds fences gets a fence longer than any line that could close it', () => {
    const code = '````md\n```js\nconsole.log(1)\n```\n\n```js\nconsole.log(2)\n```\n````';
    const chunks = split(code, { chunkSize: 20 });
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      // A piece that holds a line that could close a fence gets four backticks, else three.
      const inner = chunk.split('\n').slice(1, -1);
      const closing = inner.some((line) => /^`{3,}\s*$/.test(line));
      expect(chunk.startsWith(closing ? '````md\n' : '```md\n')).toBe(true);
      expect(hasOpenFence(chunk)).toBe(false);
    }
  });

  test('rules keep containers whole', () => {
    const list = Array.from({ length: 6 }, (_, index) => `* item ${index} has a few words`).join(
      '\n',
    );
    expect(split(list, { chunkSize: 40, rules: { list: { split: 'never-split' } } })).toHaveLength(
      1,
    );
    expect(
      split(list, { chunkSize: 40, rules: { list: { split: { rule: 'size-split', size: 500 } } } }),
    ).toHaveLength(1);
    expect(
      split(list, { chunkSize: 40, rules: { list: { split: { rule: 'size-split', size: 50 } } } })
        .length,
    ).toBeGreaterThan(1);
    const code = '```\nline one\nline two\nline three\n```';
    expect(split(code, { chunkSize: 10, rules: { code: { split: 'never-split' } } })).toHaveLength(
      1,
    );
  });
});

describe('references and footnotes', () => {
  test('the first definition of a label wins, labels match case-insensitively, nested ones count', () => {
    const markdown =
      'See [Docs] and [other][NESTED].\n\n[docs]: https://first.example\n[DOCS]: https://second.example\n\n> [nested]: https://nested.example';
    expect(split(markdown, { chunkSize: 200 })).toEqual([
      'See [Docs](https://first.example) and [other](https://nested.example).',
    ]);
  });

  test('preserved references carry their definitions into every chunk that uses them', () => {
    const markdown = `${'Read [the guide][g] first. '.repeat(4)}\n\n${'Then [the api][a] later. '.repeat(4)}\n\n[g]: https://g.example\n[a]: https://a.example`;
    const chunks = split(markdown, { chunkSize: 60, rules: { link: { style: 'preserve' } } });
    const usesGuide = chunks.filter((chunk) => chunk.includes('[the guide][g]'));
    const usesApi = chunks.filter((chunk) => chunk.includes('[the api][a]'));
    // Each paragraph is split in two, and every piece keeps the reference it uses.
    expect(usesGuide).toHaveLength(2);
    expect(usesApi).toHaveLength(2);
    for (const chunk of usesGuide) expect(chunk).toMatch(/\n\n\[g\]: https:\/\/g\.example$/);
    for (const chunk of usesApi) expect(chunk).toMatch(/\n\n\[a\]: https:\/\/a\.example$/);
    // A chunk carries only the definitions it uses.
    expect(chunks.filter((chunk) => chunk.includes('[g]:') && chunk.includes('[a]:'))).toEqual([]);
  });

  test('footnote references are kept as written', () => {
    const markdown =
      'A claim[^1] and another[^note].\n\n[^1]: The source.\n[^note]: Another source.';
    const [chunk] = split(markdown, { chunkSize: 200 });
    expect(chunk).toContain('A claim[^1] and another[^note].');
    expect(chunk).toContain('[^1]: The source.');
  });
});

describe('serialization', () => {
  test('normalizes markers', () => {
    expect(
      split('Some __bold__ and _italic_ text\n\n- a\n- b\n\n___\n\nSetext\n======\n\nx', {
        chunkSize: 500,
      }),
    ).toEqual(['Some **bold** and *italic* text\n\n* a\n* b\n\n***\n\n# Setext\n\nx']);
  });

  test('adds no escapes that the source did not need', () => {
    const markdown =
      'Compute 2 * 3 * 4 and a ** b, see [1] and [x] or a_b_c, 50% off & <not a tag.';
    expect(split(markdown, { chunkSize: 500 })).toEqual([markdown]);
  });

  test('keeps the escapes the source needed', () => {
    const markdown = 'Literal \\*stars\\* and \\[brackets\\](not a link) and \\# here.';
    // Text that had escapes keeps the serializer's (conservative) escapes: unescaping one
    // character next to another the source escaped could form a construct.
    expect(split(markdown, { chunkSize: 500 })).toEqual([
      'Literal \\*stars\\* and \\[brackets]\\(not a link) and # here.',
    ]);
  });

  test('an escape removed next to another that stays cannot form a link', () => {
    // CommonMark example 41: `&quot;` kept this from being a link; decoding it must not make one.
    expect(split('[a](url &quot;tit&quot;)', { chunkSize: 500 })).toEqual(['\\[a]\\(url "tit")']);
  });

  test('escapes what a cut puts in a new context', () => {
    const markdown =
      'The first sentence of this paragraph ends here. 1. Then a sentence that starts with a number.';
    const chunks = split(markdown, { chunkSize: 50 });
    expect(chunks[1]).toBe('1\\. Then a sentence that starts with a number.');
  });
});

describe('front matter', () => {
  test('YAML and TOML front matter is returned as data and never becomes chunk text', () => {
    const yaml = chunkdown({ chunkSize: 100 }).split(
      '---\ntitle: Hello\ntags: [a, b]\n---\n\n# Doc\n\nBody.',
    );
    expect(yaml.frontmatter).toEqual({
      format: 'yaml',
      raw: 'title: Hello\ntags: [a, b]',
      data: { title: 'Hello', tags: ['a', 'b'] },
    });
    expect(yaml.chunks.map((chunk) => chunk.text)).toEqual(['# Doc\n\nBody.']);
    const toml = chunkdown({ chunkSize: 100 }).split('+++\ntitle = "Hi"\n+++\nBody.');
    expect(toml.frontmatter?.data).toEqual({ title: 'Hi' });
    expect(toml.chunks.map((chunk) => chunk.text)).toEqual(['Body.']);
  });

  test('YAML closed by ... is front matter; a thematic break at the top is not', () => {
    expect(
      chunkdown({ chunkSize: 100 }).split('---\ntitle: x\n...\n\nBody.').frontmatter?.data,
    ).toEqual({ title: 'x' });
    const notFrontmatter = chunkdown({ chunkSize: 100 }).split(
      '---\nJust a paragraph\n---\n\nBody.',
    );
    expect(notFrontmatter.frontmatter).toBeUndefined();
    // A thematic break is a boundary and never opens a chunk; the setext heading stays.
    expect(notFrontmatter.chunks.map((chunk) => chunk.text)).toEqual([
      '## Just a paragraph\n\nBody.',
    ]);
  });
});

describe('regressions found on real documents', () => {
  test('a long run of empty headings is split, never over the limit', () => {
    const markdown = Array.from({ length: 40 }, (_, index) => `## 1.${index}.0`).join('\n\n');
    const { chunks } = chunkdown({ chunkSize: 100 }).split(markdown);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.contentSize).toBeLessThanOrEqual(100);
      expect(chunk.overflow).toBeNull();
    }
  });

  test('a small block that could share no chunk with the next one joins the previous', () => {
    const sentences = (count: number) =>
      Array.from({ length: count }, (_, index) => `Sentence ${index} ${'y'.repeat(47)}.`).join(' ');
    const markdown = [
      '### Title',
      sentences(6),
      '<div>',
      `\`\`\`rust\n${'x'.repeat(80)}\n\`\`\``,
      '</div>',
      sentences(11),
      sentences(11),
    ].join('\n\n');
    const sizes = chunkdown({ chunkSize: 500, maxOverflowRatio: 1.5 })
      .split(markdown)
      .chunks.map((chunk) => chunk.contentSize);
    expect(Math.min(...sizes)).toBeGreaterThan(50);
  });

  test('a full stop before a lowercase word still beats a comma', () => {
    const paragraph =
      'Retrieval works only as well as the chunks you index. A chunk that starts in the middle of a sentence, holds half a table or leaves a fence open is hard to embed and confusing to read. chunkdown splits markdown along its structure so that every chunk is valid markdown on its own.';
    const [first] = split(paragraph, { chunkSize: 200 });
    expect(first?.endsWith('confusing to read.')).toBe(true);
  });

  test('a short paragraph ending with a colon stays with the block it introduces', () => {
    const markdown = `${'Some context sentence here. '.repeat(12).trim()}\n\nRun this command:\n\n\`\`\`sh\n${'echo step\n'.repeat(30).trim()}\n\`\`\``;
    const chunks = split(markdown, { chunkSize: 400, maxOverflowRatio: 1.5 });
    expect(chunks.some((chunk) => chunk.startsWith('Run this command:\n\n```sh'))).toBe(true);
  });
});

describe('regressions found by the adapters', () => {
  test('CRLF line endings split like LF ones', () => {
    const lf = '# One\n\nFirst line here.\nSecond line. Third line here.';
    const crlf = lf.replace(/\n/g, '\r\n');
    expect(split(crlf, { chunkSize: 20 }).map((chunk) => chunk.replace(/\r/g, ''))).toEqual(
      split(lf, { chunkSize: 20 }),
    );
  });

  test('literal autolinks stay as written and their pieces have exact offsets', () => {
    const markdown = `By: ${'Some Name, '.repeat(12)}done\nRepository: git+ssh://git@github.com/owner/repo.git and www.example.com`;
    const { chunks } = chunkdown({ chunkSize: 60 }).split(markdown);
    expect(chunks.map((chunk) => chunk.text).join(' ')).toContain(
      'git+ssh://git@github.com/owner/repo.git and www.example.com',
    );
    for (const chunk of chunks) {
      expect(markdown.slice(chunk.start, chunk.end).replace(/\s+/g, ' ')).toBe(
        chunk.text.replace(/\s+/g, ' '),
      );
    }
  });
});
