import type { Paragraph } from 'mdast';
import { describe, expect, test } from 'vitest';
import { chunkdown } from '../../src/index.js';
import { type OpenState, planCuts } from '../../src/pack/plan.js';
import type { Unit } from '../../src/split/types.js';
import { fnv1a } from '../../src/util/fnv.js';
import { block, group, heading, rule } from '../helpers/units.js';

/** Nothing open before the run. */
const fresh: OpenState = { placed: false, size: 0, trail: 0, mayEnd: false };

/** The cuts of a whole run at chunk size 100, in order. */
function cuts(units: readonly Unit[], open = fresh): number[] {
  return [...planCuts(units, 0, units.length, open, 100)].sort((a, b) => a - b);
}

/** The unit as a slice of a literal (a line of code): runs of those are cut top down only. */
const slice = (unit: Unit): Unit => {
  const [leaf] = unit.leaves();
  return { ...unit, leaves: () => [{ ...leaf!, from: 0, to: 1 }] };
};

/** Blocks of the given sizes, each with text of its own. */
const blocks = (sizes: readonly number[]) =>
  sizes.map((size, index) => block(`block number ${index}`, size));

describe('planCuts', () => {
  test('a run is cut at every boundary that scores highest within 30 % of a chunk around it, 10 % from its ends', () => {
    // Boundaries between blocks score alike but for the hash of the block after them (its kind
    // and first characters, as plan.ts hashes them).
    const score = (name: string) => fnv1a(`block${name}`);
    const names = Array.from({ length: 40 }, (_, index) => `${index} is a block`);
    const [low, high] = [...names].sort((x, y) => score(x) - score(y)) as [string, string];
    const run = (each: string[], sizes: number[]) =>
      each.map((name, index) => block(name, sizes[index] as number));
    // No boundary 10 from both ends of the run: none.
    expect(cuts(run(['a', high], [8, 30]))).toEqual([]);
    expect(cuts(run(['a', high], [12, 30]))).toEqual([1]);
    // 40 apart: both boundaries are cuts, also in a run that fits.
    expect(cuts(run(['a', low, high], [35, 40, 35]))).toEqual([1, 2]);
    // 10 apart: only the one that scores higher.
    expect(cuts(run(['a', low, high], [40, 10, 40]))).toEqual([2]);
    expect(cuts(run(['a', high, low], [40, 10, 40]))).toEqual([1]);
    // Not where a side would hold less than 10 % of a chunk.
    expect(cuts(run(['a', high, low], [8, 50, 30]))).toEqual([2]);
    expect(cuts(run(['a', low, high], [30, 50, 8]))).toEqual([1]);
    // Two neighbours that would join (together at most 70 %) stay apart at such a cut.
    expect(cuts(run(['a', high], [30, 35]))).toEqual([1]);
  });

  test('a stronger boundary wins within the window: before a heading, then a break, then blocks', () => {
    const units = [
      heading('Intro'),
      block('a', 20),
      block('b', 20),
      heading('Usage'),
      block('c', 20),
      block('d', 20),
      rule(),
      block('e', 20),
      block('f', 20),
    ];
    expect(cuts(units)).toEqual([3, 6]);
  });

  test('a piece still larger than a chunk is cut at its strongest boundary, 30 % on both sides', () => {
    // Slices of a literal get no content-defined cuts: the run (145) is cut top down, not at the
    // heading (the strongest boundary, but 10 from the run's start), and no piece is under 30.
    const units = [
      block('a', 10),
      heading('Usage'),
      block('c', 40),
      block('d', 40),
      block('e', 40),
      block('f', 10),
    ].map(slice);
    const found = cuts(units);
    expect(found).not.toContain(1);
    const sizes = units.map((unit) => unit.size);
    const edges = [0, ...found, units.length];
    for (let index = 1; index < edges.length; index++) {
      const piece = sizes
        .slice(edges[index - 1], edges[index])
        .reduce((sum, size) => sum + size, 0);
      expect(piece).toBeGreaterThanOrEqual(30);
      expect(piece).toBeLessThanOrEqual(100);
    }
  });

  test('where no boundary leaves 30 % on both sides, a sentence added to a side does not move the cut', () => {
    // 16 + 67 + 20 > 100: both boundaries leave less than 30 on one side, and both need no more
    // than the two chunks the run needs. The most even of them was the second, and after 10 added
    // to the first block the first: the cut moved and changed every chunk of the run. The
    // stronger of the two is the same cut whatever the sizes.
    const run = (first: number) =>
      [block('a short section', first), block('a long one', 67), block('the last', 20)].map(slice);
    const before = cuts(run(16));
    expect(before).toHaveLength(1);
    expect(cuts(run(26))).toEqual(before);
    expect(cuts(run(21))).toEqual(before);
  });

  test('never cuts after a heading or a lead-in: they stay with what follows', () => {
    const units = [
      block('a', 40),
      block('Install it:', 10, { leadIn: true }),
      block('b', 40),
      block('c', 40),
    ];
    expect(cuts(units)).not.toContain(2);
    const headed = [block('a', 60), heading('H'), block('b', 30), block('c', 30)];
    expect(cuts(headed)).not.toContain(2);
  });

  test('an empty section leads in, unless it is a record (a release with no notes is whole)', () => {
    const releases = (empty: boolean) => [
      group('section', [heading('3.1.0'), block('Fixed a bug.', 50)], { record: true }),
      group('section', [heading('2.0.0')], empty ? {} : { record: true }),
      group('section', [heading('0.9.0'), block('First release.', 50)], { record: true }),
    ];
    expect(cuts(releases(false))).toEqual([2]);
    expect(cuts(releases(true))).not.toContain(2);
  });

  test('two small neighbours left by cutting top down join across the weakest boundary', () => {
    // Slices of a literal (lines of code) get no content-defined cuts: cut top down, `b` (35) and
    // `H c` (35) would be two small chunks side by side; together they hold at most 70 % of a
    // chunk, so they join.
    const units = [block('a', 70), block('b', 35), heading('H'), block('c', 30), block('d', 70)];
    expect(cuts(units.map(slice))).toEqual([1, 4]);
  });

  test('an edit that keeps a chunk fitting moves no boundary', () => {
    const sizes = new Array(14).fill(30);
    const before = cuts(blocks(sizes));
    expect(before.length).toBeGreaterThan(3);
    for (let at = 0; at < sizes.length; at++) {
      const edited = sizes.map((size, index) => (index === at ? size + 8 : size));
      expect(cuts(blocks(edited)), `block ${at} grown`).toEqual(before);
    }
  });

  test('the pieces of a paragraph fill chunks in order, and the last two share the rest', () => {
    const paragraph: Paragraph = { type: 'paragraph', children: [] };
    const sentences = Array.from({ length: 10 }, (_, index) => {
      const unit = block(`Sentence ${index}.`, 25);
      const [leaf] = unit.leaves();
      return { ...unit, leaves: () => [{ ...leaf!, path: [paragraph] }] };
    });
    // 250 in all: 100, then 75 and 75.
    expect(cuts(sentences)).toEqual([4, 7]);
  });

  test('what the open chunk holds counts: an open chunk over the limit ends before the run', () => {
    // Blocks under 10 % of a chunk: no boundary in the run may be a content-defined cut.
    const run = blocks([8, 8, 8]);
    expect(cuts(run, { placed: true, size: 120, trail: 0, mayEnd: true })).toEqual([0]);
    // It may not end there (it leads in): the run's first unit joins it.
    expect(cuts(run, { placed: true, size: 120, trail: 0, mayEnd: false })).not.toContain(0);
    // A start under 10 % of a chunk: the run fills it on.
    expect(cuts(run, { placed: true, size: 8, trail: 0, mayEnd: true })).not.toContain(0);
  });

  test('plans units from..to only, and gives the indexes of the whole list', () => {
    const units = blocks([30, 30, 30, 30, 30, 30]);
    const planned = [...planCuts(units, 2, 6, fresh, 100)];
    expect(planned.length).toBeGreaterThan(0);
    for (const cut of planned) {
      expect(cut).toBeGreaterThan(2);
      expect(cut).toBeLessThan(6);
    }
  });
});

/** Paragraphs of one or two sentences, of varied lengths (a fixed sequence). */
function paragraphs(count: number): string[] {
  const words = ['llamas', 'graze', 'on', 'the', 'high', 'plains', 'and', 'carry', 'wool', 'far'];
  return Array.from({ length: count }, (_, index) => {
    const length = 8 + ((index * 7) % 23);
    const sentence = Array.from({ length }, (_, w) => words[(index + w * 3) % words.length]).join(
      ' ',
    );
    return `Paragraph ${index} says that ${sentence}.`;
  });
}

function changed(before: string[], after: string[]): number {
  const old = new Set(before);
  return after.filter((text) => !old.has(text)).length;
}

describe('planned cuts', () => {
  test('an added or deleted sentence changes the chunks around it, not the rest of the list', () => {
    // A long list: its items are the units packed (1.1 here; filled in order as before plan.ts: 1.6).
    const items = paragraphs(40);
    const list = (each: string[]) => each.map((item) => `- ${item}`).join('\n');
    const splitter = chunkdown({ chunkSize: 300 });
    const before = splitter.splitText(list(items));
    expect(before.length).toBeGreaterThan(8);
    let total = 0;
    let edits = 0;
    for (const at of [2, 9, 17, 25, 33]) {
      const added = items.map((item, index) =>
        index === at ? `${item} This sentence was added here.` : item,
      );
      const removed = items.filter((_, index) => index !== at);
      for (const edited of [added, removed]) {
        total += changed(before, splitter.splitText(list(edited)));
        edits++;
      }
    }
    expect(total / edits).toBeLessThanOrEqual(1.3);
  });

  test('table rows fill their pieces in order, under the repeated header', () => {
    const rows = Array.from(
      { length: 20 },
      (_, index) => `| key ${index} | a value of row ${index} |`,
    );
    const table = `| Key | Value |\n| --- | --- |\n${rows.join('\n')}`;
    const { chunks } = chunkdown({ chunkSize: 120 }).split(table);
    expect(chunks.length).toBeGreaterThan(3);
    const counts = chunks.map((chunk) => chunk.text.split('\n').length - 2);
    // All pieces but the last two hold the most rows that fit; the last two share the rest.
    const most = Math.max(...counts);
    for (const count of counts.slice(0, -2)) expect(count).toBe(most);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(20);
    for (const chunk of chunks) expect(chunk.text.startsWith('| Key | Value |\n')).toBe(true);
  });
});
