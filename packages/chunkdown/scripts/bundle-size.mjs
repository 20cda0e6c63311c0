#!/usr/bin/env node
/**
 * Measure what `chunkdown` costs in a browser bundle: esbuild bundles a one-line app that
 * imports the built package (`dist/index.js`) and splits a message, minified for browsers, and
 * the script prints the bundle's size, its gzip size (level 9) and the minified bytes each
 * package contributes (the largest first).
 *
 * Usage: `node scripts/bundle-size.mjs [--no-build] [--json]`. `--json` prints the numbers as
 * one JSON object instead of a table.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const entry = join(packageDir, 'dist', 'index.js');

if (!args.has('--no-build')) {
  const built = spawnSync('pnpm', ['run', 'build'], { cwd: packageDir, stdio: 'ignore' });
  if (built.status !== 0) throw new Error('`pnpm run build` failed');
}
if (!existsSync(entry)) throw new Error(`${entry} is missing: build the package first`);

/** The app: what a Web Worker that splits documents for a page holds. */
const app = `import { chunkdown } from 'chunkdown';
self.onmessage = (event) => self.postMessage(chunkdown({ chunkSize: 500 }).split(event.data));
`;

const result = await build({
  stdin: { contents: app, resolveDir: packageDir, loader: 'js' },
  alias: { chunkdown: entry },
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  write: false,
  metafile: true,
  legalComments: 'none',
  logLevel: 'error',
});

const code = result.outputFiles[0]?.contents ?? new Uint8Array();
const gzip = gzipSync(code, { level: 9 }).length;

/** Minified bytes per package (`chunkdown` for our own files). */
const byPackage = new Map();
const output = Object.values(result.metafile.outputs)[0];
for (const [path, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
  const name = packageOf(path);
  byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
}
const packages = [...byPackage]
  .map(([name, bytes]) => ({ name, bytes }))
  .sort((a, b) => b.bytes - a.bytes);

if (args.has('--json')) {
  console.log(JSON.stringify({ minified: code.length, gzip, packages }));
} else {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`browser bundle of \`chunkdown\`: ${kb(code.length)} minified, ${kb(gzip)} gzip`);
  console.log('\nminified bytes by package:');
  for (const { name, bytes } of packages) {
    console.log(
      `  ${name.padEnd(36)} ${kb(bytes).padStart(9)}  ${((bytes / code.length) * 100).toFixed(1).padStart(5)} %`,
    );
  }
}

/**
 * The package a bundled file comes from.
 *
 * @param {string} path Path of an input as esbuild names it.
 * @returns {string} The package name, or `chunkdown` for the package's own files.
 */
function packageOf(path) {
  const parts = path.split('node_modules/');
  if (parts.length === 1) return 'chunkdown';
  const rest = (parts[parts.length - 1] ?? '').split('/');
  return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? path);
}
