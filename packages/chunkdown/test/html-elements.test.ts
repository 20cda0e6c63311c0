import { describe, expect, test } from 'vitest';
import { checkInvariants } from './helpers/invariants.js';

/**
 * An HTML element written as separate blocks around markdown (an mdBook `<Listing>`, MDX
 * `<Tabs>`, `<details>`): its opening tag goes with what it opens, its closing tag with what it
 * closes, so no chunk ends with an opening tag or starts with a closing one.
 */
const filler = (words: number, seed: string) =>
  Array.from({ length: words }, (_, index) => `${seed}${index}`).join(' ');

function chunkTexts(markdown: string, chunkSize: number, overlap = 0): string[] {
  return checkInvariants(markdown, { chunkSize, maxOverflowRatio: 1.5, overlap }).chunks.map(
    (chunk) => chunk.text,
  );
}

describe('HTML elements around markdown', () => {
  const listing = (index: number) =>
    `Listing ${index} shows it: ${filler(18, `p${index}w`)}.\n\n<Listing number="${index}" file-name="src/main.rs" caption="A program">\n\n\`\`\`rust\nfn main() {\n    println!("${filler(6, 'v')}");\n}\n\`\`\`\n\n</Listing>`;
  const markdown = Array.from({ length: 6 }, (_, index) => listing(index + 1)).join('\n\n');

  for (const chunkSize of [120, 200, 300]) {
    test(`an opening tag never ends a chunk, a closing tag never starts one (size ${chunkSize})`, () => {
      const chunks = chunkTexts(markdown, chunkSize);
      expect(chunks.length).toBeGreaterThan(2);
      for (const text of chunks) {
        expect(text).not.toMatch(/<Listing[^>]*>$/);
        expect(text).not.toMatch(/^<\/Listing>/);
      }
    });
  }

  test('an opening tag over the limit itself still takes the start of what it opens', () => {
    // mdBook captions make `<Listing …>` lines longer than a small chunk: alone, the tag left the
    // element open in one chunk and closed it in the next.
    const caption = filler(20, 'caption');
    const text = `${filler(20, 'intro')}.\n\n<Listing number="5-12" caption="${caption}">\n\n\`\`\`rust\n{{#rustdoc_include ../listings/listing-05-12/src/main.rs}}\n\`\`\`\n\n</Listing>\n\n${filler(20, 'after')}.`;
    const chunks = chunkTexts(text, 100);
    const opened = chunks.find((chunk) => chunk.includes('<Listing'));
    expect(opened).toMatch(/^<Listing[^>]*>\n\n```rust\n/);
    for (const chunk of chunks) {
      expect(chunk).not.toMatch(/<Listing[^>]*>$/);
      expect(chunk).not.toMatch(/^<\/Listing>/);
    }
  });

  test('an overlap never starts with a closing tag alone', () => {
    // The code is one token longer than the overlap: no line or word of it fits, only the tag.
    const code = `\`\`\`rust\n${'x'.repeat(60)}\n\`\`\``;
    const text = Array.from(
      { length: 4 },
      (_, index) =>
        `${filler(12, `p${index}w`)}.\n\n<Listing number="${index}">\n\n${code}\n\n</Listing>\n\n${filler(12, `q${index}w`)}.`,
    ).join('\n\n');
    const chunks = chunkTexts(text, 120, 20);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) expect(chunk).not.toMatch(/^<\/Listing>/);
  });

  test('a details element keeps its summary with its content', () => {
    const text = `${filler(30, 'intro')}.\n\n<details>\n\n${filler(25, 'inside')}.\n\n</details>\n\n${filler(30, 'after')}.`;
    for (const chunk of chunkTexts(text, 160)) {
      expect(chunk).not.toMatch(/<details>$/);
      expect(chunk).not.toMatch(/^<\/details>/);
    }
  });
});
