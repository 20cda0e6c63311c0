import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  type Chunkdown,
  type ChunkdownOptions,
  chunkdown,
  type SplitResult,
} from '../src/index.js';
import { auto } from '../src/syntax.js';
import { full, installedMarkdown } from './helpers/corpus.js';
import { docsPage, mdxPage } from './helpers/dialect-pages.js';

/**
 * `update` (issue 26): its result is a fresh split of the new text, and its change set the
 * difference of the id sets, over random edit sequences on documents large enough to be parsed
 * in segments (where the parse and the renderings of untouched segments are reused) and small.
 */

/** Real documents joined into one of at least `size` characters, from the `start`-th on. */
function joined(size: number, start: number): string {
  const documents = installedMarkdown().filter((document) => !document.text.startsWith('---'));
  const parts: string[] = [];
  let length = 0;
  for (let index = start; length < size; index++) {
    const { text } = documents[index % documents.length] as { text: string };
    parts.push(text.trim());
    length += text.length;
  }
  return `${parts.join('\n\n')}\n`;
}

/** An edit of a document, made from random numbers. */
type Edit = (text: string) => string;

const at = (text: string, fraction: number) => Math.floor(fraction * text.length);
/** The start of the line that holds `offset`. */
const lineStart = (text: string, offset: number) => text.lastIndexOf('\n', offset - 1) + 1;

const insertSentence = fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.nat(99)).map(
  ([where, n]): Edit =>
    (text) => {
      const stop = text.indexOf('. ', at(text, where));
      const offset = stop === -1 ? text.length : stop + 2;
      return `${text.slice(0, offset)}An inserted sentence number ${n}. ${text.slice(offset)}`;
    },
);
const deleteRange = fc
  .tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 400 }))
  .map(
    ([where, length]): Edit =>
      (text) => {
        const start = at(text, where);
        return text.slice(0, start) + text.slice(start + length);
      },
  );
const replaceWord = fc
  .tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom('changed', '**bold**', '`x`'))
  .map(
    ([where, word]): Edit =>
      (text) => {
        const match = /\b[a-z]{4,}\b/.exec(text.slice(at(text, where)));
        if (!match) return `${text}\n\n${word}\n`;
        const start = at(text, where) + match.index;
        return text.slice(0, start) + word + text.slice(start + match[0].length);
      },
  );
const insertBlock = fc
  .tuple(
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.constantFrom(
      '## A new heading\n\nWith a paragraph under it.',
      '```js\nconst inserted = true;\n```',
      '- one\n- two\n- three',
      '| a | b |\n| - | - |\n| 1 | 2 |',
      '> A quote.',
      '<div>\n\nhtml\n\n</div>',
      '```\nan open fence',
    ),
  )
  .map(
    ([where, block]): Edit =>
      (text) => {
        const start = lineStart(text, at(text, where));
        return `${text.slice(0, start)}${block}\n\n${text.slice(start)}`;
      },
  );
/** Move the section under one heading in front of another heading. */
const moveSection = fc.tuple(fc.nat(), fc.nat()).map(
  ([from, to]): Edit =>
    (text) => {
      const starts = [...text.matchAll(/^#{1,6} /gm)].map((match) => match.index);
      if (starts.length < 3) return text;
      const index = from % (starts.length - 1);
      const start = starts[index] as number;
      const end = starts[index + 1] as number;
      const section = text.slice(start, end);
      const rest = text.slice(0, start) + text.slice(end);
      const targets = [...rest.matchAll(/^#{1,6} /gm)].map((match) => match.index);
      const target = targets[to % targets.length] as number;
      return rest.slice(0, target) + section + rest.slice(target);
    },
);
/** Add, change or remove front matter. */
const editFrontmatter = fc.nat(99).map(
  (n): Edit =>
    (text) => {
      const match = /^---\n[\s\S]*?\n---\n/.exec(text);
      if (match && n % 3 === 0) return text.slice(match[0].length);
      const rest = match ? text.slice(match[0].length) : text;
      return `---\ntitle: Edited ${n}\ntags: [a, b]\n---\n${rest}`;
    },
);
/**
 * A reference link near the start whose definition is at the end: add both, change the
 * definition's URL, or drop the definition (the link then reads as text).
 */
const editDefinition = fc.nat(99).map(
  (n): Edit =>
    (text) => {
      const definition = /^\[far-away\]: \S+$/m.exec(text);
      if (definition && n % 3 === 0) {
        return (
          text.slice(0, definition.index) + text.slice(definition.index + definition[0].length)
        );
      }
      if (definition) {
        return `${text.slice(0, definition.index)}[far-away]: https://example.com/${n}${text.slice(definition.index + definition[0].length)}`;
      }
      const start = lineStart(text, Math.min(text.length, 200));
      const linked = `${text.slice(0, start)}A [far away link][far-away] here.\n\n${text.slice(start)}`;
      return `${linked}\n[far-away]: https://example.com/${n}\n`;
    },
);
/** Repeat a paragraph right after itself: the same text under the same headings twice. */
const duplicateParagraph = fc.double({ min: 0, max: 1, noNaN: true }).map(
  (where): Edit =>
    (text) => {
      const start = text.indexOf('\n\n', at(text, where));
      if (start === -1) return text;
      const end = text.indexOf('\n\n', start + 2);
      if (end === -1) return text;
      const paragraph = text.slice(start + 2, end);
      return `${text.slice(0, end)}\n\n${paragraph}${text.slice(end)}`;
    },
);

/**
 * Insert a docs-dialect construct at a line start: a closed container, display math, an opener
 * left open (a container to the end, or MDX that no longer parses), an admonition.
 */
const insertDialect = fc
  .tuple(
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.constantFrom(
      ':::note\n\nAn inserted note.\n\n:::',
      '::: tip Inserted\n\nA tip.\n\n:::',
      '$$\nx = 1\n\ny = 2\n$$',
      ':::warning',
      '<Tabs>',
      '!!! note "Inserted"\n\n    An admonition.',
    ),
  )
  .map(
    ([where, block]): Edit =>
      (text) => {
        const start = text.indexOf('\n\n', at(text, where));
        if (start === -1) return `${text}\n\n${block}\n`;
        return `${text.slice(0, start)}\n\n${block}${text.slice(start)}`;
      },
  );

const edit = fc.oneof(
  { weight: 3, arbitrary: insertSentence },
  { weight: 2, arbitrary: deleteRange },
  { weight: 2, arbitrary: replaceWord },
  { weight: 2, arbitrary: insertBlock },
  { weight: 1, arbitrary: moveSection },
  { weight: 1, arbitrary: editFrontmatter },
  { weight: 2, arbitrary: editDefinition },
  { weight: 1, arbitrary: duplicateParagraph },
);

/** Check one update against a fresh split and the id sets. */
function expectUpdate(splitter: Chunkdown, fresh: Chunkdown, previous: SplitResult, text: string) {
  const updated = splitter.update(previous, text);
  const { changes, ...result } = updated;
  expect(result).toEqual(fresh.split(text));
  const before = new Set(previous.chunks.map((chunk) => chunk.id));
  const after = result.chunks.map((chunk) => chunk.id);
  // Ids are distinct, repeats included.
  expect(new Set(after).size).toBe(after.length);
  expect(changes.added.map((chunk) => chunk.id)).toEqual(after.filter((id) => !before.has(id)));
  expect(changes.added).toEqual(result.chunks.filter((chunk) => !before.has(chunk.id)));
  expect(changes.kept).toEqual(after.filter((id) => before.has(id)));
  expect(changes.removed).toEqual([...before].filter((id) => !after.includes(id)));
  return updated;
}

const optionSets: ChunkdownOptions[] = [
  { chunkSize: 500 },
  { chunkSize: 300, maxOverflowRatio: 1, context: true, overlap: 60 },
  { chunkSize: 400, maxRawSize: 700, rules: { link: { style: 'preserve' } } },
  { chunkSize: 500, minChunkSize: 100, syntax: auto() },
];

describe('update', () => {
  const large = joined(full ? 400_000 : 90_000, 3);
  const small = joined(6_000, 11);
  // Docs-site pages between real documents, and MDX pages between generated prose: large
  // enough to be read with dialects in segments.
  const prose = (n: number) =>
    Array.from(
      { length: 200 },
      (_, k) =>
        `## Section ${n}.${k}\n\nA paragraph about part ${k} of page ${n}. It has two sentences.\n`,
    ).join('\n');
  const dialectDocuments = [
    {
      text: Array.from(
        { length: full ? 16 : 5 },
        (_, n) => `${docsPage(n)}\n${joined(16_000, 20 + n)}`,
      ).join('\n'),
      syntax: ['directive', 'math', 'mkdocs'],
    },
    {
      text: Array.from({ length: full ? 16 : 5 }, (_, n) => `${mdxPage(n)}\n${prose(n)}`).join(
        '\n',
      ),
      syntax: ['mdx', 'directive'],
    },
  ];

  test.each(dialectDocuments)(
    'equals a fresh split over random edit sequences with the docs dialects (auto): $syntax',
    ({ text: document, syntax }) => {
      const dialectEdit = fc.oneof(
        { weight: 2, arbitrary: edit },
        { weight: 1, arbitrary: insertDialect },
      );
      fc.assert(
        fc.property(fc.array(dialectEdit, { minLength: 1, maxLength: full ? 10 : 4 }), (edits) => {
          const options = { chunkSize: 500, syntax: auto() };
          const splitter = chunkdown(options);
          const fresh = chunkdown(options);
          let previous: SplitResult = splitter.split(document);
          expect(previous.syntax).toEqual(syntax);
          let text = document;
          for (const change of edits) {
            text = change(text);
            previous = expectUpdate(splitter, fresh, previous, text);
          }
        }),
        { numRuns: full ? 12 : 3, seed: 2601 },
      );
    },
    600_000,
  );

  for (const [index, options] of optionSets.entries()) {
    test(`equals a fresh split over random edit sequences with ${JSON.stringify(options).slice(0, 90)}`, () => {
      const document = index % 2 === 0 ? large : small;
      fc.assert(
        fc.property(fc.array(edit, { minLength: 1, maxLength: full ? 10 : 4 }), (edits) => {
          const splitter = chunkdown(options);
          const fresh = chunkdown(options);
          let previous: SplitResult = splitter.split(document);
          let text = document;
          for (const change of edits) {
            text = change(text);
            previous = expectUpdate(splitter, fresh, previous, text);
          }
        }),
        { numRuns: full ? 12 : 2, seed: 26 + index },
      );
    }, 600_000);
  }

  test('a definition far from the link that uses it: added, changed, dropped, added again', () => {
    for (const options of [
      { chunkSize: 500 },
      { chunkSize: 400, rules: { link: { style: 'preserve' as const } } },
    ]) {
      const splitter = chunkdown(options);
      const fresh = chunkdown(options);
      const link = large.indexOf('\n\n', 300) + 2;
      const versions = [
        `${large.slice(0, link)}See [the far link][far-away].\n\n${large.slice(link)}`,
        `${large.slice(0, link)}See [the far link][far-away].\n\n${large.slice(link)}\n[far-away]: https://example.com/one\n`,
        `${large.slice(0, link)}See [the far link][far-away].\n\n${large.slice(link)}\n[far-away]: https://example.com/two\n`,
        `${large.slice(0, link)}See [the far link][far-away].\n\n${large.slice(link)}`,
        `${large.slice(0, link)}See [the far link][far-away].\n\n${large.slice(link)}\n[far-away]: https://example.com/two "Titled"\n`,
      ];
      let previous = splitter.split(versions[0] as string);
      for (const version of versions.slice(1)) {
        previous = expectUpdate(splitter, fresh, previous, version);
        const chunk = previous.chunks.find((each) => each.text.includes('See [the far link]'));
        expect(chunk).toBeDefined();
      }
    }
  });

  // Found by bench:incremental: a block normalize copies (it resolves a reference) was reused
  // with the position its copy had before the edit above it moved its segment.
  test('a block with a resolved reference, in a segment an edit before it moves', () => {
    const splitter = chunkdown({ chunkSize: 500 });
    const fresh = chunkdown({ chunkSize: 500 });
    const middle = large.indexOf('\n\n', large.length >> 1) + 2;
    const text = `${large.slice(0, middle)}See [the far link][far-away] and more.\n\n${large.slice(middle)}\n[far-away]: https://example.com/far\n`;
    const previous = splitter.split(text);
    const updated = expectUpdate(splitter, fresh, previous, `An inserted first line.\n\n${text}`);
    const chunk = updated.chunks.find((each) => each.text.includes('See [the far link]'));
    expect(chunk && updated.chunks.length).toBeTruthy();
  });

  test('an edit that turns single-dollar math on or off reuses no segment read the other way', () => {
    // Math reads `$x$` only in a page that shows TeX between single dollars: a segment the edit
    // did not touch must be read again when the edit changes that.
    const options = { chunkSize: 500, syntax: auto() };
    const splitter = chunkdown(options);
    const fresh = chunkdown(options);
    const before = `Let $x$ be a point.\n\n$$\nx = 1\n$$\n\n${large}`;
    const first = splitter.split(before);
    expect(first.syntax).toEqual(['math']);
    expect(first.chunks[0]?.text).toContain('Let $x$ be');
    const after = `${before}\n\nAnd $y^2$ too.\n`;
    const second = expectUpdate(splitter, fresh, first, after);
    expect(second.chunks[0]?.text).toContain('Let $x$ be');
    expectUpdate(splitter, fresh, second, before);
  });

  test('updates a large document from one result many times, and from each result in turn', () => {
    const splitter = chunkdown({ chunkSize: 500 });
    const fresh = chunkdown({ chunkSize: 500 });
    const base = splitter.split(large);
    fc.assert(
      fc.property(edit, edit, (first, second) => {
        // From the same result again and again (what a benchmark of edits does)…
        const once = expectUpdate(splitter, fresh, base, first(large));
        // …and on from the result just made (typing).
        expectUpdate(splitter, fresh, once, second(first(large)));
      }),
      { numRuns: full ? 10 : 3, seed: 2601 },
    );
  }, 600_000);

  test('an unchanged document keeps every chunk', () => {
    const splitter = chunkdown({ chunkSize: 500 });
    const base = splitter.split(large);
    const { changes } = splitter.update(base, large);
    expect(changes.added).toEqual([]);
    expect(changes.removed).toEqual([]);
    expect(changes.kept).toEqual(base.chunks.map((chunk) => chunk.id));
  });

  test('a one-sentence edit changes few chunks and keeps the rest', () => {
    const splitter = chunkdown({ chunkSize: 500 });
    const base = splitter.split(large);
    const stop = large.indexOf('. ', large.length >> 1) + 2;
    const edited = `${large.slice(0, stop)}One more sentence. ${large.slice(stop)}`;
    const { changes } = splitter.update(base, edited);
    expect(changes.added.length).toBeGreaterThan(0);
    expect(changes.added.length).toBeLessThanOrEqual(3);
    expect(changes.removed.length).toBeLessThanOrEqual(3);
    expect(changes.kept.length).toBeGreaterThan(base.chunks.length - 4);
  });

  test('works from a result of another splitter, or one that went through JSON', () => {
    const options = { chunkSize: 25 };
    const text = '# A\n\nOne paragraph.\n\n# B\n\nAnother paragraph.';
    const edited = text.replace('Another', 'A changed');
    const earlier = chunkdown(options).split(text);
    const splitter = chunkdown(options);
    const fromJson = splitter.update(JSON.parse(JSON.stringify(earlier)), edited);
    const fromOther = splitter.update(earlier, edited);
    expect(fromJson).toEqual(fromOther);
    expect(fromOther.changes.kept).toEqual([earlier.chunks[0]?.id]);
    expect(fromOther.changes.removed).toEqual([earlier.chunks[1]?.id]);
    expect(fromOther.changes.added.map((chunk) => chunk.text)).toEqual([
      '# B\n\nA changed paragraph.',
    ]);
  });

  test('rejects what is no result, and markdown that is no string', () => {
    const splitter = chunkdown({ chunkSize: 200 });
    const result = splitter.split('Text.');
    for (const previous of [undefined, null, 'text', [], {}, { chunks: [{}] }]) {
      expect(() => splitter.update(previous as never, 'Text.')).toThrow(
        /update\(previous, markdown\).*earlier result of split\(\) or update\(\)/,
      );
    }
    expect(() => splitter.update(result, 42 as never)).toThrow(TypeError);
  });
});
