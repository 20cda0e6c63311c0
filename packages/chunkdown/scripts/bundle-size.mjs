#!/usr/bin/env node
/**
 * Measure what `chunkdown` costs in a browser bundle: esbuild bundles a one-line app that
 * imports the built package and splits a message, minified for browsers, and the script prints
 * the bundle's size, its gzip size (level 9) and the minified bytes each package contributes
 * (the largest first). It measures the build a browser bundler picks (the `browser` condition
 * of `.`, `dist/browser.js`, which bundles the parser with micromark's DOM-free entity table so
 * it runs in Web Workers) and the plain ESM build (`dist/index.js`); and the same app with every
 * docs dialect (`chunkdown/syntax`'s `auto()`, which brings MDX's parser and acorn), which only
 * users who ask for dialects pay.
 *
 * Usage: `node scripts/bundle-size.mjs [--no-build] [--json] [--check-docs]`. `--json` prints
 * the numbers as one JSON object instead of a table; `--check-docs` fails when the sizes
 * `docs/integrations.md` states (its "Browsers and Web Workers" section, the one place they are
 * stated) are more than 3 % off what was measured (`check:package` runs it).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));

if (!args.has('--no-build')) {
  const built = spawnSync('pnpm', ['run', 'build'], { cwd: packageDir, stdio: 'ignore' });
  if (built.status !== 0) throw new Error('`pnpm run build` failed');
}

/** The app: what a Web Worker that splits documents for a page holds. */
const app = `import { chunkdown } from 'chunkdown';
self.onmessage = (event) => self.postMessage(chunkdown({ chunkSize: 500 }).split(event.data));
`;
/** The same app reading docs dialects. */
const dialectApp = `import { chunkdown } from 'chunkdown';
import { auto } from 'chunkdown/syntax';
self.onmessage = (event) => self.postMessage(chunkdown({ chunkSize: 500, syntax: auto() }).split(event.data));
`;

const browser = (subpath) => manifest.exports[subpath].browser ?? manifest.exports[subpath].default;
const builds = {
  'browser (what bundlers pick)': [app, { chunkdown: browser('.') }],
  'plain ESM (dist/index.js)': [app, { chunkdown: manifest.exports['.'].default }],
  'browser with chunkdown/syntax (auto)': [
    dialectApp,
    { chunkdown: browser('.'), 'chunkdown/syntax': browser('./syntax') },
  ],
};
const measured = {};
for (const [name, [source, files]] of Object.entries(builds)) {
  measured[name] = await measure(source, files);
}

if (args.has('--check-docs')) checkDocs(measured);

if (args.has('--json')) {
  console.log(JSON.stringify(measured));
} else {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  for (const [name, { minified, gzip, packages }] of Object.entries(measured)) {
    console.log(`\n${name}: ${kb(minified)} minified, ${kb(gzip)} gzip`);
    for (const { name: packageName, bytes } of packages.slice(0, 12)) {
      console.log(
        `  ${packageName.padEnd(40)} ${kb(bytes).padStart(9)}  ${((bytes / minified) * 100).toFixed(1).padStart(5)} %`,
      );
    }
  }
}

/**
 * Bundle an app against one build of the package.
 *
 * @param {string} source The app.
 * @param {Record<string, string>} files The build's entry file of each import.
 * @returns {Promise<{ minified: number, gzip: number, packages: { name: string, bytes: number }[] }>}
 *   Sizes in bytes, and the minified bytes by package (`chunkdown` for the package's own files).
 */
async function measure(source, files) {
  const alias = {};
  for (const [name, file] of Object.entries(files)) {
    const entry = join(packageDir, file);
    if (!existsSync(entry)) throw new Error(`${entry} is missing: build the package first`);
    alias[name] = entry;
  }
  const result = await build({
    stdin: { contents: source, resolveDir: packageDir, loader: 'js' },
    alias,
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
  const byPackage = new Map();
  const output = Object.values(result.metafile.outputs)[0];
  for (const [path, { bytesInOutput }] of Object.entries(output?.inputs ?? {})) {
    const name = packageOf(path);
    byPackage.set(name, (byPackage.get(name) ?? 0) + bytesInOutput);
  }
  return {
    minified: code.length,
    gzip: gzipSync(code, { level: 9 }).length,
    packages: [...byPackage]
      .map(([name, bytes]) => ({ name, bytes }))
      .sort((a, b) => b.bytes - a.bytes),
  };
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

/**
 * Compare the sizes `docs/integrations.md` states with the measured ones; exit with 1 when one
 * is more than 3 % off (or the sentence is gone).
 *
 * @param {Record<string, { minified: number, gzip: number }>} sizes What was measured.
 */
function checkDocs(sizes) {
  const page = join(packageDir, '..', '..', 'docs', 'integrations.md');
  const text = readFileSync(page, 'utf8').replace(/\s+/g, ' ');
  const stated =
    /costs ([\d.]+) KB gzip \(([\d.]+) KB minified, esbuild, the `browser` build below; ([\d.]+) KB gzip, ([\d.]+) KB minified, from the plain ESM build\)/.exec(
      text,
    );
  if (!stated) {
    console.error(
      'docs/integrations.md no longer states the bundle size where --check-docs reads it',
    );
    process.exit(1);
  }
  const [, browserGzip, browserMin, esmGzip, esmMin] = stated.map(Number);
  const pairs = [
    ['browser gzip', browserGzip, sizes['browser (what bundlers pick)']?.gzip],
    ['browser minified', browserMin, sizes['browser (what bundlers pick)']?.minified],
    ['plain ESM gzip', esmGzip, sizes['plain ESM (dist/index.js)']?.gzip],
    ['plain ESM minified', esmMin, sizes['plain ESM (dist/index.js)']?.minified],
  ];
  let off = 0;
  for (const [name, kb, bytes] of pairs) {
    const measuredKb = (bytes ?? 0) / 1024;
    const ok = Math.abs(measuredKb - kb) <= kb * 0.03;
    console.log(
      `${ok ? 'ok' : 'FAIL'}: docs/integrations.md says ${name} ${kb} KB, measured ${measuredKb.toFixed(1)} KB`,
    );
    if (!ok) off++;
  }
  if (off > 0) process.exit(1);
}
