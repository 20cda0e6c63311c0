import { stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { glob, isDynamicPattern } from 'tinyglobby';
import { describeError } from './errors.js';

/** Something to chunk: a file path, or standard input. */
export type Input = { kind: 'file'; path: string } | { kind: 'stdin' };

/** A path argument that gave nothing to chunk, with the reason. */
export interface InputProblem {
  path: string;
  message: string;
}

/** Files to chunk, in a stable order, and the arguments that failed. */
export interface Discovery {
  inputs: Input[];
  problems: InputProblem[];
}

/** Extensions of the files a folder walk picks up. */
export const markdownExtension = /\.(md|markdown|mdx)$/i;

/** Folders a walk never enters (hidden folders are skipped as well). */
const skippedFolders = ['**/node_modules/**'];

/**
 * Decide whether a path is ignored by `--ignore` globs.
 *
 * A pattern with a slash matches the path relative to the working directory or to the folder
 * being walked (and everything under a matching folder); a pattern without a slash matches any
 * single file or folder name (`drafts`, `CHANGELOG.md`, `*.mdx`).
 *
 * @param patterns `--ignore` globs.
 * @returns A test taking the path relative to the working directory and, for walked files,
 * relative to the walked folder.
 */
export function createIgnore(
  patterns: readonly string[],
): (fromCwd: string, fromRoot?: string) => boolean {
  if (patterns.length === 0) return () => false;
  const options = { dot: true };
  const paths = patterns.filter((pattern) => pattern.includes('/'));
  const names = patterns.filter((pattern) => !pattern.includes('/'));
  const matchPath = paths.length > 0 ? picomatch(paths.flatMap(withContents), options) : null;
  const matchName = names.length > 0 ? picomatch(names, options) : null;
  return (fromCwd, fromRoot) => {
    const candidates = [fromCwd, fromRoot].filter((path) => path !== undefined).map(toPosix);
    if (matchPath && candidates.some((path) => matchPath(path.replace(/^\.\//, '')))) return true;
    if (matchName)
      return candidates.some((path) => path.split('/').some((name) => matchName(name)));
    return false;
  };
}

/** A pattern and the pattern of everything under it, so that `docs/drafts` skips its files. */
function withContents(pattern: string): string[] {
  const trimmed = pattern.replace(/^\.\//, '').replace(/\/+$/, '');
  return [trimmed, `${trimmed}/**`];
}

function toPosix(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

const byPath = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Turn the path arguments into the list of inputs: files as given, folders walked for
 * `.md`, `.markdown` and `.mdx` files, globs expanded, `-` for standard input. Each
 * folder's or glob's files come sorted by path; a file named twice is chunked once.
 *
 * @param args Path arguments in the order given.
 * @param options Working directory and `--ignore` globs.
 * @returns Inputs, and one problem per argument that gave nothing to chunk.
 */
export async function discover(
  args: readonly string[],
  options: { cwd: string; ignore: readonly string[] },
): Promise<Discovery> {
  const { cwd } = options;
  const ignored = createIgnore(options.ignore);
  const inputs: Input[] = [];
  const problems: InputProblem[] = [];
  const seen = new Set<string>();
  let stdin = false;
  const add = (path: string) => {
    const key = resolve(cwd, path);
    if (seen.has(key)) return;
    seen.add(key);
    inputs.push({ kind: 'file', path });
  };

  for (const arg of args) {
    if (arg === '-') {
      if (!stdin) inputs.push({ kind: 'stdin' });
      stdin = true;
      continue;
    }
    let found: string[];
    try {
      const info = await stat(resolve(cwd, arg));
      if (info.isFile()) {
        add(arg);
        continue;
      }
      if (!info.isDirectory()) {
        problems.push({ path: arg, message: 'not a file or folder' });
        continue;
      }
      const walked = await glob('**/*', {
        cwd: resolve(cwd, arg),
        ignore: skippedFolders,
        dot: false,
      });
      found = walked
        .filter((path) => markdownExtension.test(path))
        .filter((path) => !ignored(relative(cwd, resolve(cwd, arg, path)), path))
        .sort(byPath)
        .map((path) => join(arg, path));
      if (found.length === 0) {
        problems.push({ path: arg, message: 'no .md, .markdown or .mdx files in this folder' });
      }
    } catch (error) {
      const missing =
        typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
      if (!missing || !isDynamicPattern(arg)) {
        problems.push({ path: arg, message: describeError(error) });
        continue;
      }
      found = (
        await glob(arg, {
          cwd,
          absolute: isAbsolute(arg),
          dot: false,
          ignore: arg.includes('node_modules') ? [] : skippedFolders,
        })
      )
        .filter((path) => !ignored(isAbsolute(path) ? relative(cwd, path) : path))
        .sort(byPath);
      if (found.length === 0) problems.push({ path: arg, message: 'no files match this glob' });
    }
    for (const path of found) add(path);
  }
  return { inputs, problems };
}
