import { describe, expect, test } from 'vitest';
import { chunkdown } from '../src/index.js';
import { fromTokenizerJson } from '../src/tokenize/json.js';
import { full, realDocuments } from './helpers/corpus.js';
import { modelTokenizers, referenceCounter } from './helpers/tokenizers.js';

/**
 * Real documents through real tokenizers (Qwen3-Embedding's BPE, EmbeddingGemma's, a BERT-family
 * WordPiece): every chunk's `rawSize` is what the model sees (prefix and special tokens
 * included), within `maxRawSize` exactly, and the counts are those of the Rust `tokenizers`
 * library on the same texts. By default one document in ten of the pinned sample; `FULL=1` runs
 * every document (and `CHUNKDOWN_CORPORA`, see `helpers/corpus.ts`) and prints how many texts
 * were compared.
 */
const documents = realDocuments().filter((_, index) => full || index % 10 === 0);

const settings = [
  { label: 'size 200, cap 256', chunkSize: 200, maxOverflowRatio: 1.2, maxRawSize: 256 },
  {
    label: 'size 400, cap 512, context',
    chunkSize: 400,
    maxOverflowRatio: 1.5,
    maxRawSize: 512,
    context: true,
  },
];

describe.each(modelTokenizers())('$name, prefix "$prefix"', ({ name, json, prefix }) => {
  const length = fromTokenizerJson(json, { prefix });
  const reference = referenceCounter(json);

  test.each(settings)(
    '$label: every chunk within the cap as the model sees it, counted as the Rust library counts',
    async ({ label, ...options }) => {
      const splitter = chunkdown({ ...options, lengthFunction: length });
      const texts: string[] = [];
      const sizes: number[] = [];
      for (const document of documents) {
        for (const chunk of splitter.split(document.text).chunks) {
          const embedded = chunk.embedText ?? chunk.text;
          expect(length.modelLength(embedded), document.name).toBeLessThanOrEqual(
            options.maxRawSize,
          );
          expect(chunk.rawSize, document.name).toBeLessThanOrEqual(options.maxRawSize);
          texts.push(chunk.text, embedded);
          sizes.push(chunk.rawSize, length.modelLength(embedded));
        }
      }
      expect(texts.length).toBeGreaterThan(documents.length);
      // What the model sees: the prefix and the text, with the special tokens.
      const seen = await reference.counts(
        texts.map((text) => prefix + text),
        true,
      );
      expect(differences(texts, sizes, seen)).toEqual([]);
      // The text alone, as content sizes count it.
      const alone = await reference.counts(texts, false);
      expect(differences(texts, texts.map(length), alone)).toEqual([]);
      if (full) {
        console.info(
          `${name} ${label}: ${documents.length} documents, ${texts.length} texts, ${seen.reduce((sum, count) => sum + count, 0)} tokens, counts identical`,
        );
      }
    },
    120_000,
  );
});

/** The texts whose counts differ, with both counts (first ten). */
function differences(texts: string[], ours: number[], theirs: number[]) {
  return texts
    .map((text, index) => ({ text: text.slice(0, 80), ours: ours[index], theirs: theirs[index] }))
    .filter(({ ours: a, theirs: b }) => a !== b)
    .slice(0, 10);
}
