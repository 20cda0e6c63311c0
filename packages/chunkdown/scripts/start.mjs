#!/usr/bin/env node
/**
 * The Quick start's `pnpm start`: build the library, then chunk the bundled example with the
 * `chunkdown` command and print the chunks. The build's output is printed only when it fails, so
 * the chunks are the first thing on the screen.
 *
 * Usage (from the repository root): `pnpm start`, which runs `node packages/chunkdown/scripts/start.mjs`.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const root = resolve(packageDir, '..', '..');

const build = spawnSync(join(packageDir, 'node_modules', '.bin', 'tsdown'), [], {
  cwd: packageDir,
  encoding: 'utf8',
  shell: process.platform === 'win32',
  env: { ...process.env, NO_COLOR: '1' },
});
if (build.error || build.status !== 0) {
  process.stderr.write(`${build.stdout ?? ''}${build.stderr ?? ''}`);
  if (build.error) process.stderr.write(`${build.error.message}\n`);
  process.stderr.write('\nThe build failed (its output is above).\n');
  process.exit(build.status || 1);
}

const example = relative(root, join(packageDir, 'examples', 'getting-started.md'));
const run = spawnSync(
  process.execPath,
  [join(packageDir, 'dist', 'cli.js'), example, '--chunk-size', '500', '--format', 'text'],
  { cwd: root, stdio: 'inherit' },
);
process.exit(run.status ?? 1);
