import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const store = fileURLToPath(new URL('../../../node_modules/.pnpm/', import.meta.url));

/**
 * A real document of `size` characters: the markdown files installed under `node_modules`
 * (READMEs, changelogs and docs of the dependencies, written elsewhere), deduplicated by content,
 * in name order, joined and cut at `size`. The same install gives the same document.
 *
 * @param size Length in UTF-16 code units.
 * @returns The document.
 */
export function largeDocument(size = 1_000_000): string {
  const files: string[] = [];
  const walk = (directory: string, depth: number) => {
    let entries: string[];
    try {
      entries = readdirSync(directory).sort();
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
      } else if (/\.(md|markdown)$/i.test(entry) && stats.size > 0 && stats.size <= 80_000) {
        files.push(path);
      }
    }
  };
  walk(store, 0);
  const seen = new Set<string>();
  let text = '';
  for (const file of files) {
    const content = readFileSync(file, 'utf8').replace(/\r\n?/g, '\n');
    const hash = createHash('sha1').update(content).digest('hex');
    if (seen.has(hash)) continue;
    seen.add(hash);
    text += `${content.trimEnd()}\n\n`;
    if (text.length >= size) break;
  }
  if (text.length < size)
    throw new Error(`node_modules holds only ${text.length} characters of markdown`);
  return text.slice(0, size);
}
