/**
 * Indexed chunk lengths of chunkdown `context: true` and LangChain's `MarkdownTextSplitter` at
 * given sizes (the calibrated `chunkSize`s a retrieval report prints): count, mean and
 * p10/p50/p90 (nearest rank below: the value at index ⌊p·n⌋ of the sorted lengths), over every
 * `.md`/`.mdx`/`.markdown` file under a folder, `maxOverflowRatio` 1.5, no overlap.
 *
 *     node bench/retrieval/lengths.mjs <folder> <chunkdown chunkSize> <LangChain chunkSize>
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chunkdownChunker, langchainChunker } from './chunkers.mjs';

const [dir, chunkdownSize, langchainSize] = process.argv.slice(2);
if (dir === undefined || !(Number(chunkdownSize) > 0) || !(Number(langchainSize) > 0)) {
  console.error(
    'usage: node bench/retrieval/lengths.mjs <folder> <chunkdown size> <LangChain size>',
  );
  process.exit(2);
}
const documents = readdirSync(dir, { recursive: true })
  .filter((file) => /\.(md|mdx|markdown)$/i.test(file))
  .sort()
  .map((file) => readFileSync(path.join(dir, file), 'utf8'));
const at = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const systems = [
  [
    'chunkdown `context: true`',
    () => chunkdownChunker({ chunkSize: Number(chunkdownSize), ratio: 1.5, context: true }),
  ],
  ['LangChain', () => langchainChunker({ chunkSize: Number(langchainSize), chunkOverlap: 0 })],
];
for (const [name, make] of systems) {
  const split = await make();
  const lengths = [];
  for (const text of documents) {
    for (const chunk of await split(text)) lengths.push(chunk.text.length);
  }
  lengths.sort((a, b) => a - b);
  const mean = lengths.reduce((sum, length) => sum + length, 0) / lengths.length;
  const spread = [0.1, 0.5, 0.9].map((p) => at(lengths, p)).join('/');
  console.log(`${name}: ${lengths.length} chunks, mean ${mean.toFixed(0)}, p10/p50/p90 ${spread}`);
}
