#!/usr/bin/env node
/**
 * The `chunkdown` command: split markdown files, folders, globs or standard input into
 * chunks. See `chunkdown --help`.
 *
 * @module
 */
import { availableParallelism } from 'node:os';
import { run } from './run.js';

try {
  process.exitCode = await run({
    argv: process.argv.slice(2),
    cwd: process.cwd(),
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    cpus: availableParallelism(),
    workerUrl: new URL('./cli-worker.js', import.meta.url),
  });
} catch (error) {
  // Not a user error: a bug, reported with its stack so that it can be fixed.
  process.stderr.write(
    `chunkdown: internal error, please report it: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exitCode = 1;
}
