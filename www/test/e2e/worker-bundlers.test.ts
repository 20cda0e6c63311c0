import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import type { Browser } from 'playwright-core';
import { build as viteBuild } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpack from 'webpack';
import { launch } from './browser.ts';
import { serveStatic } from './serve.ts';

// A user's app: it imports chunkdown in a module Web Worker, bundled by Vite, webpack or esbuild
// with their defaults (no resolve conditions, no aliases, no polyfills), from the packed tarball.

const library = fileURLToPath(new URL('../../../packages/chunkdown/', import.meta.url));
const npmCache = fileURLToPath(
  new URL('../../node_modules/.cache/worker-bundlers/', import.meta.url),
);

const MAIN = `const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
worker.onmessage = ({ data }) => { document.body.dataset.result = JSON.stringify(data); };
worker.onerror = (event) => { document.body.dataset.result = JSON.stringify({ error: event.message || 'worker error' }); };
worker.postMessage('# Worker\\n\\nOne sentence here. Another sentence there.\\n\\n## Part &amp; parcel\\n\\nText &copy; 2026.');
`;
const WORKER = `import { chunkdown } from 'chunkdown';
self.onmessage = ({ data }) => {
  try {
    self.postMessage({ chunks: chunkdown({ chunkSize: 30 }).splitText(data) });
  } catch (error) {
    self.postMessage({ error: String(error) });
  }
};
`;
const HTML = (script: string) =>
  `<!doctype html><html><head><meta charset="utf-8"></head><body><script type="module" src="${script}"></script></body></html>\n`;

let app: string;
let browser: Browser;

beforeAll(async () => {
  app = mkdtempSync(join(tmpdir(), 'chunkdown-worker-app-'));
  execFileSync('pnpm', ['pack', '--pack-destination', app], { cwd: library, stdio: 'pipe' });
  const tarball = readdirSync(app).find((file) => file.endsWith('.tgz'));
  if (!tarball) throw new Error('`pnpm pack` wrote no tarball');
  writeFileSync(
    join(app, 'package.json'),
    '{ "name": "worker-app", "private": true, "type": "module" }\n',
  );
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--prefer-offline', '--cache', npmCache, `./${tarball}`],
    { cwd: app, stdio: 'pipe' },
  );
  mkdirSync(join(app, 'src'));
  writeFileSync(join(app, 'src', 'index.js'), MAIN);
  writeFileSync(join(app, 'src', 'worker.js'), WORKER);
  browser = await launch();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (app) rmSync(app, { recursive: true, force: true });
});

/** Serve a built app, open it and wait for the worker's answer. */
async function run(dist: string): Promise<{ chunks?: string[]; error?: string }> {
  const server = await serveStatic(dist);
  const page = await browser.newPage();
  try {
    await page.goto(server.url);
    const handle = await page.waitForFunction(() => document.body.dataset.result, null, {
      timeout: 20_000,
    });
    return JSON.parse((await handle.jsonValue()) as string);
  } finally {
    await page.close();
    await server.close();
  }
}

const expected = [
  '# Worker\n\nOne sentence here.',
  'Another sentence there.',
  '## Part & parcel\n\nText © 2026.',
];

describe('chunkdown in a module Web Worker of a default build', () => {
  it('Vite', async () => {
    writeFileSync(join(app, 'index.html'), HTML('/src/index.js'));
    const outDir = join(app, 'dist-vite');
    await viteBuild({ root: app, configFile: false, logLevel: 'warn', build: { outDir } });
    const answer = await run(outDir);
    expect(answer.error).toBeUndefined();
    expect(answer.chunks).toEqual(expected);
  });

  it('webpack', async () => {
    const outDir = join(app, 'dist-webpack');
    const stats = await new Promise<webpack.Stats | undefined>((resolve, reject) =>
      webpack({ context: app, mode: 'production', output: { path: outDir } }, (error, result) =>
        error ? reject(error) : resolve(result),
      ),
    );
    expect(stats?.hasErrors(), stats?.toString('errors-only')).toBe(false);
    writeFileSync(join(outDir, 'index.html'), HTML('main.js'));
    const answer = await run(outDir);
    expect(answer.error).toBeUndefined();
    expect(answer.chunks).toEqual(expected);
  });

  it('esbuild', async () => {
    const outDir = join(app, 'dist-esbuild');
    await esbuild.build({
      absWorkingDir: app,
      entryPoints: ['src/index.js', 'src/worker.js'],
      bundle: true,
      format: 'esm',
      outdir: outDir,
      logLevel: 'warning',
    });
    writeFileSync(join(outDir, 'index.html'), HTML('index.js'));
    const answer = await run(outDir);
    expect(answer.error).toBeUndefined();
    expect(answer.chunks).toEqual(expected);
  });
});
