import { describe, expect, test } from 'vitest';
import { chunkdown } from '../../src/index.js';
import { linkText } from '../../src/parse/obsidian.js';
import { auto, obsidian } from '../../src/syntax.js';
import { findProblems } from '../helpers/invariants.js';

const note = [
  '# Weekly review',
  '',
  'See [[Project Plan#Goals|the plan for this year]] and ![[architecture diagram.png|300]] and',
  '[[Daily Notes]] for more. A statement worth linking to from elsewhere. ^goal-1',
  '',
  '- a list item that links [[Another Page]] twice [[Another Page#Part two]]',
  '',
].join('\n');

describe('the Obsidian dialect', () => {
  test('auto() finds it by a wikilink; `[[1]](url)` is a link and no sign of it', () => {
    expect(chunkdown({ chunkSize: 500, syntax: auto() }).split(note).syntax).toEqual(['obsidian']);
    const links = 'A citation [[1]](https://example.com) and [[x]][ref].\n\n[ref]: https://a.b\n';
    expect(chunkdown({ chunkSize: 500, syntax: auto() }).split(links).syntax).toEqual([]);
    const [chunk] = chunkdown({ chunkSize: 500, syntax: [obsidian()] }).split(links).chunks;
    expect(chunk?.text).toContain('[[1]](https://example.com)');
  });

  for (const chunkSize of [5, 20, 60]) {
    test(`wikilinks and embeds are never cut, block ids stay with their line (size ${chunkSize})`, () => {
      const { chunks } = chunkdown({ chunkSize, syntax: auto() }).split(note);
      const links = note.match(/!?\[\[[^\]]+\]\]/g) ?? [];
      expect(links).toHaveLength(5);
      const texts = chunks.map((chunk) => chunk.text);
      for (const link of links) expect(texts.some((text) => text.includes(link))).toBe(true);
      for (const text of texts) {
        expect(text).not.toMatch(/\[\[[^\]]*$|^[^[]*\]\]/);
        // `^goal-1` never starts a chunk.
        expect(text.startsWith('^goal-1')).toBe(false);
      }
      expect(texts.some((text) => text.endsWith('elsewhere. ^goal-1'))).toBe(true);
    });
  }

  test('a wikilink counts what a reader sees: the alias, else the page', () => {
    const size = (markdown: string) =>
      chunkdown({ chunkSize: 500, syntax: [obsidian()] }).split(markdown).chunks[0]?.contentSize;
    expect(size('[[Project Plan#Goals|the plan]]')).toBe('the plan'.length);
    expect(size('[[Daily Notes]]')).toBe('Daily Notes'.length);
    expect(size('![[diagram.png|300]]')).toBe('diagram.png'.length);
  });

  test('linkText', () => {
    expect(linkText('[[Page]]')).toBe('Page');
    expect(linkText('[[Page#Heading]]')).toBe('Page › Heading');
    expect(linkText('[[Page#^block|see]]')).toBe('see');
    expect(linkText('[[Page#^block]]')).toBe('Page');
    expect(linkText('![[a.png|200x100]]')).toBe('a.png');
  });
});

describe('a block id on its own line after a list or a table', () => {
  const items = Array.from(
    { length: 6 },
    (_, n) => `- Step ${n + 1}: check that the [[Checklist]] item number ${n + 1} is done.`,
  );
  const rows = Array.from(
    { length: 6 },
    (_, n) => `| Server ${n + 1} | running since the [[Migration]] of week ${n + 1} |`,
  );
  const markdown = [
    'Intro with a [[Link]] to start.',
    '',
    ...items,
    '',
    '^steps',
    '',
    'A paragraph between the list and the table, long enough to stand on its own.',
    '',
    '| Name | State |',
    '| --- | --- |',
    ...rows,
    '',
    '^servers',
    '',
    'After the table, another paragraph that is long enough to stand on its own.',
  ].join('\n');

  for (const chunkSize of [60, 120, 300]) {
    test(`stays with the block it names (size ${chunkSize})`, () => {
      const { result, problems } = findProblems(markdown, { chunkSize, syntax: auto() });
      expect(problems).toEqual([]);
      const texts = (result?.chunks ?? []).map((chunk) => chunk.text);
      const steps = texts.find((text) => text.includes('^steps'));
      const servers = texts.find((text) => text.includes('^servers'));
      // Right after the block's last piece.
      expect(steps).toMatch(/item number 6 is done\.\n\n\^steps(\n|$)/);
      expect(servers).toMatch(/week 6 \|\n\n\^servers(\n|$)/);
      expect(texts.filter((text) => /\^(steps|servers)/.test(text))).toHaveLength(2);
    });
  }
});
