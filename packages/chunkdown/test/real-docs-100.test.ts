import { describe, expect, test } from 'vitest';
import { installedMarkdown } from './helpers/corpus.js';
import { checkInvariants, words } from './helpers/invariants.js';

/**
 * SPEC §6 and §9 on real documents written elsewhere: the markdown files inside node_modules
 * (READMEs, changelogs, docs), at chunk size 100, ratios 1 and 1.5, with and without a raw cap.
 */
const documents = installedMarkdown();
const inputWords = new Map(documents.map((document) => [document.name, words(document.text)]));

describe('real documents at chunk size 100', () => {
  test('there are hundreds of them', () => {
    expect(documents.length).toBeGreaterThan(200);
  });

  for (const options of [
    { chunkSize: 100, maxOverflowRatio: 1 },
    { chunkSize: 100, maxOverflowRatio: 1.5 },
    { chunkSize: 100, maxOverflowRatio: 1.5, maxRawSize: 100 * 3 },
  ]) {
    test(`invariants hold with ${JSON.stringify(options)}`, () => {
      const failures: string[] = [];
      let chunks = 0;
      let tiny = 0;
      // The raw cap run takes every other document, to keep the suite quick.
      const subset = options.maxRawSize ? documents.filter((_, index) => index % 2 === 0) : documents;
      for (const document of subset) {
        try {
          const result = checkInvariants(document.text, options, {
            repeat: false,
            inputWords: inputWords.get(document.name) as string[],
          });
          chunks += result.chunks.length;
          tiny += result.chunks.filter((chunk) => chunk.contentSize < 50).length;
        } catch (error) {
          failures.push(`${document.name}: ${(error as Error).message.slice(0, 400)}`);
        }
      }
      expect(failures).toEqual([]);
      expect(chunks).toBeGreaterThan(subset.length);
      if (100 >= 500) expect(tiny / chunks).toBeLessThan(0.01);
    }, 900_000);
  }
});
