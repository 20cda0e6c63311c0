import { getEncoding } from 'js-tiktoken';
import { describe, expect, test } from 'vitest';
import { chunkdown } from '../src/index.js';
import { cl100k_base } from '../src/tokenize/tokenizers.js';
import { checkInvariants } from './helpers/invariants.js';

// An independent tokenizer (js-tiktoken) checks what chunkdown measured with gpt-tokenizer.
const reference = getEncoding('cl100k_base');
const count = (text: string) => reference.encode(text, [], []).length;

const document = [
  '# Field guide',
  '',
  Array.from(
    { length: 40 },
    (_, index) =>
      `Observation ${index} describes the weather, the soil and the animals seen that day.`,
  ).join(' '),
  '',
  '## Measurements',
  '',
  '| station | date | temperature °C | rainfall mm | notes |',
  '| --- | --- | --: | --: | --- |',
  ...Array.from(
    { length: 60 },
    (_, index) =>
      `| st-${index % 7} | 2026-03-${String((index % 28) + 1).padStart(2, '0')} | ${(index * 1.7).toFixed(1)} | ${index * 3} | [log](https://example.com/log/${index}) |`,
  ),
  '',
  '## Script',
  '',
  '```python',
  ...Array.from(
    { length: 120 },
    (_, index) => `value_${index} = compute(${index}, scale=${index % 5}) # step ${index}`,
  ),
  '```',
  '',
  '## 日本語',
  '',
  '今日は晴れていて、山の上から海がよく見えました。'.repeat(30),
].join('\n');

describe('token sizes (cl100k_base)', () => {
  for (const [chunkSize, maxRawSize] of [
    [200, 256],
    [100, 120],
    [400, 300],
  ] as const) {
    test(`every chunk is within a cap of ${maxRawSize} tokens at chunk size ${chunkSize}`, () => {
      const { chunks } = checkInvariants(document, {
        chunkSize,
        maxRawSize,
        lengthFunction: cl100k_base,
      });
      expect(chunks.length).toBeGreaterThan(5);
      for (const chunk of chunks) {
        const tokens = count(chunk.text);
        expect(tokens).toBeLessThanOrEqual(maxRawSize);
        expect(chunk.rawSize).toBe(tokens);
      }
      // The structure survives: every table piece has its header, every code piece its fence.
      for (const chunk of chunks.filter((chunk) => !chunk.cut)) {
        if (chunk.text.includes('| st-')) expect(chunk.text).toContain('| station | date |');
        if (chunk.text.includes('value_')) expect(chunk.text).toMatch(/```python\n[\s\S]*```$/);
      }
    });
  }

  test('content sizes are measured in tokens', () => {
    const splitter = chunkdown({ chunkSize: 200, lengthFunction: cl100k_base });
    const { chunks } = splitter.split(document);
    const sizes = chunks.map((chunk) => chunk.contentSize);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(260);
    expect(sizes.filter((size) => size > 200).length).toBeLessThan(chunks.length / 5);
  });
});
