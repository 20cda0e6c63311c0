import type { Paragraph } from 'mdast';
import { describe, expect, test } from 'vitest';
import { chunkdown } from '../../src/index.js';
import { type OpenState, planCuts } from '../../src/pack/plan.js';
import type { Unit } from '../../src/split/types.js';
import { fnv1a } from '../../src/util/fnv.js';
import { block, heading, rule } from '../helpers/units.js';

/** Nothing open before the run. */
const fresh: OpenState = { placed: false, size: 0, trail: 0, mayEnd: false };

/** The cuts of a whole run at chunk size 100, in order. */
function cuts(units: readonly Unit[], open = fresh): number[] {
  return [...planCuts(units, 0, units.length, open, 100)].sort((a, b) => a - b);
}

/** Blocks of the given sizes, each with text of its own. */
const blocks = (sizes: readonly number[]) =>
  sizes.map((size, index) => block(`block number ${index}`, size));

describe('planCuts', () => {
  test('a run that fits is not cut, unless it holds a marked boundary', () => {
    // A boundary is marked when the hash of the unit after it (its kind and first characters, as
    // plan.ts hashes them) is in the top half.
    const isMarked = (name: string) => fnv1a(`block${name}`) >= 2 ** 31;
    const names = Array.from({ length: 40 }, (_, index) => `${index} is a block`);
    const plain = names.filter((name) => !isMarked(name));
    const marked = names.filter(isMarked);
    expect(plain.length).toBeGreaterThan(3);
    expect(marked.length).toBeGreaterThan(3);
    const run = (each: string[], sizes: number[]) =>
      each.map((name, index) => block(name, sizes[index] as number));
    expect(cuts(run(plain.slice(0, 3), [30, 30, 30]))).toEqual([]);
    // The marked boundary cuts: it leaves 30 % of a chunk on both sides.
    expect(cuts(run([plain[0], marked[0], plain[1]] as string[], [30, 30, 30]))).toEqual([1]);
    // Not where a side would hold less.
    expect(cuts(run([plain[0], marked[0], plain[1]] as string[], [20, 40, 30]))).toEqual([]);
    // Two neighbours that would join (together at most 70 %) stay apart at a marked cut.
    expect(cuts(run([plain[0], marked[0]] as string[], [30, 35]))).toEqual([1]);
    // Each side is cut again at a marked boundary that leaves 30 % on both of its sides.
    const twice = [plain[0], marked[0], marked[1], plain[1]] as string[];
    expect(cuts(run(twice, [30, 30, 30, 5]))).toEqual([1, 2]);
    expect(cuts(run(twice, [30, 30, 20, 5]))).toEqual([1]);
  });

  test('cuts before a heading first, then before a thematic break, then between blocks', () => {
    const units = [
      heading('Intro'),
      block('a', 30),
      block('b', 30),
      heading('Usage'),
      block('c', 30),
      block('d', 30),
      rule(),
      block('e', 30),
      block('f', 30),
    ];
    expect(cuts(units)).toEqual([3, 6]);
    const plain = [
      block('a', 40),
      block('b', 40),
      heading('Usage'),
      block('c', 40),
      block('d', 40),
    ];
    expect(cuts(plain)).toEqual([2]);
  });

  test('a strong boundary that leaves less than 30 % of a chunk on one side is passed over', () => {
    const units = [
      block('a', 10),
      heading('Usage'),
      block('c', 40),
      block('d', 40),
      block('e', 40),
      block('f', 10),
    ];
    const found = cuts(units);
    expect(found).not.toContain(1);
    expect(found).toHaveLength(1);
    const sizes = units.map((unit) => unit.size);
    const at = found[0] as number;
    const left = sizes.slice(0, at).reduce((sum, size) => sum + size, 0);
    const right = sizes.slice(at).reduce((sum, size) => sum + size, 0);
    expect(Math.min(left, right)).toBeGreaterThanOrEqual(30);
    expect(Math.max(left, right)).toBeLessThanOrEqual(100);
  });

  test('never cuts after a heading or a lead-in: they stay with what follows', () => {
    const units = [
      block('a', 40),
      block('Install it:', 10, { leadIn: true }),
      block('b', 40),
      block('c', 40),
    ];
    expect(cuts(units)).toEqual([1]);
    const headed = [block('a', 60), heading('H'), block('b', 30), block('c', 30)];
    expect(cuts(headed)).not.toContain(2);
  });

  test('two small neighbours left by cutting top down join across the weakest boundary', () => {
    // Cut before the heading, then each side once: `b` (35) and `H c` (35) would be two small
    // chunks side by side; together they hold at most 70 % of a chunk, so they join.
    const units = [block('a', 70), block('b', 35), heading('H'), block('c', 30), block('d', 70)];
    expect(cuts(units)).toEqual([1, 4]);
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
    const run = blocks([30, 30, 30]);
    expect(cuts(run, { placed: true, size: 120, trail: 0, mayEnd: true })).toEqual([0]);
    // It may not end there (it leads in): the run's first unit joins it.
    expect(cuts(run, { placed: true, size: 120, trail: 0, mayEnd: false })).not.toContain(0);
    // A small start: the run fills it on.
    expect(cuts(run, { placed: true, size: 20, trail: 0, mayEnd: true })).not.toContain(0);
  });

  test('plans units from..to only, and gives the indexes of the whole list', () => {
    const units = blocks([30, 30, 30, 30, 30, 30]);
    const planned = [...planCuts(units, 2, 6, fresh, 100)];
    expect(planned).toHaveLength(1);
    expect(planned[0]).toBeGreaterThan(2);
    expect(planned[0]).toBeLessThan(6);
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
