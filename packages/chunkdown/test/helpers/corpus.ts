import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, join, relative } from 'node:path';

export interface Document {
  name: string;
  text: string;
}

/** Whether the long runs are asked for (`FULL=1`): every document instead of the pinned sample. */
export const full = process.env.FULL === '1';

/**
 * Dependencies installed for the benchmark's peers only (mastra's RAG package pulls in some 150
 * packages and 700 markdown files, most of them mastra's own docs): the packages only they bring
 * are not part of the corpus, so it stays the documents it was (`bench/corpus.mjs` leaves out
 * the same).
 */
export const benchmarkOnlyDependencies = ['@mastra/rag', '@mastra/core', 'zod'];

/**
 * The markdown files that ship inside the workspace's `node_modules` (READMEs, changelogs, docs
 * of the dependencies): real documents written elsewhere, present in every clean install.
 * Deduplicated by content, sorted by name, each at most `maxBytes`. Packages that only
 * {@link benchmarkOnlyDependencies} bring are left out.
 */
export function installedMarkdown(maxBytes = 80_000): Document[] {
  const workspace = new URL('../../../../', import.meta.url).pathname;
  const store = join(workspace, 'node_modules/.pnpm/');
  const kept = corpusPackages(workspace);
  return markdownUnder(store, maxBytes, '', (entry) => kept.has(entry));
}

/**
 * The folders of `node_modules/.pnpm` (one per installed package version) that the workspace's
 * dependencies reach without {@link benchmarkOnlyDependencies}: from the links in each
 * project's `node_modules` (the root, `packages/*`, `www`), following each package's links to
 * its own dependencies.
 */
function corpusPackages(workspace: string): Set<string> {
  const store = join(workspace, 'node_modules/.pnpm');
  const entryOf = (link: string) => {
    const real = relative(store, realpathSync(link));
    return real.startsWith('..') ? undefined : real.split('/')[0];
  };
  const links = (folder: string, skip: readonly string[]) =>
    list(folder)
      .flatMap((name) =>
        name.startsWith('@')
          ? list(join(folder, name)).map((inner) => `${name}/${inner}`)
          : name.startsWith('.')
            ? []
            : [name],
      )
      .filter((name) => !skip.includes(name))
      .map((name) => join(folder, name));
  const projects = [
    workspace,
    join(workspace, 'www'),
    ...list(join(workspace, 'packages')).map((name) => join(workspace, 'packages', name)),
  ];
  const queue = projects.flatMap((project) =>
    links(join(project, 'node_modules'), benchmarkOnlyDependencies),
  );
  const kept = new Set<string>();
  for (let link = queue.pop(); link !== undefined; link = queue.pop()) {
    let entry: string | undefined;
    try {
      entry = entryOf(link);
    } catch {
      continue;
    }
    if (entry === undefined || kept.has(entry)) continue;
    kept.add(entry);
    queue.push(...links(join(store, entry, 'node_modules'), []));
  }
  return kept;
}

function list(folder: string): string[] {
  try {
    return readdirSync(folder);
  } catch {
    return [];
  }
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

function markdownUnder(
  root: string,
  maxBytes: number,
  prefix = '',
  keep: (entry: string) => boolean = () => true,
): Document[] {
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
      if (depth === 0 && !keep(entry)) continue;
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
