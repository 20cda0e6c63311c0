/**
 * chunkdown@3.5.0 as a user without a command line runs it: a fresh Node process that imports
 * it, reads a file, splits it and writes one JSON line per chunk. `dialects.mjs` times it (CPU of
 * the whole process, `cpu-at-exit.mjs`) beside the command, which also starts cold.
 *
 *   node bench/v3-process.mjs FILE OUT CHUNK_SIZE RATIO
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { chunkdown } from 'chunkdown-v3';

const [file, out, chunkSize, ratio] = process.argv.slice(2);
const splitter = chunkdown({ chunkSize: Number(chunkSize), maxOverflowRatio: Number(ratio) });
const chunks = splitter.splitText(readFileSync(file, 'utf8'));
writeFileSync(out, chunks.map((chunk) => `${JSON.stringify({ file, chunk })}\n`).join(''));
