/**
 * Real documents: the markdown that ships inside `node_modules`, and folders given with `--corpus`.
 *
 * A document is a descriptor `{ name, file, bytes }`; the child process reads the file itself.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { glob } from 'tinyglobby';

const markdown = ['**/*.md', '**/*.markdown'];

/**
 * The markdown files installed in the workspace's `node_modules` (pnpm keeps every package under
 * `node_modules/.pnpm`), deduplicated by content and capped at `maxBytes`.
 *
 * @param {string} root Workspace root.
 * @param {number} maxBytes Cap on the total size; a stable pseudo-random sample is taken above it.
 * @returns Document descriptors sorted by name.
 */
export async function nodeModulesDocuments(root, maxBytes) {
  const files = await glob(markdown, {
    cwd: path.join(root, 'node_modules'),
    absolute: true,
    dot: true,
    followSymbolicLinks: false,
    caseSensitiveMatch: false,
  });
  // `…/node_modules/.pnpm/x@1.0.0/node_modules/x/README.md` is named `x/README.md`.
  const named = files.map((file) => ({ name: file.split('/node_modules/').pop(), file }));
  return sample(unique(named), maxBytes);
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
  for (const doc of candidates.sort((a, b) => compare(a.name, b.name))) {
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
