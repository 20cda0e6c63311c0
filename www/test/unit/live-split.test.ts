import { chunkdown } from 'chunkdown';
import { describe, expect, it } from 'vitest';
import { exampleText } from '../../src/examples.ts';
import { createChunkStore } from '../../src/lib/chunk-store.ts';
import { createLiveSplitter, deltaFrom } from '../../src/lib/live-split.ts';
import { DEFAULT_SETTINGS, type Settings, toChunkdownOptions } from '../../src/lib/settings.ts';

const characters = (text: string) => text.length;
const settings = (changes: Partial<Settings> = {}): Settings => ({
  ...DEFAULT_SETTINGS,
  rules: {},
  ...changes,
});
const fresh = (text: string, options: Settings) =>
  chunkdown({ ...toChunkdownOptions(options), lengthFunction: characters }).split(text);

/** A document above 64 KiB, so the library parses it in segments and updates reuse them. */
const large = Array.from(
  { length: 24 },
  (_, index) => `## Part ${index}\n\n${exampleText('api') ?? ''}`,
).join('\n\n');

describe('the live splitter and the chunk store', () => {
  it('give what a fresh split gives, edit after edit, sending only the chunks that changed', () => {
    const live = createLiveSplitter();
    const store = createChunkStore();
    const options = settings();
    const edits = [
      large,
      `# A heading typed at the top\n\nA sentence.\n\n${large}`,
      `# A heading typed at the top\n\nA sentence, longer.\n\n${large}`,
      `${large}\n\nA paragraph at the end.`,
      large.replace('## Part 20', '## Part twenty'),
    ];
    expect(large.length).toBeGreaterThan(64 * 1024);
    let previous: string[] = [];
    for (const [step, text] of edits.entries()) {
      const answer = live.split(text, options, characters);
      if (!answer.ok) throw new Error(answer.error);
      expect(answer.updated).toBe(step > 0);
      const chunks = store.apply(answer.delta);
      expect(chunks).toEqual(fresh(text, options).chunks);
      expect(answer.checks).toHaveLength(chunks.length);
      if (step > 0) {
        // Most chunks only moved: they are not sent again.
        expect(answer.delta.added.length).toBeLessThan(chunks.length / 4);
        const ids = new Set(chunks.map((chunk) => chunk.id));
        expect(answer.delta.removed.every((id) => !ids.has(id))).toBe(true);
        expect(answer.delta.removed.every((id) => previous.includes(id))).toBe(true);
      }
      previous = chunks.map((chunk) => chunk.id);
    }
  }, 60_000);

  it('start again with new settings, and keep the chunks held through an invalid option', () => {
    const live = createLiveSplitter();
    const store = createChunkStore();
    const text = exampleText('api') ?? '';
    const first = live.split(text, settings(), characters);
    if (!first.ok) throw new Error(first.error);
    store.apply(first.delta);
    const invalid = live.split(text, settings({ chunkSize: -1 }), characters);
    expect(invalid.ok).toBe(false);
    const smaller = settings({ chunkSize: 200 });
    const answer = live.split(text, smaller, characters);
    if (!answer.ok) throw new Error(answer.error);
    expect(answer.updated).toBe(false);
    expect(store.apply(answer.delta)).toEqual(fresh(text, smaller).chunks);
  });

  it('measure with a size unit loaded again, under the same settings', () => {
    const live = createLiveSplitter();
    const text = exampleText('api') ?? '';
    const options = settings({ unit: 'tokenizer' });
    const first = live.split(text, options, characters);
    if (!first.ok) throw new Error(first.error);
    // Another tokenizer.json, the controls unchanged: a new splitter, nothing updated.
    const doubled = (value: string) => 2 * value.length;
    const answer = live.split(text, options, doubled);
    if (!answer.ok) throw new Error(answer.error);
    expect(answer.updated).toBe(false);
    const expected = chunkdown({ ...toChunkdownOptions(options), lengthFunction: doubled });
    expect(answer.delta.order).toEqual(expected.split(text).chunks.map((chunk) => chunk.id));
  });

  it('send a chunk again when a field beside its offsets changed, and keep unmoved chunks', () => {
    const [chunk] = fresh('# Title\n\nSome text.', settings()).chunks;
    if (!chunk) throw new Error('no chunk');
    const held = new Map([[chunk.id, chunk]]);
    expect(
      deltaFrom(held, [{ ...chunk, start: chunk.start + 5, end: chunk.end + 5 }]).added,
    ).toEqual([]);
    expect(deltaFrom(held, [{ ...chunk, cut: true }]).added).toHaveLength(1);
    // Nested fields are compared by value: equal copies are the same, a changed entry is not.
    const copied = { ...chunk, breadcrumbs: chunk.breadcrumbs.map((crumb) => ({ ...crumb })) };
    expect(deltaFrom(held, [copied]).added).toEqual([]);
    const crumbs = [{ text: 'Other', depth: 1 }];
    expect(deltaFrom(held, [{ ...chunk, breadcrumbs: crumbs }]).added).toHaveLength(1);
    const contained = { ...chunk, containers: [{ type: 'blockquote' }] } as unknown as typeof chunk;
    expect(deltaFrom(held, [contained]).added).toHaveLength(1);
    expect(
      deltaFrom(held, [{ ...chunk, tableHeaders: [...chunk.tableHeaders, 'x'] }]).added,
    ).toHaveLength(1);
    const store = createChunkStore();
    const [kept] = store.apply(deltaFrom(new Map(), [chunk]));
    expect(store.apply(deltaFrom(held, [chunk]))[0]).toBe(kept);
  });

  it('refuses a delta against chunks it does not hold', () => {
    const [chunk] = fresh('# Title\n\nSome text.', settings()).chunks;
    if (!chunk) throw new Error('no chunk');
    const skipped = deltaFrom(new Map([[chunk.id, chunk]]), [chunk]);
    expect(() => createChunkStore().apply(skipped)).toThrow(/lost chunk/);
  });
});
