import type { Heading, Root } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';
import { describe, expect, test } from 'vitest';
import { type Chunk, chunkdown } from '../../src/index.js';
import { parse } from '../../src/parse/parse.js';
import { createMeasure } from '../../src/tree/measure.js';
import { findRecords, type Records } from '../../src/tree/records.js';
import { buildSections, type Section } from '../../src/tree/sections.js';
import { full, installedMarkdown } from '../helpers/corpus.js';
import { checkInvariants, parseMarkdown } from '../helpers/invariants.js';

/** SPEC §4 "Record lists": records are found from structure, and never mixed in part. */
const version =
  /^(?:(?:version|release)\s+)?\[?v?\d+\.\d+(?:\.\d+)*(?:[-+][0-9A-Za-z.-]+)?(?=$|[\s\])/:,–-])/i;

/**
 * Source ranges of the releases of a changelog: version headings up to the next heading of their
 * rank or above (`wide`: up to the next version heading or one above their rank, so that the
 * `### Bug Fixes` after a `### [1.0.1]` belongs to it).
 */
function releases(markdown: string, wide = false): Array<[number, number]> {
  const tree = parseMarkdown(markdown) as Root;
  const headings = tree.children.filter((node): node is Heading => node.type === 'heading');
  const ranges: Array<[number, number]> = [];
  headings.forEach((heading, index) => {
    if (!version.test(textOf(heading).trim())) return;
    const next = headings
      .slice(index + 1)
      .find(
        (other) =>
          (wide ? other.depth < heading.depth : other.depth <= heading.depth) ||
          version.test(textOf(other).trim()),
      );
    const start = heading.position?.start.offset ?? 0;
    const end = next?.position?.start.offset ?? markdown.length;
    ranges.push([start, end]);
  });
  return ranges;
}

/** Chunks that hold part of one release together with (part of) another. */
function mixed(markdown: string, chunkSize: number, wide = false): string[] {
  const { chunks } = chunkdown({ chunkSize, maxOverflowRatio: 1.5 }).split(markdown);
  return mixedIn(markdown, chunks, wide);
}

/** Which of the chunks of a changelog hold part of one release with (part of) another. */
function mixedIn(markdown: string, chunks: readonly Chunk[], wide = false): string[] {
  const found = releases(markdown, wide);
  // Definitions are no chunk text (their URLs go into the links that use them).
  const text = (a: number, b: number) =>
    markdown
      .slice(a, b)
      .replace(/^ {0,3}\[[^\]\n]+\]:[ \t]*\S.*$/gm, '')
      .replace(/\s+/g, '');
  const bad: string[] = [];
  for (const chunk of chunks) {
    const touched = found.filter(
      ([start, end]) => text(Math.max(start, chunk.start), Math.min(end, chunk.end)).length > 0,
    );
    if (touched.length < 2) continue;
    const partial = touched.some(
      ([start, end]) =>
        text(Math.max(start, chunk.start), Math.min(end, chunk.end)) !== text(start, end),
    );
    if (partial) bad.push(chunk.text.slice(0, 120));
  }
  return bad;
}

const changelog = [
  '# Changelog',
  '',
  'All notable changes to this project are documented here.',
  '',
  '## [2.0.0] - 2024-03-01',
  '',
  '### Features',
  '',
  ...Array.from(
    { length: 14 },
    (_, index) => `* A feature with a longer description, number ${index}.`,
  ),
  '',
  '### Bug fixes',
  '',
  '* A fix for the parser.',
  '',
  ...Array.from({ length: 8 }, (_, index) => [
    `## [1.${9 - index}.0] - 2024-0${(index % 9) + 1}-01`,
    '',
    `* One change in release 1.${9 - index}.0.`,
    '',
  ]).flat(),
].join('\n');

/** The records of a document, found directly. */
function recordsOf(markdown: string): Records {
  const tree = parse(markdown);
  return findRecords(
    buildSections(tree, markdown),
    tree,
    createMeasure((text) => text.length, true),
  );
}

const titleOf = (section: Section) => (section.heading ? textOf(section.heading) : '');

describe('findRecords', () => {
  test('a changelog: its releases are records and own the sections of their rank after them', () => {
    const markdown = [
      '# Changelog',
      '',
      '### [1.0.1] - 2024-02-01',
      '',
      '* A fix.',
      '',
      '### Bug Fixes',
      '',
      '* Another fix, of 1.0.1.',
      '',
      '### [1.0.0] - 2024-01-01',
      '',
      '* The first release, with a longer note than the others.',
    ].join('\n');
    const found = recordsOf(markdown);
    expect(found.kind).toBe('record-list');
    expect([...found.sections].map(titleOf)).toEqual([
      '[1.0.1] - 2024-02-01',
      '[1.0.0] - 2024-01-01',
    ]);
    const [title] = found.document.subsections;
    expect(title?.subsections.map(titleOf)).toEqual([
      '[1.0.1] - 2024-02-01',
      '[1.0.0] - 2024-01-01',
    ]);
    expect(title?.subsections[0]?.subsections.map(titleOf)).toEqual(['Bug Fixes']);
    // Trails are rebuilt for the new tree.
    expect(title?.subsections[0]?.subsections[0]?.trail.map((heading) => textOf(heading))).toEqual([
      'Changelog',
      '[1.0.1] - 2024-02-01',
      'Bug Fixes',
    ]);
  });

  test('an API reference: its entries are records, and own nothing after them', () => {
    const entry = (name: string) =>
      `## ${name}(options)\n\nWhat ${name} does, in a sentence or two of text.`;
    const markdown = `# API\n\n${['create', 'update', 'remove', 'list'].map(entry).join('\n\n')}\n\n## Examples\n\nSome.`;
    const found = recordsOf(markdown);
    expect(found.kind).toBe('record-list');
    expect(found.sections.size).toBe(4);
    expect(found.document.subsections[0]?.subsections.map(titleOf)).toEqual([
      'create(options)',
      'update(options)',
      'remove(options)',
      'list(options)',
      'Examples',
    ]);
  });

  test('an awesome list: its items are records', () => {
    const markdown = ['one', 'two', 'three', 'four']
      .map((name) => `- [${name}](https://${name}.dev) - the ${name} tool, described.`)
      .join('\n');
    const found = recordsOf(markdown);
    expect(found.kind).toBe('record-list');
    expect(found.lists.size).toBe(1);
    expect(found.sections.size).toBe(0);
  });

  test('prose, or records that hold less than half of the text, are not a record list', () => {
    const prose = recordsOf('# Guide\n\n## Install\n\nText.\n\n## Use\n\nMore text.');
    expect([prose.kind, prose.sections.size, prose.lists.size]).toEqual(['prose', 0, 0]);
    const list = ['a', 'b', 'c', 'd'].map((name) => `- **${name}**`).join('\n');
    const mostlyProse = recordsOf(`${'A long paragraph of prose. '.repeat(10)}\n\n${list}`);
    expect(mostlyProse.kind).toBe('prose');
  });
});

describe('record lists', () => {
  test('a changelog is a record list, and its releases are never mixed in part', () => {
    const result = checkInvariants(changelog, { chunkSize: 200, maxOverflowRatio: 1.5 });
    expect(result.kind).toBe('record-list');
    for (const size of [100, 200, 500]) expect(mixed(changelog, size)).toEqual([]);
    // Small releases still share chunks.
    expect(result.chunks.some((chunk) => /1\.9\.0[\s\S]*1\.8\.0/.test(chunk.text))).toBe(true);
  });

  test('two or three releases make a changelog too', () => {
    // Like color-convert's CHANGELOG: a long release between two short ones.
    const markdown = [
      '# 1.0.0 - 2016-01-07',
      '',
      ...Array.from(
        { length: 5 },
        (_, index) => `- Changed: function number ${index} to a lookup.`,
      ),
      '',
      '# 0.6.0 - 2015-07-23',
      '',
      '- Added: methods to handle colours:',
      ...Array.from({ length: 24 }, (_, index) => `  - method${index}2ansi`),
      '',
      '# 0.5.3 - 2015-06-02',
      '',
      '- Fixed: hsl2hsv does not return `NaN` anymore.',
    ].join('\n');
    expect(chunkdown({ chunkSize: 200 }).split(markdown).kind).toBe('record-list');
    for (const size of [100, 200, 300]) expect(mixed(markdown, size)).toEqual([]);
    const two = markdown.slice(0, markdown.indexOf('# 0.5.3'));
    expect(chunkdown({ chunkSize: 200 }).split(two).kind).toBe('record-list');
  });

  test('the pieces of a split release carry its title in their breadcrumbs', () => {
    const { chunks } = chunkdown({ chunkSize: 200 }).split(changelog);
    const pieces = chunks.filter((chunk) => chunk.text.includes('A feature with'));
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces.slice(1)) {
      expect(piece.breadcrumbs.map((crumb) => crumb.text)).toContain('[2.0.0] - 2024-03-01');
    }
  });

  test('an API reference and an awesome list are record lists; prose is not', () => {
    const api = Array.from(
      { length: 6 },
      (_, index) =>
        `### \`client.method${index}(options)\`\n\nCalls the method number ${index}. ${'It takes options and returns a promise. '.repeat(3)}`,
    ).join('\n\n');
    expect(chunkdown({ chunkSize: 200 }).split(`# API\n\n${api}`).kind).toBe('record-list');
    const awesome = `# Awesome things\n\n${Array.from({ length: 12 }, (_, index) => `- [project-${index}](https://example.com/${index}) - A library that does thing number ${index}.`).join('\n')}`;
    expect(chunkdown({ chunkSize: 200 }).split(awesome).kind).toBe('record-list');
    const prose = `# Guide\n\n## Install\n\n${'Install it with npm. '.repeat(10)}\n\n## Use\n\n${'Call the function. '.repeat(10)}`;
    expect(chunkdown({ chunkSize: 200 }).split(prose).kind).toBe('prose');
  });

  test('releases at mixed ranks: patches beside their notes, releases after a change of rank', () => {
    const notes = (name: string) =>
      Array.from({ length: 6 }, (_, index) => `* ${name} change number ${index}, told in words.`);
    const markdown = [
      '# Changelog',
      '',
      '## [3.1.0](https://example.com/3.1.0) (2024-05-01)',
      '',
      '### Features',
      '',
      ...notes('Feature'),
      '',
      '### [3.0.1](https://example.com/3.0.1) (2024-04-01)',
      '',
      '### Bug Fixes',
      '',
      ...notes('Fix'),
      '',
      '# [3.0.0](https://example.com/3.0.0) (2024-03-01)',
      '',
      '### BREAKING CHANGES',
      '',
      ...notes('Breaking'),
      '',
      '## [2.0.1](https://example.com/2.0.1) (2024-02-01)',
      '',
      ...notes('Old'),
      '',
      '## [2.0.0](https://example.com/2.0.0) (2024-01-01)',
      '',
      ...notes('Older'),
    ].join('\n');
    expect(chunkdown({ chunkSize: 200 }).split(markdown).kind).toBe('record-list');
    for (const size of [120, 200, 300]) {
      expect(mixed(markdown, size)).toEqual([]);
      expect(mixed(markdown, size, true)).toEqual([]);
    }
    // The fixes of 3.0.1 are told under its title: in the chunk, or in its breadcrumbs.
    const { chunks } = chunkdown({ chunkSize: 120 }).split(markdown);
    const fixes = chunks.filter((each) => each.text.includes('Fix change'));
    expect(fixes.length).toBeGreaterThan(1);
    for (const chunk of fixes) {
      const titles = [...chunk.breadcrumbs.map((crumb) => crumb.text), chunk.text];
      expect(titles.some((title) => title.includes('3.0.1'))).toBe(true);
    }
  });

  test('the changelogs among the node_modules docs never mix a partial release with another (FULL=1: all 32)', () => {
    const changelogs = installedMarkdown().filter(
      (document) =>
        /(^|\/)(changelog|history|changes|releases)[^/]*\.md$/i.test(document.name) &&
        releases(document.text).length >= 2,
    );
    expect(changelogs.length).toBeGreaterThan(5);
    // By default every third changelog, at every size; the sizes split each once.
    const sample = full ? changelogs : changelogs.filter((_, index) => index % 3 === 0);
    const failures: string[] = [];
    for (const document of sample) {
      for (const size of [200, 500, 1500]) {
        const { chunks } = chunkdown({ chunkSize: size, maxOverflowRatio: 1.5 }).split(
          document.text,
        );
        for (const wide of [false, true]) {
          for (const text of mixedIn(document.text, chunks, wide))
            failures.push(`${document.name} @${size}${wide ? ' wide' : ''}: ${text}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
