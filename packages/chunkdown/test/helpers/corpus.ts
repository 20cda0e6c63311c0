import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface Document {
  name: string;
  text: string;
}

/**
 * The markdown files that ship inside the workspace's `node_modules` (READMEs, changelogs, docs
 * of the dependencies): real documents written elsewhere, present in every clean install.
 * Deduplicated by content, sorted by name, each at most `maxBytes`.
 */
export function installedMarkdown(maxBytes = 80_000): Document[] {
  const store = new URL('../../../../node_modules/.pnpm/', import.meta.url).pathname;
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
      } else if (/\.(md|markdown)$/i.test(entry) && stats.size > 0 && stats.size <= maxBytes) {
        const text = readFileSync(path, 'utf8');
        const hash = createHash('sha1').update(text).digest('hex');
        if (seen.has(hash)) continue;
        seen.add(hash);
        documents.push({ name: path.slice(store.length), text });
      }
    }
  };
  walk(store, 0);
  return documents.sort((a, b) => (a.name < b.name ? -1 : 1));
}
