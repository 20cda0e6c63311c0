import type { Nodes } from 'mdast';
import { describe, expect, test } from 'vitest';
import { splitters } from '../../src/split/splitters.js';
import type { Unit } from '../../src/split/types.js';
import type { ChunkdownOptions } from '../../src/types.js';
import { leavesText, stage } from '../helpers/stages.js';

/** The unit the splitter of its type makes for the first block of a document. */
function firstUnit(markdown: string, options: ChunkdownOptions = { chunkSize: 100 }): Unit {
  const staged = stage(markdown, options);
  const section = staged.document.subsections[0] ?? staged.document;
  const node = (section.heading ?? section.blocks[0]) as Nodes;
  const splitter = splitters[node.type];
  expect(splitter, node.type).toBeDefined();
  return splitter!(node, [], section, staged.state);
}

/** The texts of a unit's parts, or why it cannot be split. */
function parts(unit: Unit): string[] | string {
  const split = unit.split();
  return Array.isArray(split)
    ? split.map((part) => leavesText(part.leaves()))
    : `${split.reason} ${split.nodeType}`;
}

describe('splitters', () => {
  test('a short paragraph that ends with a colon leads in; others do not', () => {
    expect(firstUnit('See this:').leadIn).toBe(true);
    expect(firstUnit('See this.').leadIn).toBeUndefined();
    // Over half the chunk size it is content of its own.
    const long = `${'word '.repeat(10)}follows:`;
    expect(firstUnit(long, { chunkSize: 100 }).leadIn).toBeUndefined();
    // (58 characters: at most half of 120, though over a quarter.)
    expect(firstUnit(long, { chunkSize: 120 }).leadIn).toBe(true);
    expect(firstUnit(long, { chunkSize: 400 }).leadIn).toBe(true);
  });

  test('a short list whose last item ends with a colon leads in, as such a paragraph does', () => {
    expect(firstUnit('- List running containers:').leadIn).toBe(true);
    expect(firstUnit('1. Install it.\n2. Then run:').leadIn).toBe(true);
    expect(firstUnit('- List running containers.').leadIn).toBeUndefined();
    expect(firstUnit('- Run this:\n- and this.').leadIn).toBeUndefined();
    expect(firstUnit(`- ${'word '.repeat(12)}follows:`).leadIn).toBeUndefined();
  });

  test('tldr pages: each description stays with the command it introduces', async () => {
    const { chunkdown } = await import('../../src/index.js');
    const markdown = [
      '# podman ps',
      '',
      '> List Podman containers.',
      '',
      '- List running containers:',
      '',
      '`podman ps`',
      '',
      '- List all containers, running and stopped:',
      '',
      '`podman ps --all`',
      '',
      '- Show the latest created container:',
      '',
      '`podman ps --latest`',
      '',
    ].join('\n');
    const { chunks } = chunkdown({ chunkSize: 100 }).split(markdown);
    for (const chunk of chunks) {
      expect(chunk.text).not.toMatch(/:$/);
      expect(chunk.text).not.toMatch(/^`podman/);
    }
  });

  test('a paragraph splits at its sentences, then its words', () => {
    expect(parts(firstUnit('One here. Two there.'))).toEqual(['One here. ', 'Two there.']);
    expect(parts(firstUnit('See this:'))).toEqual(['See ', 'this:']);
  });

  test('a heading is no content, kept whole by default and split when its rule allows', () => {
    const heading = firstUnit('# A title of words');
    expect([heading.kind, heading.content, heading.size]).toEqual(['heading', false, 16]);
    expect(parts(heading)).toBe('never-split heading');
    const allowed = firstUnit('# A title of words', {
      chunkSize: 100,
      rules: { heading: { split: 'allow-split' } },
    });
    expect(parts(allowed)).toEqual(['A ', 'title ', 'of ', 'words']);
  });

  test('code splits at blank-line groups, or stays whole under its rule', () => {
    const code = '```js\na\n\nb\n```';
    expect(parts(firstUnit(code))).toEqual(['a', 'b']);
    expect(
      parts(firstUnit(code, { chunkSize: 100, rules: { code: { split: 'never-split' } } })),
    ).toBe('never-split code');
  });

  test('an opening tag alone leads in; a closing tag does not', () => {
    expect(firstUnit('<details>\n\nInside.\n\n</details>').leadIn).toBe(true);
    expect(firstUnit('</details>').leadIn).toBeUndefined();
    expect(firstUnit('<div>\ntext\n</div>').leadIn).toBeUndefined();
  });

  test('a table splits into its rows, without the header row', () => {
    const table = '| a | b |\n| - | - |\n| 1 | 2 |\n| 3 | 4 |';
    expect(parts(firstUnit(table))).toEqual(['12', '34']);
  });

  test('a list splits into its items; the items of a record list are records', () => {
    const list = '- one thing\n- two things\n- three things';
    const items = firstUnit(list).split() as Unit[];
    expect(items.map((item) => leavesText(item.leaves()))).toEqual([
      'one thing',
      'two things',
      'three things',
    ]);
    expect(items.map((item) => item.record)).toEqual([undefined, undefined, undefined]);
    const awesome = ['one', 'two', 'three', 'four', 'five']
      .map((name) => `- [${name}](https://${name}.dev) - the ${name} tool.`)
      .join('\n');
    const records = firstUnit(awesome).split() as Unit[];
    expect(records).toHaveLength(5);
    expect(records.every((item) => item.record === true)).toBe(true);
  });

  test('a block quote splits into its blocks', () => {
    expect(parts(firstUnit('> a\n>\n> b'))).toEqual(['a', 'b']);
  });

  test('a thematic break is a boundary of no size', () => {
    const rule = firstUnit('***');
    expect([rule.kind, rule.size, rule.content]).toEqual(['break', 0, false]);
    expect(parts(rule)).toBe('never-split thematicBreak');
  });
});
