import { describe, expect, test } from 'vitest';
import { chunkdown } from '../../src/index.js';
import { auto } from '../../src/syntax.js';
import { checkInvariants } from '../helpers/invariants.js';

/** A lecture written as a Jupytext notebook: `+++` between markdown cells (QuantEcon's). */
const lecture = [
  '# Multiple Good Allocation Mechanisms',
  '',
  '* The planner returns to the original step and repeats it until every house is allocated.',
  '',
  '+++',
  '',
  '## An Example Solved by Hand',
  '',
  '+++',
  '',
  "Let's see how the Groves-Clarke algorithm would work for this simple matrix of values.",
  '',
  '+++ {"tags": ["hide-input"]}',
  '',
  'And a last paragraph, which closes the section after another cell break.',
  '',
].join('\n');

describe('notebook cell breaks', () => {
  test('a heading between cell breaks leads into its content, with no `+++` at a chunk edge', () => {
    // Before: a chunk of `+++`, the heading and `+++`, which reads as TOML front matter (the
    // heading lost) to whoever parses it again.
    for (const syntax of [{}, { syntax: auto() }]) {
      const { chunks } = checkInvariants(lecture, { chunkSize: 100, ...syntax });
      for (const chunk of chunks) {
        expect(chunk.text).not.toMatch(/^\+\+\+\n/);
        expect(chunk.text).not.toMatch(/\n\+\+\+$/);
      }
      const example = chunks.find((chunk) => chunk.text.includes('## An Example'));
      expect(example?.text).toContain("Let's see how");
    }
  });

  test('a cell break inside a chunk is written as it was; one with metadata stays text', () => {
    const { chunks } = chunkdown({ chunkSize: 1000 }).split(lecture);
    expect(chunks).toHaveLength(1);
    expect(chunks[0]?.text).toContain('\n\n+++\n\n## An Example Solved by Hand\n\n+++\n\n');
    expect(chunks[0]?.text).toContain('\n\n+++ {"tags": ["hide-input"]}\n\nAnd a last');
    expect(chunks[0]?.text).not.toContain('***');
    // At a chunk's edge a break is left out: one with the next cell's metadata is kept.
    const small = checkInvariants(lecture, { chunkSize: 100 }).chunks;
    expect(small.some((chunk) => chunk.text.includes('+++ {"tags": ["hide-input"]}'))).toBe(true);
  });

  test('`+++` with other text, or inside a list item, stays text', () => {
    const markdown = 'Intro.\n\n+++ more\n\n* item\n\n  +++\n';
    const { chunks } = chunkdown({ chunkSize: 1000 }).split(markdown);
    expect(chunks[0]?.text).toBe('Intro.\n\n+++ more\n\n* item\n\n  +++');
  });

  test('update() gives what split() gives, around cell breaks too', () => {
    const splitter = chunkdown({ chunkSize: 100, syntax: auto() });
    const long = Array.from({ length: 40 }, (_, index) => `${lecture}\n(s${index})=\n\n`).join('');
    const previous = splitter.split(long);
    const at = long.indexOf('## An Example', long.length / 2);
    for (const edited of [
      `${long.slice(0, at)}+++\n\n${long.slice(at)}`,
      `${long.slice(0, at - 5)}${long.slice(at)}`,
      long.replace('And a last paragraph', 'And a final paragraph'),
    ]) {
      const { changes, ...updated } = splitter.update(previous, edited);
      expect(updated).toEqual(chunkdown({ chunkSize: 100, syntax: auto() }).split(edited));
      expect(changes.kept.length).toBeGreaterThan(previous.chunks.length / 2);
    }
  });
});
