import { describe, expect, test } from 'vitest';
import { chunkdown } from '../src/index.js';
import { checkInvariants, words } from './helpers/invariants.js';

const prose = Array.from(
  { length: 12 },
  (_, index) => `Sentence number ${index} talks about llamas.`,
).join(' ');

describe('overlap', () => {
  test('is off by default', () => {
    const chunks = chunkdown({ chunkSize: 120 }).splitText(prose);
    expect(words(chunks.join(' ')).length).toBe(words(prose).length);
  });

  test('starts a chunk with whole sentences from the end of the previous one, up to the budget', () => {
    const splitter = chunkdown({ chunkSize: 120, overlap: 50 });
    const { chunks } = splitter.split(prose);
    expect(chunks.length).toBeGreaterThan(2);
    for (let index = 1; index < chunks.length; index++) {
      const previous = chunks[index - 1]?.text as string;
      const current = chunks[index]?.text as string;
      const sentences = previous.split(/(?<=\.) /);
      const repeated = sentences.at(-1) as string;
      expect(current.startsWith(repeated)).toBe(true);
      expect(repeated.length).toBeLessThanOrEqual(50);
      // Offsets include the overlap: the ranges overlap by exactly the repeated sentence.
      expect(prose.slice(chunks[index]?.start, chunks[index - 1]?.end)).toBe(repeated);
    }
  });

  test('never crosses a section boundary and never takes part of a sentence', () => {
    const markdown = `## A\n\n${prose}\n\n## B\n\nSomething else entirely here. And more words here.`;
    const { chunks } = checkInvariants(markdown, { chunkSize: 120, overlap: 60 });
    const b = chunks.find((chunk) => chunk.text.startsWith('## B'));
    expect(b).toBeDefined();
    for (const chunk of chunks) expect(chunk.text).toMatch(/^(## [AB]\n\n)?[A-Z]/);
  });

  test('counts in the raw size cap', () => {
    for (const chunk of chunkdown({ chunkSize: 120, overlap: 60, maxRawSize: 130 }).splitText(
      prose,
    )) {
      expect(chunk.length).toBeLessThanOrEqual(130);
    }
  });
});

describe('minChunkSize', () => {
  // B cannot share a chunk with A or C within the chunk size, so the packer leaves it alone.
  const markdown = `## A\n\n${'A paragraph with enough words to be a chunk of its own. '.repeat(3)}Yes.\n\n## B\n\nTiny.\n\n## C\n\n${'Another paragraph with enough words to be a chunk too. '.repeat(3)}Yes.`;

  test('merges a small chunk into a neighbour when the merge fits', () => {
    const without = chunkdown({ chunkSize: 175, maxOverflowRatio: 1.2 }).split(markdown).chunks;
    expect(without.some((chunk) => chunk.contentSize < 20)).toBe(true);
    const merged = checkInvariants(markdown, {
      chunkSize: 175,
      maxOverflowRatio: 1.2,
      minChunkSize: 20,
    }).chunks;
    expect(merged.length).toBe(without.length - 1);
    expect(merged.every((chunk) => chunk.contentSize >= 20)).toBe(true);
    expect(merged.every((chunk) => chunk.contentSize <= 175 * 1.2)).toBe(true);
  });

  test('leaves a small chunk alone when no merge fits', () => {
    const chunks = chunkdown({ chunkSize: 175, minChunkSize: 20 }).split(markdown).chunks;
    expect(chunks.some((chunk) => chunk.contentSize < 20)).toBe(true);
    expect(chunks.every((chunk) => chunk.contentSize <= 175)).toBe(true);
  });
});
