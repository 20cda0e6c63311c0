import { describe, expect, test } from 'vitest';
import { chunkdown } from '../../src/index.js';

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
