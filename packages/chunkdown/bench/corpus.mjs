/**
 * Real documents: the markdown that ships inside `node_modules`, and folders given with `--corpus`.
 *
 * A document is a descriptor `{ name, file, bytes }`; the child process reads the file itself.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { glob } from 'tinyglobby';

const markdown = ['**/*.md', '**/*.markdown'];

/**
 * Dependencies installed for the benchmark's peers only (mastra's RAG package pulls in some 150
 * packages and 700 markdown files, most of them mastra's own docs): the packages only they bring
 * are left out of the node_modules corpus, so it stays the documents it was (the tests'
 * `test/helpers/corpus.ts` leaves out the same).
 */
export const benchmarkOnlyDependencies = ['@mastra/rag', '@mastra/core', 'zod'];

/**
 * The markdown files installed in the workspace's `node_modules` (pnpm keeps every package under
 * `node_modules/.pnpm`), deduplicated by content and capped at `maxBytes`; packages that only
 * {@link benchmarkOnlyDependencies} bring are left out.
 *
 * @param {string} root Workspace root.
 * @param {number} maxBytes Cap on the total size; a stable pseudo-random sample is taken above it.
 * @returns Document descriptors sorted by name.
 */
export async function nodeModulesDocuments(root, maxBytes) {
  const kept = corpusPackages(root);
  const store = path.join(root, 'node_modules', '.pnpm');
  const files = (
    await glob(markdown, {
      cwd: path.join(root, 'node_modules'),
      absolute: true,
      dot: true,
      followSymbolicLinks: false,
      caseSensitiveMatch: false,
    })
  ).filter((file) => kept.has(path.relative(store, file).split(path.sep)[0]));
  // `…/node_modules/.pnpm/x@1.0.0/node_modules/x/README.md` is named `x/README.md`.
  const named = files.map((file) => ({ name: file.split('/node_modules/').pop(), file }));
  return sample(unique(named), maxBytes);
}

/**
 * The folders of `node_modules/.pnpm` the workspace's dependencies reach without
 * {@link benchmarkOnlyDependencies}: from the links in each project's `node_modules` (the root,
 * `packages/*`, `www`), following each package's links to its own dependencies.
 *
 * @param {string} root Workspace root.
 * @returns {Set<string>} Folder names.
 */
function corpusPackages(root) {
  const store = path.join(root, 'node_modules', '.pnpm');
  const list = (folder) => {
    try {
      return readdirSync(folder);
    } catch {
      return [];
    }
  };
  const links = (folder, skip) =>
    list(folder)
      .flatMap((name) =>
        name.startsWith('@')
          ? list(path.join(folder, name)).map((inner) => `${name}/${inner}`)
          : name.startsWith('.')
            ? []
            : [name],
      )
      .filter((name) => !skip.includes(name))
      .map((name) => path.join(folder, name));
  const projects = [
    root,
    path.join(root, 'www'),
    ...list(path.join(root, 'packages')).map((name) => path.join(root, 'packages', name)),
  ];
  const queue = projects.flatMap((project) =>
    links(path.join(project, 'node_modules'), benchmarkOnlyDependencies),
  );
  const kept = new Set();
  for (let link = queue.pop(); link !== undefined; link = queue.pop()) {
    let real;
    try {
      real = path.relative(store, realpathSync(link));
    } catch {
      continue;
    }
    const entry = real.split(path.sep)[0];
    if (real.startsWith('..') || kept.has(entry)) continue;
    kept.add(entry);
    queue.push(...links(path.join(store, entry, 'node_modules'), []));
  }
  return kept;
}

/**
 * Every markdown file under a folder.
 *
 * @param {string} dir Folder to walk.
 * @returns Document descriptors sorted by name, deduplicated by content.
 */
export async function folderDocuments(dir) {
  const files = await glob(markdown, { cwd: dir, absolute: true, caseSensitiveMatch: false });
  if (files.length === 0) throw new Error(`No markdown files under \`${dir}\``);
  return unique(files.map((file) => ({ name: path.relative(dir, file), file })));
}

/** Drop empty documents and repeated contents (the first name, in path order, wins). */
function unique(candidates) {
  const seen = new Set();
  const docs = [];
  // Of two files with one name (two versions of a package), the older first: by path, with the
  // numbers in it compared as numbers (`x@2.2.3` before `x@10.0.0`), whatever order the
  // file system listed them in.
  const byVersion = new Intl.Collator('en', { numeric: true });
  const ordered = candidates.sort(
    (a, b) => compare(a.name, b.name) || byVersion.compare(a.file, b.file),
  );
  for (const doc of ordered) {
    const text = readFileSync(doc.file, 'utf8');
    const hash = digest(text);
    if (text.trim() === '' || seen.has(hash)) continue;
    seen.add(hash);
    docs.push({ ...doc, bytes: Buffer.byteLength(text) });
  }
  return docs;
}

/** Take documents in a stable pseudo-random order until `maxBytes`, so a cap samples evenly. */
function sample(docs, maxBytes) {
  const taken = [];
  let total = 0;
  for (const doc of [...docs].sort((a, b) => compare(digest(a.name), digest(b.name)))) {
    if (total + doc.bytes > maxBytes) continue;
    taken.push(doc);
    total += doc.bytes;
  }
  return taken.sort((a, b) => compare(a.name, b.name));
}

function digest(text) {
  return createHash('sha1').update(text).digest('hex');
}

function compare(a, b) {
  return a < b ? -1 : a > b ? 1 : 0;
}
