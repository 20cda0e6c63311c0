import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

export interface Document {
  name: string;
  text: string;
}

/** Whether the long runs are asked for (`FULL=1`): every document instead of the pinned sample. */
export const full = process.env.FULL === '1';

/**
 * The markdown files that ship inside the workspace's `node_modules` (READMEs, changelogs, docs
 * of the dependencies): real documents written elsewhere, present in every clean install.
 * Deduplicated by content, sorted by name, each at most `maxBytes`.
 */
export function installedMarkdown(maxBytes = 80_000): Document[] {
  const store = new URL('../../../../node_modules/.pnpm/', import.meta.url).pathname;
  return markdownUnder(store, maxBytes);
}

/**
 * The real documents the invariant runs use: by default a pinned sample of the `node_modules`
 * markdown (one in ten, about 40 documents, picked by a hash of the path inside its package, so
 * the sample does not move when a dependency changes version); with `FULL=1` all of them (about
 * 400), plus every markdown file
 * under the folders listed in `CHUNKDOWN_CORPORA` (separated by `:`; e.g. the shared corpora of a
 * development machine, which a clone of the repository does not have).
 *
 * @returns
 *   Documents, sorted by name.
 */
export function realDocuments(): Document[] {
  const installed = installedMarkdown();
  if (!full) return installed.filter((document) => inSample(document.name));
  const extra = (process.env.CHUNKDOWN_CORPORA ?? '')
    .split(':')
    .filter((folder) => folder !== '' && existsSync(folder))
    .flatMap((folder) => markdownUnder(folder, 2_000_000, `${basename(folder)}/`));
  return [...installed, ...extra];
}

/** Whether a document is in the pinned sample: its version-free path hashes into bucket 0 of 10. */
export function inSample(name: string): boolean {
  const key = name.slice(name.lastIndexOf('node_modules/') + 'node_modules/'.length);
  return (createHash('sha1').update(key).digest()[0] as number) % 10 === 0;
}

function markdownUnder(root: string, maxBytes: number, prefix = ''): Document[] {
  const seen = new Set<string>();
  const documents: Document[] = [];
  const walk = (directory: string, depth: number) => {
    let entries: string[];
    try {
      entries = readdirSync(directory);
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(directory, entry);
      let stats: ReturnType<typeof statSync>;
      try {
        stats = statSync(path);
      } catch {
        continue;
      }
      if (stats.isDirectory()) {
        if (depth < 8 && entry !== '.bin') walk(path, depth + 1);
      } else if (/\.(md|mdx|markdown)$/i.test(entry) && stats.size > 0 && stats.size <= maxBytes) {
        const text = readFileSync(path, 'utf8');
        const hash = createHash('sha1').update(text).digest('hex');
        if (seen.has(hash)) continue;
        seen.add(hash);
        documents.push({ name: prefix + relative(root, path), text });
      }
    }
  };
  walk(root, 0);
  return documents.sort((a, b) => (a.name < b.name ? -1 : 1));
}
