import type { Dirent } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, posix, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import { glob, isDynamicPattern } from 'tinyglobby';
import { describeError } from './errors.js';

/**
 * Something to chunk: a file path, or standard input. A file's `key` is its path relative to
 * the argument it was found under (the folder walked, the static part of the glob; a file named
 * on its own is its own key), with `/` separators: the same on every machine that gets the same
 * arguments, wherever the files are mounted, so `--shard` can divide the files by it.
 */
export type Input = { kind: 'file'; path: string; key: string } | { kind: 'stdin' };

/** A path that gave nothing to chunk, with the reason (`key` as for {@link Input}). */
export interface InputProblem {
  path: string;
  key: string;
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

/** What a folder walk found: markdown files, and markdown names that are broken symlinks. */
export interface Walk {
  /** Paths relative to the folder, with `/`, sorted. */
  files: string[];
  /** Symlinks with a markdown name whose target does not exist, relative, sorted. */
  broken: string[];
}

/**
 * Walk a folder for `.md`, `.markdown` and `.mdx` files, skipping hidden files and folders and
 * `node_modules`, following symlinks (a folder reached twice, through a link cycle, is walked
 * once). A symlink with a markdown name whose target is missing is returned in `broken`, so it
 * is reported like a missing file instead of vanishing.
 *
 * @param root Absolute path of the folder.
 * @returns The files and the broken links, relative to `root`.
 */
export async function walk(root: string): Promise<Walk> {
  const files: string[] = [];
  const broken: string[] = [];
  const visited = new Set<string>();
  const visit = async (folder: string, prefix: string): Promise<void> => {
    const real = await realpath(folder);
    if (visited.has(real)) return;
    visited.add(real);
    let entries: Dirent[];
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      // The root must be readable (the error reaches the caller); below it, skip what is not.
      if (prefix === '') throw error;
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(folder, entry.name);
      const relativePath = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      let kind: 'file' | 'folder' | 'broken' | 'other' = entry.isDirectory()
        ? 'folder'
        : entry.isFile()
          ? 'file'
          : 'other';
      if (entry.isSymbolicLink()) {
        try {
          const target = await stat(path);
          kind = target.isDirectory() ? 'folder' : target.isFile() ? 'file' : 'other';
        } catch {
          kind = 'broken';
        }
      }
      if (kind === 'folder') await visit(path, relativePath);
      else if (kind === 'file' && markdownExtension.test(entry.name)) files.push(relativePath);
      else if (kind === 'broken' && markdownExtension.test(entry.name)) broken.push(relativePath);
    }
  };
  await visit(root, '');
  return { files: files.sort(byPath), broken: broken.sort(byPath) };
}

/**
 * The folder a glob starts from: its leading segments without glob syntax (`docs` for
 * `docs/**\/*.md`, `.` for `*.md`).
 *
 * @param pattern The glob.
 * @returns The folder, as written in the pattern.
 */
export function staticBase(pattern: string): string {
  const segments = toPosix(pattern).split('/');
  const fixed: string[] = [];
  for (const segment of segments.slice(0, -1)) {
    if (isDynamicPattern(segment)) break;
    fixed.push(segment);
  }
  if (fixed.length === 0) return '.';
  return fixed.join('/') || '/';
}

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
  const add = (path: string, key: string) => {
    const absolute = resolve(cwd, path);
    if (seen.has(absolute)) return;
    seen.add(absolute);
    inputs.push({ kind: 'file', path, key });
  };

  for (const arg of args) {
    if (arg === '-') {
      if (!stdin) inputs.push({ kind: 'stdin' });
      stdin = true;
      continue;
    }
    let found: Array<{ path: string; key: string }>;
    try {
      const info = await stat(resolve(cwd, arg));
      if (info.isFile()) {
        add(arg, posix.normalize(toPosix(arg)));
        continue;
      }
      if (!info.isDirectory()) {
        problems.push({ path: arg, key: toPosix(arg), message: 'not a file or folder' });
        continue;
      }
      const walked = await walk(resolve(cwd, arg));
      const kept = (path: string) => !ignored(relative(cwd, resolve(cwd, arg, path)), path);
      for (const path of walked.broken.filter(kept)) {
        problems.push({ path: join(arg, path), key: path, message: 'no such file or directory' });
      }
      found = walked.files.filter(kept).map((path) => ({ path: join(arg, path), key: path }));
      if (found.length === 0 && walked.broken.length === 0) {
        problems.push({
          path: arg,
          key: toPosix(arg),
          message: 'no .md, .markdown or .mdx files in this folder',
        });
      }
    } catch (error) {
      const missing =
        typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT';
      if (!missing || !isDynamicPattern(arg)) {
        problems.push({ path: arg, key: toPosix(arg), message: describeError(error) });
        continue;
      }
      const base = staticBase(arg);
      found = (
        await glob(arg, {
          cwd,
          absolute: isAbsolute(arg),
          dot: false,
          ignore: arg.includes('node_modules') ? [] : skippedFolders,
        })
      )
        .filter((path) => !ignored(isAbsolute(path) ? relative(cwd, path) : path))
        .sort(byPath)
        .map((path) => ({ path, key: toPosix(relative(base, path)) }));
      if (found.length === 0) {
        problems.push({ path: arg, key: toPosix(arg), message: 'no files match this glob' });
      }
    }
    for (const { path, key } of found) add(path, key);
  }
  return { inputs, problems };
}

/**
 * Which files the arguments cover, whether or not they are there: a file named on its own, any
 * path under a folder, a path a glob matches. A file of an earlier run that the arguments cover
 * but that discovery did not find is gone (`--previous` deletes its chunks); one they do not
 * cover is outside this run. `--ignore` does not narrow the cover: a file newly ignored is gone
 * from the output, so its chunks are deleted too.
 *
 * @param args Path arguments in the order given (`-`, standard input, covers nothing).
 * @param cwd Working directory.
 * @returns A test taking a file as an earlier run named it, and returning its key (as
 *   {@link Input}'s, to tell its shard) when an argument covers it, else `undefined`.
 */
export async function createCover(
  args: readonly string[],
  cwd: string,
): Promise<(file: string) => string | undefined> {
  const tests: Array<(absolute: string, file: string) => string | undefined> = [];
  for (const arg of args) {
    if (arg === '-') continue;
    const root = resolve(cwd, arg);
    const kind = await stat(root).then(
      (info) => (info.isFile() ? 'file' : info.isDirectory() ? 'folder' : 'other'),
      () => 'missing',
    );
    if (kind === 'missing' && isDynamicPattern(arg)) {
      const base = staticBase(arg);
      const pattern = toPosix(arg);
      const matches = picomatch(pattern, { dot: false });
      const outsideModules = !arg.includes('node_modules');
      tests.push((absolute, file) => {
        const path = toPosix(isAbsolute(arg) ? absolute : relative(cwd, absolute));
        if (outsideModules && path.split('/').includes('node_modules')) return undefined;
        return matches(path) || matches(toPosix(file)) ? toPosix(relative(base, path)) : undefined;
      });
      continue;
    }
    // A file, a folder, or a path that is gone and may have been either.
    tests.push((absolute) => {
      if (absolute === root && kind !== 'folder') return posix.normalize(toPosix(arg));
      const inside = relative(root, absolute);
      const up = inside === '..' || inside.startsWith(`..${sep}`);
      if (kind === 'file' || inside === '' || up || isAbsolute(inside)) {
        return undefined;
      }
      return toPosix(inside);
    });
  }
  return (file) => {
    const absolute = resolve(cwd, file);
    for (const test of tests) {
      const key = test(absolute, file);
      if (key !== undefined) return key;
    }
    return undefined;
  };
}
